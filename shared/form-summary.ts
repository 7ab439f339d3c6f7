// The §3 form submission summary: one line per field, its rawTitle and its value in the field type's display,
// HTML-escaped, 'N/A' for an empty value; password values masked as '__MASKED_FIELD__' (§3, §9).
import type { FieldValue, FormValues, LikertValue, PartsValue } from './form-values.ts';
import type { FormField } from './snapshot/schema.ts';

/** §9: the masked password placeholder. */
export const MASKED_FIELD = '__MASKED_FIELD__';
/** §3: how an empty value reads in the summary. */
export const EMPTY_VALUE = 'N/A';

/** §3 likert: each question valued -2..2 with these labels. */
export const LIKERT_LABELS: Readonly<Record<string, string>> = {
  '-2': 'Strongly Disagree',
  '-1': 'Disagree',
  '0': 'Neutral',
  '1': 'Agree',
  '2': 'Strongly Agree',
};

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const join = (parts: (string | undefined)[], separator: string) => parts.filter((p): p is string => !!p).join(separator);

/**
 * A field's value as §3 displays it, unescaped ('' when empty): names 'First Last', phones '+Country
 * Areacode-Prefix-Line' (no '+Country ' when the country is empty), addresses part by part, dates Month/Day/Year,
 * times Hour:Minute:Second Ampm with 00 defaults, checkboxes joined by ', ', likert answers by their labels.
 */
export function displayValue(field: FormField, value: FieldValue | undefined): string {
  if (value === undefined) return '';
  switch (field.type) {
    case 'name': {
      const p = value as PartsValue;
      return join([p.First, p.Last], ' ');
    }
    case 'phone': {
      const p = value as PartsValue;
      const number = join([p.Areacode, p.Prefix, p.Line], '-');
      if (!number && !p.Country) return '';
      return p.Country ? `+${p.Country} ${number}` : number;
    }
    case 'address': {
      const p = value as PartsValue;
      return join([p.Line1, p.Line2, p.City, p.State, p.Zip, p.Country], ', ');
    }
    case 'date': {
      const p = value as PartsValue;
      return p.Month || p.Day || p.Year ? `${p.Month ?? ''}/${p.Day ?? ''}/${p.Year ?? ''}` : '';
    }
    case 'time': {
      const p = value as PartsValue;
      if (!p.Hour && !p.Minute && !p.Second) return '';
      const two = (v: string | undefined) => (v ? v.padStart(2, '0') : '00');
      return `${two(p.Hour)}:${two(p.Minute)}:${two(p.Second)}${p.Ampm ? ` ${p.Ampm}` : ''}`;
    }
    case 'checkbox':
      return (value as string[]).join(', ');
    case 'likert': {
      const answers = value as LikertValue;
      if (answers.every((a) => a === null)) return '';
      return (field.questions ?? [])
        .map((q, i) => `${q}: ${answers[i] == null ? EMPTY_VALUE : LIKERT_LABELS[String(answers[i])]}`)
        .join('; ');
    }
    case 'password':
      return value === '' ? '' : MASKED_FIELD;
    case 'section':
      return '';
    default:
      return typeof value === 'string' ? value : '';
  }
}

/** The values as they may be stored: every password replaced by the masked placeholder. */
export function maskPasswords(fields: readonly FormField[], values: FormValues): FormValues {
  const out: FormValues = { ...values };
  for (const field of fields) {
    if (field.type === 'password' && typeof out[field.id] === 'string' && out[field.id] !== '') out[field.id] = MASKED_FIELD;
  }
  return out;
}

export interface SummaryLine {
  /** the field's rawTitle, HTML-escaped */
  title: string;
  /** the displayed value, HTML-escaped, or 'N/A' */
  value: string;
}

/** One line per field (section items skipped), escaped for HTML. */
export function summaryLines(fields: readonly FormField[], values: FormValues): SummaryLine[] {
  return fields
    .filter((f) => f.type !== 'section')
    .map((field) => {
      const shown = displayValue(field, values[field.id]);
      return { title: escapeHtml(field.rawTitle), value: shown === '' ? EMPTY_VALUE : escapeHtml(shown) };
    });
}

/** The summary as text: 'rawTitle: value', one field a line. */
export function formatSummary(fields: readonly FormField[], values: FormValues): string {
  return summaryLines(fields, values)
    .map((l) => `${l.title}: ${l.value}`)
    .join('\n');
}
