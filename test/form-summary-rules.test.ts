// The §3 form submission summary: each field type's display, HTML escaping, 'N/A' for empty values and masked
// passwords.
import { describe, expect, it } from 'vitest';
import { displayValue, EMPTY_VALUE, escapeHtml, formatSummary, MASKED_FIELD, maskPasswords, summaryLines } from '../shared/form-summary.ts';
import type { FieldValue } from '../shared/form-values.ts';
import type { FormField, FormFieldType } from '../shared/snapshot/schema.ts';

const field = (type: FormFieldType, extra: Partial<FormField> = {}): FormField => ({
  id: type,
  type,
  rawTitle: type,
  title: type,
  required: false,
  ...extra,
});

describe('displayValue', () => {
  it.each<[string, FormField, FieldValue | undefined, string]>([
    ['name: First Last', field('name'), { First: 'Ada', Last: 'Lovelace' }, 'Ada Lovelace'],
    ['name with only a first name', field('name'), { First: 'Ada', Last: '' }, 'Ada'],
    [
      'phone: +Country Areacode-Prefix-Line',
      field('phone'),
      { Country: '44', Areacode: '20', Prefix: '794', Line: '6000' },
      '+44 20-794-6000',
    ],
    ['phone without a country', field('phone'), { Country: '', Areacode: '555', Prefix: '123', Line: '4567' }, '555-123-4567'],
    ['an empty phone', field('phone'), { Country: '', Areacode: '', Prefix: '', Line: '' }, ''],
    [
      'address part by part, Line2 optional',
      field('address'),
      { Line1: '1 Main St', Line2: '', City: 'Kendal', State: 'Cumbria', Zip: 'LA9 4QR', Country: 'UK' },
      '1 Main St, Kendal, Cumbria, LA9 4QR, UK',
    ],
    [
      'address with Line2',
      field('address'),
      { Line1: '1 Main St', Line2: 'Flat 2', City: 'Kendal', State: 'Cumbria', Zip: 'LA9', Country: 'UK' },
      '1 Main St, Flat 2, Kendal, Cumbria, LA9, UK',
    ],
    ['date: Month/Day/Year', field('date'), { Month: '5', Day: '16', Year: '2027' }, '5/16/2027'],
    ['time: Hour:Minute:Second Ampm', field('time'), { Hour: '9', Minute: '5', Second: '30', Ampm: 'PM' }, '09:05:30 PM'],
    ['time with 00 defaults', field('time'), { Hour: '11', Minute: '', Second: '', Ampm: 'AM' }, '11:00:00 AM'],
    ['an empty time', field('time'), { Hour: '', Minute: '', Second: '', Ampm: 'AM' }, ''],
    ["checkboxes joined by ', '", field('checkbox'), ['Tripod', 'Filters'], 'Tripod, Filters'],
    [
      'likert by its labels',
      field('likert', { questions: ['Q1', 'Q2', 'Q3', 'Q4', 'Q5'] }),
      [-2, -1, 0, 1, 2],
      'Q1: Strongly Disagree; Q2: Disagree; Q3: Neutral; Q4: Agree; Q5: Strongly Agree',
    ],
    ['likert half answered', field('likert', { questions: ['Q1', 'Q2'] }), [1, null], 'Q1: Agree; Q2: N/A'],
    ['likert unanswered', field('likert', { questions: ['Q1'] }), [null], ''],
    ['a password, masked', field('password'), 'hunter2', MASKED_FIELD],
    ['an empty password', field('password'), '', ''],
    ['text as it is', field('text'), 'a < b', 'a < b'],
    ['a missing value', field('text'), undefined, ''],
  ])('%s', (_, f, value, shown) => {
    expect(displayValue(f, value)).toBe(shown);
  });
});

describe('the summary', () => {
  const fields = [
    field('section', { rawTitle: 'About you' }),
    field('text', { rawTitle: 'Your <b>story</b>' }),
    field('email', { rawTitle: 'Email' }),
    field('password', { rawTitle: 'Code' }),
  ];

  it("gives each field its rawTitle and value, HTML-escaped, 'N/A' when empty, skipping sections", () => {
    const values = { text: `Fog & "still" water <script>alert('x')</script>`, email: '', password: 'secret' };
    expect(summaryLines(fields, values)).toEqual([
      {
        title: 'Your &lt;b&gt;story&lt;/b&gt;',
        value: 'Fog &amp; &quot;still&quot; water &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;',
      },
      { title: 'Email', value: EMPTY_VALUE },
      { title: 'Code', value: MASKED_FIELD },
    ]);
    expect(formatSummary(fields, values)).toBe(
      'Your &lt;b&gt;story&lt;/b&gt;: Fog &amp; &quot;still&quot; water &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;\nEmail: N/A\nCode: __MASKED_FIELD__',
    );
  });

  it('masks password values for storage and leaves the rest', () => {
    expect(maskPasswords(fields, { text: 'kept', password: 'secret' })).toEqual({ text: 'kept', password: MASKED_FIELD });
    expect(maskPasswords(fields, { password: '' })).toEqual({ password: '' });
  });

  it.each([
    ['&', '&amp;'],
    ['<>', '&lt;&gt;'],
    [`"'`, '&quot;&#39;'],
    ['&amp;', '&amp;amp;'],
  ])('escapes %s as %s', (text, escaped) => {
    expect(escapeHtml(text)).toBe(escaped);
  });
});
