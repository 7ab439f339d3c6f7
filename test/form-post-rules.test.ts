// The pure rules a visitor form runs on, table-driven: §5 values read from a form's posted pairs (the same in the
// browser and at the no-script endpoint), §8's message for each outcome, the part rules the inputs and the checks share,
// and the §4 popup overlay rule over its local-storage record.
import { describe, expect, it } from 'vitest';
import { collectValues, hiddenFieldValue, likertName, partName, postedEnvelope } from '../shared/form-post.ts';
import { checkSubmission, FIELD_PARTS, FORM_MESSAGES, PART_RULES, submissionFailure, validationFailure } from '../shared/form-values.ts';
import { popupShowsFor, readPopupRecord, type PopupRecord } from '../shared/overlays.ts';
import type { FormField, FormFieldType } from '../shared/snapshot/schema.ts';

function field(id: string, type: FormFieldType, extra: Partial<FormField> = {}): FormField {
  return { id, type, rawTitle: id, title: id, required: false, ...extra };
}

const FIELDS: FormField[] = [
  field('sec', 'section'),
  field('who', 'name'),
  field('tel', 'phone'),
  field('level', 'radio', { options: ['A', 'B'] }),
  field('kit', 'checkbox', { options: ['Tripod', 'Filters', 'Lens'] }),
  field('agree', 'likert', { questions: ['Q1', 'Q2', 'Q3'] }),
  field('source', 'hidden', { title: 'Source', value: 'own' }),
  field('when', 'time'),
  field('note', 'textarea'),
];

const collect = (pairs: [string, string][], query = '') => collectValues(FIELDS, pairs, new URLSearchParams(query));

describe('§5 form submission values from posted pairs', () => {
  it.each<[string, [string, string][], string, string, unknown]>([
    [
      'a name as its parts in §3 order',
      [
        [partName('who', 'Last'), 'Lovelace'],
        [partName('who', 'First'), 'Ada'],
      ],
      '',
      'who',
      ['Ada', 'Lovelace'],
    ],
    [
      'a phone with 3 parts gets an empty country part prepended',
      [
        [partName('tel', 'Areacode'), '555'],
        [partName('tel', 'Prefix'), '123'],
        [partName('tel', 'Line'), '4567'],
      ],
      '',
      'tel',
      ['', '555', '123', '4567'],
    ],
    [
      'a phone with 4 parts keeps them',
      [
        [partName('tel', 'Country'), '44'],
        [partName('tel', 'Areacode'), '20'],
        [partName('tel', 'Prefix'), '794'],
        [partName('tel', 'Line'), '6000'],
      ],
      '',
      'tel',
      ['44', '20', '794', '6000'],
    ],
    [
      'a radio takes the first checked value',
      [
        ['level', 'B'],
        ['level', 'A'],
      ],
      '',
      'level',
      'B',
    ],
    [
      'checkboxes take every checked value',
      [
        ['kit', 'Tripod'],
        ['kit', 'Lens'],
      ],
      '',
      'kit',
      ['Tripod', 'Lens'],
    ],
    ['no checkbox checked is an empty list', [], '', 'kit', []],
    [
      'likert: one answer per statement, null when none',
      [
        [likertName('agree', 0), '2'],
        [likertName('agree', 2), '-1'],
      ],
      '',
      'agree',
      [2, null, -1],
    ],
    ['a hidden field takes the query parameter of its name', [['source', 'own']], 'source=newsletter', 'source', 'newsletter'],
    ['a hidden field takes the parameter of its title too', [['source', 'own']], 'Source=letter', 'source', 'letter'],
    ['a hidden field keeps its own value without one', [], '', 'source', 'own'],
    [
      'a time as its parts',
      [
        [partName('when', 'Hour'), '7'],
        [partName('when', 'Ampm'), 'PM'],
      ],
      '',
      'when',
      ['7', '', '', 'PM'],
    ],
    ['text as typed', [['note', '  hello  ']], '', 'note', '  hello  '],
  ])('%s', (_name, pairs, query, id, expected) => {
    expect(collect(pairs, query)[id]).toEqual(expected);
  });

  it('skips section items and ignores what the form does not have', () => {
    const values = collect([
      ['sec', 'x'],
      ['@formId', 'f'],
      ['other', 'y'],
    ]);
    expect(Object.keys(values).sort()).toEqual(['agree', 'kit', 'level', 'note', 'source', 'tel', 'when', 'who']);
  });

  it('drops anything that is not text (a file)', () => {
    expect(collectValues(FIELDS, [['note', new Blob(['x']) as unknown as string]]).note).toBe('');
  });

  it('reads the hidden field the server renders the same way', () => {
    expect(hiddenFieldValue(FIELDS[6]!, new URLSearchParams('source=newsletter'))).toBe('newsletter');
    expect(hiddenFieldValue(FIELDS[6]!, new URLSearchParams(''))).toBe('own');
  });

  it('reads the envelope and ignores its own names among the fields', () => {
    const pairs = new Map([
      ['@formId', 'form-1'],
      ['@objectName', 'block-1'],
      ['@collectionId', 'page-1'],
      ['@isOverlayForm', 'true'],
      ['@return', '/contact?x=1'],
    ]);
    expect(postedEnvelope((n) => pairs.get(n))).toEqual({
      formId: 'form-1',
      objectName: 'block-1',
      collectionId: 'page-1',
      isOverlayForm: true,
      returnTo: '/contact?x=1',
    });
    expect(postedEnvelope(() => undefined).isOverlayForm).toBe(false);
  });

  it('gives values that the edge checks pass', () => {
    const r = checkSubmission(
      FIELDS,
      collect([
        [partName('who', 'First'), 'Ada'],
        [partName('who', 'Last'), 'Lovelace'],
        [partName('tel', 'Areacode'), '555'],
        [partName('tel', 'Prefix'), '123'],
        [partName('tel', 'Line'), '4567'],
        ['level', 'A'],
        [likertName('agree', 1), '0'],
      ]),
    );
    expect(r.ok).toBe(true);
  });
});

describe('§8 form submission messages by outcome', () => {
  it.each<[string, number, unknown, string]>([
    ['401', 401, { error: 'Unauthorized request' }, 'Unable to submit form. Please try again later.'],
    ['404', 404, { error: 'No site is published at this host.' }, 'This form has not been configured yet.'],
    ['429', 429, { error: 'x' }, 'Unable to submit form. Submission rate limit exceeded. Please try again later.'],
    ['500', 500, null, 'Unable to send form. Please try again later.'],
    ['400 with errors', 400, { errors: { a: 'A is required.' } }, 'Your form has encountered a problem. Please scroll down to review.'],
    [
      'another status with the server’s text',
      400,
      { error: 'This form submission key has expired.' },
      'This form submission key has expired.',
    ],
    ['another status without text', 503, null, 'Unknown error, please try again later.'],
    ['no answer at all (a missing key, the network)', 0, null, 'Unknown error, please try again later.'],
    ['a crumb refused twice', 403, { crumbFail: true, crumb: 'x' }, 'Unknown error, please try again later.'],
  ])('%s', (_name, status, body, message) => {
    expect(submissionFailure(status, body).message).toBe(message);
  });

  it('keeps the field errors of a 400', () => {
    expect(submissionFailure(400, { errors: { a: 'A is required.', b: 5 } }).errors).toEqual({ a: 'A is required.' });
  });

  it("gives the browser's own check the same notice", () => {
    expect(validationFailure({ a: 'x' })).toEqual({ message: FORM_MESSAGES.problemTop, errors: { a: 'x' } });
  });
});

describe('part rules', () => {
  it('name every part of every multi-part field, and nothing else', () => {
    for (const [type, parts] of Object.entries(FIELD_PARTS)) {
      expect(Object.keys(PART_RULES[type as keyof typeof FIELD_PARTS])).toEqual([...parts]);
    }
  });

  it.each<[string, FormFieldType, unknown, boolean]>([
    ['a phone part longer than its rule', 'phone', ['1', '5555', '123', '4567'], false],
    ['a phone without its optional country', 'phone', ['', '555', '123', '4567'], true],
    ['a phone part with letters', 'phone', ['', '55a', '123', '4567'], false],
    ['a date with a 2-digit year', 'date', ['5', '16', '27'], false],
    ['a date of 3 digits in the month', 'date', ['005', '16', '2027'], false],
    ['a time without minutes and seconds', 'time', ['9', '', '', 'AM'], true],
    ['an address without its optional second line', 'address', ['1 Main St', '', 'Kendal', 'Cumbria', 'LA9', 'UK'], true],
    ['an address without a city', 'address', ['1 Main St', '', '', 'Cumbria', 'LA9', 'UK'], false],
  ])('%s → %s', (_name, type, value, ok) => {
    expect(checkSubmission([field('f', type)], { f: value }).ok).toBe(ok);
  });
});

describe('§4 popup overlay: the visitor part', () => {
  const DAY = 86_400_000;
  const NOW = Date.UTC(2027, 0, 20);
  const settings = { version: 3, showUntilSignup: false, displayFrequency: 7 };
  it.each<[string, typeof settings, PopupRecord | null, boolean]>([
    ['no stored record', settings, null, true],
    ['a record of an older version', settings, { version: 2, submitted: true, 'date-closed': NOW }, true],
    ['a record of this version, never closed', settings, { version: 3, submitted: false }, true],
    ['closed less than displayFrequency days ago', settings, { version: 3, submitted: false, 'date-closed': NOW - 6 * DAY }, false],
    [
      'closed exactly displayFrequency days ago (not yet past)',
      settings,
      { version: 3, submitted: false, 'date-closed': NOW - 7 * DAY },
      false,
    ],
    ['closed more than displayFrequency days ago', settings, { version: 3, submitted: false, 'date-closed': NOW - 7 * DAY - 1 }, true],
    [
      'displayFrequency -1: never again after a close',
      { ...settings, displayFrequency: -1 },
      { version: 3, submitted: false, 'date-closed': NOW - 900 * DAY },
      false,
    ],
    [
      'signed up with showUntilSignup: hidden for good',
      { ...settings, showUntilSignup: true },
      { version: 3, submitted: true, 'date-closed': NOW - 900 * DAY },
      false,
    ],
    ['signed up without showUntilSignup: the close rule', settings, { version: 3, submitted: true, 'date-closed': NOW - 8 * DAY }, true],
    ['a newer settings version after a signup', { ...settings, version: 4, showUntilSignup: true }, { version: 3, submitted: true }, true],
  ])('%s → %s', (_name, s, record, expected) => {
    expect(popupShowsFor(s, record, NOW)).toBe(expected);
  });

  it.each<[string, string | null, PopupRecord | null]>([
    ['nothing stored', null, null],
    ['not JSON', '{oops', null],
    ['no version', '{"submitted":true}', null],
    ['a record', '{"version":2,"submitted":true,"date-closed":5}', { version: 2, submitted: true, 'date-closed': 5 }],
    ['a record with a bad date', '{"version":2,"date-closed":"x"}', { version: 2, submitted: false, 'date-closed': undefined }],
  ])('reads %s', (_name, text, expected) => {
    expect(readPopupRecord(text)).toEqual(expected);
  });
});
