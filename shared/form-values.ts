// Form submission values (§3, §5, §8): the shape each field type takes on the wire, the checks the edge makes against
// the form's fields, the per-field messages of a 400 {errors} answer and the status messages the client shows.
import type { FormField, FormFieldType } from './snapshot/schema.ts';

/** §8: what the client shows for each outcome of SaveFormSubmission. */
export const FORM_MESSAGES = {
  unauthorized: 'Unable to submit form. Please try again later.',
  notConfigured: 'This form has not been configured yet.',
  rateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  serverError: 'Unable to send form. Please try again later.',
  problemTop: 'Your form has encountered a problem. Please scroll down to review.',
  problemBottom: 'Your form has encountered a problem. Please scroll up to review.',
  unknown: 'Unknown error, please try again later.',
  clientException: 'Error processing form submission. Please reload and try again.',
} as const;

/** The message shown above a field in error; `title` is the field's title as the visitor sees it. */
export const FIELD_MESSAGES = {
  required: (title: string) => `${title} is required.`,
  invalid: (title: string) => `${title} is not valid.`,
  tooLong: (title: string) => `${title} is too long.`,
  email: (title: string) => `${title} must be a valid email address.`,
  website: (title: string) => `${title} must be a valid website address.`,
  number: (title: string) => `${title} must be a number.`,
  choice: (title: string) => `${title} must be one of the listed options.`,
  name: (title: string) => `${title} needs a first and a last name.`,
  phone: (title: string) => `${title} must be a valid phone number.`,
  address: (title: string) => `${title} needs a street address, city, state, zip code and country.`,
  date: (title: string) => `${title} must be a valid date.`,
  time: (title: string) => `${title} must be a valid time.`,
  likert: (title: string) => `${title} needs an answer from Strongly Disagree to Strongly Agree for every statement.`,
} as const;

/** The parts of the multi-part fields, in the order of §3's submission summary (and of an array value). */
export const FIELD_PARTS = {
  name: ['First', 'Last'],
  phone: ['Country', 'Areacode', 'Prefix', 'Line'],
  address: ['Line1', 'Line2', 'City', 'State', 'Zip', 'Country'],
  date: ['Month', 'Day', 'Year'],
  time: ['Hour', 'Minute', 'Second', 'Ampm'],
} as const satisfies Partial<Record<FormFieldType, readonly string[]>>;
export type PartsFieldType = keyof typeof FIELD_PARTS;

/** A multi-part field's value: each part by its §3 name. */
export type PartsValue = Record<string, string>;
/** A likert field's value: one answer per question, -2..2, null when unanswered. */
export type LikertValue = (number | null)[];
/** A field's value as stored: a string, the checked boxes, the parts, or the likert answers. */
export type FieldValue = string | string[] | PartsValue | LikertValue;
export type FormValues = Record<string, FieldValue>;

/** The longest value one field may carry. */
export const MAX_FIELD_VALUE_LENGTH = 10_000;

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const WEBSITE = /^(https?:\/\/)?[^\s/?#.]+(\.[^\s/?#.]+)+([/?#]\S*)?$/i;
const NUMBER = /^-?\d+(\.\d+)?$/;
const DIGITS = /^\d+$/;
/** The phone parts' lengths, as the form block's inputs allow them. */
const PHONE_MAX: Record<string, number> = { Country: 3, Areacode: 3, Prefix: 3, Line: 4 };

export function isPartsField(type: FormFieldType): type is PartsFieldType {
  return type in FIELD_PARTS;
}

export type SubmissionCheck = { ok: true; values: FormValues } | { ok: false; errors: Record<string, string> };

class FieldError extends Error {}

function scalar(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  throw new FieldError('invalid');
}

/** A multi-part value from an array in §3 order or an object keyed by part name; §5: 3 phone parts get an empty country. */
function partsOf(type: PartsFieldType, value: unknown): PartsValue {
  const names: readonly string[] = FIELD_PARTS[type];
  const out: PartsValue = {};
  if (value === undefined || value === null || value === '') {
    for (const n of names) out[n] = '';
    return out;
  }
  if (Array.isArray(value)) {
    const list = type === 'phone' && value.length === 3 ? ['', ...value] : value;
    if (list.length !== names.length) throw new FieldError('invalid');
    names.forEach((n, i) => (out[n] = scalar(list[i]).trim()));
    return out;
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) if (!names.includes(key)) throw new FieldError('invalid');
    for (const n of names) out[n] = scalar(record[n]).trim();
    return out;
  }
  throw new FieldError('invalid');
}

function likertOf(field: FormField, value: unknown): LikertValue {
  const questions = field.questions ?? [];
  const answer = (v: unknown): number | null => {
    if (v === undefined || v === null || v === '') return null;
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d$/.test(v.trim()) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < -2 || n > 2) throw new FieldError('likert');
    return n;
  };
  if (value === undefined || value === null || value === '') return questions.map(() => null);
  if (Array.isArray(value)) {
    if (value.length !== questions.length) throw new FieldError('invalid');
    return value.map(answer);
  }
  if (typeof value === 'object') {
    // keyed by question index ("0", "1", ...) or by the statement itself
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (!questions.includes(key) && !(DIGITS.test(key) && Number(key) < questions.length)) throw new FieldError('invalid');
    }
    return questions.map((q, i) => answer(record[String(i)] ?? record[q]));
  }
  throw new FieldError('invalid');
}

function checkboxOf(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  return [...new Set(list.map((v) => scalar(v).trim()).filter(Boolean))];
}

function validDate(month: number, day: number, year: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

const filled = (parts: PartsValue, names: readonly string[]) => names.some((n) => parts[n] !== '');

/** One field's value, normalised, or the key of FIELD_MESSAGES it fails. */
function checkField(field: FormField, raw: unknown): FieldValue {
  const { type } = field;
  if (type === 'likert') {
    const answers = likertOf(field, raw);
    if (field.required && answers.some((a) => a === null)) throw new FieldError(answers.every((a) => a === null) ? 'required' : 'likert');
    return answers;
  }
  if (type === 'checkbox') {
    const checked = checkboxOf(raw);
    if (field.required && checked.length === 0) throw new FieldError('required');
    if (checked.some((v) => !(field.options ?? []).includes(v))) throw new FieldError('choice');
    return checked;
  }
  if (isPartsField(type)) {
    const parts = partsOf(type, raw);
    if (Object.values(parts).some((v) => v.length > MAX_FIELD_VALUE_LENGTH)) throw new FieldError('tooLong');
    checkParts(type, parts, field.required);
    return parts;
  }
  // radio: §5 the first checked value
  const text = scalar(type === 'radio' && Array.isArray(raw) ? raw[0] : type === 'hidden' && raw === undefined ? (field.value ?? '') : raw);
  if (text.length > MAX_FIELD_VALUE_LENGTH) throw new FieldError('tooLong');
  const trimmed = text.trim();
  if (trimmed === '') {
    if (field.required && type !== 'hidden') throw new FieldError('required');
    return '';
  }
  switch (type) {
    case 'email':
      if (trimmed.length > 254 || !EMAIL.test(trimmed)) throw new FieldError('email');
      return trimmed;
    case 'website':
      if (!WEBSITE.test(trimmed)) throw new FieldError('website');
      return trimmed;
    case 'number':
      if (!NUMBER.test(trimmed)) throw new FieldError('number');
      return trimmed;
    case 'select':
    case 'radio':
      if (!(field.options ?? []).includes(trimmed)) throw new FieldError('choice');
      return trimmed;
    case 'password':
    case 'hidden':
      // kept as typed: a password's spaces are part of it
      return text;
    default:
      return text;
  }
}

function checkParts(type: PartsFieldType, p: PartsValue, required: boolean): void {
  switch (type) {
    case 'name':
      if (!filled(p, ['First', 'Last'])) {
        if (required) throw new FieldError('required');
        return;
      }
      if (required && (!p.First || !p.Last)) throw new FieldError('name');
      return;
    case 'phone': {
      if (!filled(p, FIELD_PARTS.phone)) {
        if (required) throw new FieldError('required');
        return;
      }
      const country = p.Country!.replace(/^\+/, '');
      p.Country = country;
      for (const part of FIELD_PARTS.phone) {
        const v = p[part]!;
        if (part === 'Country' && v === '') continue;
        if (!DIGITS.test(v) || v.length > PHONE_MAX[part]!) throw new FieldError('phone');
      }
      return;
    }
    case 'address':
      if (!filled(p, FIELD_PARTS.address)) {
        if (required) throw new FieldError('required');
        return;
      }
      if (['Line1', 'City', 'State', 'Zip', 'Country'].some((n) => p[n] === '')) throw new FieldError('address');
      return;
    case 'date': {
      if (!filled(p, FIELD_PARTS.date)) {
        if (required) throw new FieldError('required');
        return;
      }
      const { Month = '', Day = '', Year = '' } = p;
      if (!/^\d{1,2}$/.test(Month) || !/^\d{1,2}$/.test(Day) || !/^\d{4}$/.test(Year)) throw new FieldError('date');
      if (!validDate(Number(Month), Number(Day), Number(Year))) throw new FieldError('date');
      return;
    }
    case 'time': {
      // the AM/PM select always has a value, so only the typed parts say whether a time was given
      if (!filled(p, ['Hour', 'Minute', 'Second'])) {
        if (required) throw new FieldError('required');
        return;
      }
      const { Hour = '', Minute = '', Second = '' } = p;
      const ampm = p.Ampm!.toUpperCase();
      p.Ampm = ampm;
      const inRange = (v: string, min: number, max: number) => /^\d{1,2}$/.test(v) && Number(v) >= min && Number(v) <= max;
      if (!inRange(Hour, 1, 12)) throw new FieldError('time');
      if ((Minute !== '' && !inRange(Minute, 0, 59)) || (Second !== '' && !inRange(Second, 0, 59))) throw new FieldError('time');
      if (ampm !== 'AM' && ampm !== 'PM') throw new FieldError('time');
      return;
    }
  }
}

/**
 * Checks a submission's values against the form's fields: required fields, e-mail, website and number formats, the
 * choices offered, the phone, address, date and time parts and likert answers. Section items are skipped (§5) and
 * values for ids the form does not have are ignored. Errors are keyed by field id with the message to show.
 */
export function checkSubmission(fields: readonly FormField[], input: Record<string, unknown>): SubmissionCheck {
  const values: FormValues = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (field.type === 'section') continue;
    try {
      values[field.id] = checkField(field, Object.hasOwn(input, field.id) ? input[field.id] : undefined);
    } catch (e) {
      if (!(e instanceof FieldError)) throw e;
      errors[field.id] = FIELD_MESSAGES[e.message as keyof typeof FIELD_MESSAGES](field.title);
    }
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values };
}
