// Form submission values (§3, §5, §8): the shape each field type takes on the wire, the checks the edge makes against
// the form's fields, the per-field messages of a 400 {errors} answer and the status messages the client shows.
import { addressRules, isPhoneNumber, type AddressRules } from './address-rules.ts';
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
  /** the address message of a country whose region or postal code is called otherwise (shared/address-rules.ts) */
  addressOf: (title: string, rules: AddressRules) => {
    const parts = ['a street address', 'city'];
    if (rules.region.required) parts.push(rules.region.formLabel.toLowerCase());
    if (rules.postalCode.required) parts.push(rules.postalCode.formLabel.toLowerCase());
    return `${title} needs ${parts.join(', ')} and country.`;
  },
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

/** What one part of a multi-part field accepts: its longest value, digits only, and whether it may stay empty. */
export interface PartRule {
  maxLength?: number;
  digits?: boolean;
  /** may stay empty when the field is filled in (a phone's country, an address's second line, a time's seconds) */
  optional?: boolean;
}

/**
 * The rules of every part, in one table: the form block's inputs take their maxlength and numeric keyboard from it,
 * and checkSubmission (in the browser before a round trip, and at the edge) checks values against it.
 */
export const PART_RULES: { readonly [T in PartsFieldType]: Readonly<Record<(typeof FIELD_PARTS)[T][number], PartRule>> } = {
  name: { First: {}, Last: {} },
  phone: {
    Country: { maxLength: 3, digits: true, optional: true },
    Areacode: { maxLength: 3, digits: true },
    Prefix: { maxLength: 3, digits: true },
    Line: { maxLength: 4, digits: true },
  },
  address: { Line1: {}, Line2: { optional: true }, City: {}, State: {}, Zip: {}, Country: {} },
  date: { Month: { maxLength: 2, digits: true }, Day: { maxLength: 2, digits: true }, Year: { maxLength: 4, digits: true } },
  time: {
    Hour: { maxLength: 2, digits: true },
    Minute: { maxLength: 2, digits: true, optional: true },
    Second: { maxLength: 2, digits: true, optional: true },
    Ampm: {},
  },
};

/** The one control of a phone asked as one number (shared/address-rules.ts): its §3 Line part holds the number. */
export const SINGLE_PHONE_PART = 'Line';
const SINGLE_PHONE_RULE: PartRule = { maxLength: 30 };

/** The rule of one part of a field type, in a country's address and phone shapes (§5's US shapes by default). */
export function partRule(type: PartsFieldType, part: string, rules?: AddressRules): PartRule {
  const rule = (PART_RULES[type] as Record<string, PartRule>)[part] ?? {};
  if (!rules) return rule;
  if (type === 'address' && part === 'State') return { ...rule, optional: !rules.region.required };
  if (type === 'address' && part === 'Zip') return { ...rule, optional: !rules.postalCode.required };
  if (type === 'phone' && rules.phone === 'single') return part === SINGLE_PHONE_PART ? SINGLE_PHONE_RULE : { optional: true };
  return rule;
}

/** The parts a field asks for as controls: a phone asked as one number has one. */
export function partsShown(type: PartsFieldType, rules?: AddressRules): readonly string[] {
  return type === 'phone' && rules?.phone === 'single' ? [SINGLE_PHONE_PART] : FIELD_PARTS[type];
}

/** A multi-part field's value: each part by its §3 name. */
export type PartsValue = Record<string, string>;
/** A likert field's value: one answer per question, -2..2, null when unanswered. */
export type LikertValue = (number | null)[];
/** A field's value as stored: a string, the checked boxes, the parts, or the likert answers. */
export type FieldValue = string | string[] | PartsValue | LikertValue;
export type FormValues = Record<string, FieldValue>;

/** The longest value one field may carry. */
export const MAX_FIELD_VALUE_LENGTH = 10_000;
/** RFC 5321's longest e-mail address. */
export const EMAIL_MAX_LENGTH = 254;

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const WEBSITE = /^(https?:\/\/)?[^\s/?#.]+(\.[^\s/?#.]+)+([/?#]\S*)?$/i;
const NUMBER = /^-?\d+(\.\d+)?$/;
const DIGITS = /^\d+$/;

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
    names.forEach((n, i) => {
      out[n] = scalar(list[i]).trim();
    });
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
function checkField(field: FormField, raw: unknown, rules: AddressRules): FieldValue {
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
    checkParts(type, parts, field.required, rules);
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
      if (!isEmailAddress(trimmed)) throw new FieldError('email');
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

/** Every part by its PART_RULES (in a country's shapes): given unless optional, digits where asked, within its length. */
function partsFit(type: PartsFieldType, p: PartsValue, rules?: AddressRules): boolean {
  return FIELD_PARTS[type].every((part) => {
    const rule = partRule(type, part, rules);
    const v = p[part] ?? '';
    if (v === '') return !!rule.optional;
    return (!rule.digits || DIGITS.test(v)) && (rule.maxLength === undefined || v.length <= rule.maxLength);
  });
}

/** Whether a trimmed text is an e-mail address the edge accepts. */
export function isEmailAddress(text: string): boolean {
  return text.length <= EMAIL_MAX_LENGTH && EMAIL.test(text);
}

function checkParts(type: PartsFieldType, p: PartsValue, required: boolean, rules: AddressRules): void {
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
      // one number where the country asks for one; §3's parts (as an API client may send them) are read as parts
      if (rules.phone === 'single' && !filled(p, ['Areacode', 'Prefix'])) {
        if (!partsFit('phone', p, rules) || !isPhoneNumber(p.Line!)) throw new FieldError('phone');
        return;
      }
      if (!partsFit('phone', p)) throw new FieldError('phone');
      return;
    }
    case 'address':
      if (!filled(p, FIELD_PARTS.address)) {
        if (required) throw new FieldError('required');
        return;
      }
      // the parts the country asks for; not the postal code's form, since a form's visitor may live elsewhere (its
      // country is a part they type): checkout, which knows the destination, checks that
      if (!partsFit('address', p, rules)) throw new FieldError(rules.country === 'US' ? 'address' : 'addressOf');
      return;
    case 'date': {
      if (!filled(p, FIELD_PARTS.date)) {
        if (required) throw new FieldError('required');
        return;
      }
      // a 4-digit year: the part's full length
      if (!partsFit('date', p) || p.Year!.length !== 4) throw new FieldError('date');
      if (!validDate(Number(p.Month), Number(p.Day), Number(p.Year))) throw new FieldError('date');
      return;
    }
    case 'time': {
      // the AM/PM select always has a value, so only the typed parts say whether a time was given
      if (!filled(p, ['Hour', 'Minute', 'Second'])) {
        if (required) throw new FieldError('required');
        return;
      }
      const ampm = p.Ampm!.toUpperCase();
      p.Ampm = ampm;
      if (!partsFit('time', p)) throw new FieldError('time');
      const inRange = (v: string, min: number, max: number) => v === '' || (Number(v) >= min && Number(v) <= max);
      if (!inRange(p.Hour!, 1, 12) || !inRange(p.Minute!, 0, 59) || !inRange(p.Second!, 0, 59)) throw new FieldError('time');
      if (ampm !== 'AM' && ampm !== 'PM') throw new FieldError('time');
      return;
    }
  }
}

/**
 * Checks a submission's values against the form's fields: required fields, e-mail, website and number formats, the
 * choices offered, the phone, address, date and time parts and likert answers, addresses and phones in the shapes of
 * the site's country (shared/address-rules.ts; §5's US shapes unless told; null: the rules of countries the table does
 * not name). Section items are skipped (§5) and values for ids the form does not have are ignored. Errors are keyed by
 * field id with the message to show.
 */
export function checkSubmission(
  fields: readonly FormField[],
  input: Record<string, unknown>,
  country: string | null = 'US',
): SubmissionCheck {
  const values: FormValues = {};
  const errors: Record<string, string> = {};
  const rules = addressRules(country);
  for (const field of fields) {
    if (field.type === 'section') continue;
    try {
      values[field.id] = checkField(field, Object.hasOwn(input, field.id) ? input[field.id] : undefined, rules);
    } catch (e) {
      if (!(e instanceof FieldError)) throw e;
      errors[field.id] =
        e.message === 'addressOf' ? FIELD_MESSAGES.addressOf(field.title, rules) : FIELD_MESSAGES[e.message as 'address'](field.title);
    }
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values };
}

/** What a visitor is shown when a submission fails (§8): one message, and the field errors of a 400 answer. */
export interface SubmissionFailure {
  message: string;
  /** field id → message, shown above each field's title (a 400 with errors, or the browser's own check) */
  errors?: Record<string, string>;
}

function fieldErrorsOf(body: unknown): Record<string, string> | undefined {
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return undefined;
  const out: Record<string, string> = {};
  for (const [id, message] of Object.entries(errors)) if (typeof message === 'string') out[id] = message;
  return Object.keys(out).length ? out : undefined;
}

/**
 * §8 Form submission: the message for a failed FormSubmissionKey or SaveFormSubmission answer, by its status (0: no
 * answer at all). The browser and the edge's no-script endpoint both show what this says, so a visitor reads the same
 * words with and without JavaScript.
 */
export function submissionFailure(status: number, body: unknown): SubmissionFailure {
  const errors = status === 400 ? fieldErrorsOf(body) : undefined;
  if (errors) return { message: FORM_MESSAGES.problemTop, errors };
  switch (status) {
    case 401:
      return { message: FORM_MESSAGES.unauthorized };
    case 404:
      return { message: FORM_MESSAGES.notConfigured };
    case 429:
      return { message: FORM_MESSAGES.rateLimited };
    case 500:
      return { message: FORM_MESSAGES.serverError };
  }
  const own = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  return { message: typeof own === 'string' && own.trim() ? own : FORM_MESSAGES.unknown };
}

/** §8: what the browser's own check (the same rules as the edge's) shows: the field errors and the top notice. */
export function validationFailure(errors: Record<string, string>): SubmissionFailure {
  return { message: FORM_MESSAGES.problemTop, errors };
}
