// The checks SaveFormSubmission makes against a form's fields (§3, §5): each field type's accepted shapes and values,
// the required rule, and the message each failure shows.
import { describe, expect, it } from 'vitest';
import { checkSubmission, FIELD_MESSAGES, FORM_MESSAGES, type FieldValue } from '../shared/form-values.ts';
import type { FormField, FormFieldType } from '../shared/snapshot/schema.ts';

function field(type: FormFieldType, extra: Partial<FormField> = {}): FormField {
  return { id: 'f', type, rawTitle: 'Raw', title: 'Field', required: false, ...extra };
}

const check = (f: FormField, value: unknown) => checkSubmission([f], value === undefined ? {} : { f: value });
const accepted = (f: FormField, value: unknown): FieldValue | undefined => {
  const r = check(f, value);
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.errors)}`);
  return r.values.f;
};
const refused = (f: FormField, value: unknown): string | undefined => {
  const r = check(f, value);
  return r.ok ? undefined : r.errors.f;
};

describe('accepted values, normalised', () => {
  it.each<[string, FormField, unknown, FieldValue]>([
    ['text as typed', field('text'), '  Hello  ', '  Hello  '],
    ['a number as a string', field('number'), '42', '42'],
    ['a number as a number', field('number'), 3.5, '3.5'],
    ['an e-mail, trimmed', field('email'), ' ada@example.com ', 'ada@example.com'],
    ['a website without scheme', field('website'), 'example.co.uk/work', 'example.co.uk/work'],
    ['a select option', field('select', { options: ['A', 'B'] }), 'B', 'B'],
    ['§5 radio: the first checked value', field('radio', { options: ['A', 'B'] }), ['B', 'A'], 'B'],
    ['checkboxes, deduplicated', field('checkbox', { options: ['A', 'B'] }), ['A', 'B', 'A'], ['A', 'B']],
    ['one checkbox as a string', field('checkbox', { options: ['A', 'B'] }), 'A', ['A']],
    ['a name as parts', field('name'), { First: 'Ada', Last: 'Lovelace' }, { First: 'Ada', Last: 'Lovelace' }],
    ['a name as a list', field('name'), ['Ada', 'Lovelace'], { First: 'Ada', Last: 'Lovelace' }],
    [
      '§5 a phone with 3 parts gets an empty country',
      field('phone'),
      ['555', '123', '4567'],
      { Country: '', Areacode: '555', Prefix: '123', Line: '4567' },
    ],
    [
      'a phone with 4 parts, + stripped from the country',
      field('phone'),
      ['+44', '20', '794', '6000'],
      { Country: '44', Areacode: '20', Prefix: '794', Line: '6000' },
    ],
    [
      'an address without Line2',
      field('address'),
      ['1 Main St', '', 'Kendal', 'Cumbria', 'LA9', 'UK'],
      { Line1: '1 Main St', Line2: '', City: 'Kendal', State: 'Cumbria', Zip: 'LA9', Country: 'UK' },
    ],
    ['a leap day', field('date'), ['2', '29', '2028'], { Month: '2', Day: '29', Year: '2028' }],
    [
      'a time with 00 defaults left to the display',
      field('time'),
      { Hour: '9', Minute: '', Second: '', Ampm: 'pm' },
      { Hour: '9', Minute: '', Second: '', Ampm: 'PM' },
    ],
    ['likert answers by index', field('likert', { questions: ['Q1', 'Q2'] }), { 0: '2', 1: -2 }, [2, -2]],
    ['likert answers by statement', field('likert', { questions: ['Q1', 'Q2'] }), { Q2: '0' }, [null, 0]],
    ['a hidden field without a value takes its own', field('hidden', { value: 'from-snapshot' }), undefined, 'from-snapshot'],
    ['a hidden field with a query value keeps it', field('hidden', { value: 'own' }), 'from-query', 'from-query'],
    ['a password as typed', field('password'), ' s3cret ', ' s3cret '],
    [
      'an empty optional time (AM/PM alone)',
      field('time'),
      { Hour: '', Minute: '', Second: '', Ampm: 'AM' },
      { Hour: '', Minute: '', Second: '', Ampm: 'AM' },
    ],
  ])('%s', (_, f, value, expected) => {
    expect(accepted(f, value)).toEqual(expected);
  });
});

describe('refused values and their messages', () => {
  it.each<[string, FormField, unknown, string]>([
    ['a required text left empty', field('text', { required: true }), '   ', FIELD_MESSAGES.required('Field')],
    ['a required field missing', field('textarea', { required: true }), undefined, FIELD_MESSAGES.required('Field')],
    ['an e-mail without a domain', field('email'), 'ada@', FIELD_MESSAGES.email('Field')],
    ['an e-mail with a space', field('email'), 'ada lovelace@example.com', FIELD_MESSAGES.email('Field')],
    ['a website with a space', field('website'), 'not a site', FIELD_MESSAGES.website('Field')],
    ['a number with letters', field('number'), '12a', FIELD_MESSAGES.number('Field')],
    ['a select value not offered', field('select', { options: ['A'] }), 'Z', FIELD_MESSAGES.choice('Field')],
    ['a checkbox value not offered', field('checkbox', { options: ['A'] }), ['A', 'Z'], FIELD_MESSAGES.choice('Field')],
    ['a required checkbox with none checked', field('checkbox', { options: ['A'], required: true }), [], FIELD_MESSAGES.required('Field')],
    ['a required name with only a first name', field('name', { required: true }), ['Ada', ''], FIELD_MESSAGES.name('Field')],
    ['a phone part with letters', field('phone'), ['555', '12x', '4567'], FIELD_MESSAGES.phone('Field')],
    ['a phone line too long', field('phone'), ['555', '123', '45678'], FIELD_MESSAGES.phone('Field')],
    ['a phone with a missing part', field('phone'), ['', '555', '', '4567'], FIELD_MESSAGES.phone('Field')],
    ['a phone with 2 parts', field('phone'), ['555', '123'], FIELD_MESSAGES.invalid('Field')],
    ['an address without a city', field('address'), ['1 Main St', '', '', 'Cumbria', 'LA9', 'UK'], FIELD_MESSAGES.address('Field')],
    ['a required address left empty', field('address', { required: true }), ['', '', '', '', '', ''], FIELD_MESSAGES.required('Field')],
    ['30 February', field('date'), ['2', '30', '2027'], FIELD_MESSAGES.date('Field')],
    ['a two-digit year', field('date'), ['2', '3', '27'], FIELD_MESSAGES.date('Field')],
    ['hour 0', field('time'), ['0', '15', '', 'AM'], FIELD_MESSAGES.time('Field')],
    ['minute 60', field('time'), ['10', '60', '', 'AM'], FIELD_MESSAGES.time('Field')],
    ['no AM or PM', field('time'), ['10', '', '', ''], FIELD_MESSAGES.time('Field')],
    ['a likert value of 3', field('likert', { questions: ['Q1'] }), [3], FIELD_MESSAGES.likert('Field')],
    [
      'a required likert half answered',
      field('likert', { questions: ['Q1', 'Q2'], required: true }),
      [1, null],
      FIELD_MESSAGES.likert('Field'),
    ],
    ['a likert for an unknown statement', field('likert', { questions: ['Q1'] }), { Q9: 1 }, FIELD_MESSAGES.invalid('Field')],
    ['parts named wrongly', field('name'), { Given: 'Ada' }, FIELD_MESSAGES.invalid('Field')],
    ['an object for a text field', field('text'), { a: 1 }, FIELD_MESSAGES.invalid('Field')],
    ['a value over the length limit', field('textarea'), 'x'.repeat(10_001), FIELD_MESSAGES.tooLong('Field')],
  ])('%s', (_, f, value, message) => {
    expect(refused(f, value)).toBe(message);
  });

  it('skips section items and ignores ids the form does not have', () => {
    const r = checkSubmission([field('section'), { ...field('text'), id: 't' }], { f: 'anything', t: 'ok', stray: 'x' });
    expect(r).toEqual({ ok: true, values: { t: 'ok' } });
  });

  it('reports every field in error at once', () => {
    const r = checkSubmission(
      [
        { ...field('text', { required: true }), id: 'a', title: 'A' },
        { ...field('email'), id: 'b', title: 'B' },
      ],
      { b: 'x' },
    );
    expect(r).toEqual({ ok: false, errors: { a: 'A is required.', b: 'B must be a valid email address.' } });
  });
});

describe('§8 form submission messages', () => {
  it('are the catalogue’s', () => {
    expect(FORM_MESSAGES).toEqual({
      unauthorized: 'Unable to submit form. Please try again later.',
      notConfigured: 'This form has not been configured yet.',
      rateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
      serverError: 'Unable to send form. Please try again later.',
      problemTop: 'Your form has encountered a problem. Please scroll down to review.',
      problemBottom: 'Your form has encountered a problem. Please scroll up to review.',
      unknown: 'Unknown error, please try again later.',
      clientException: 'Error processing form submission. Please reload and try again.',
    });
  });
});
