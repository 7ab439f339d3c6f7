// How a visitor form's controls are named in the HTML, and how the name/value pairs a form posts become the §5 values
// of SaveFormSubmission's `form`: one reading for the browser (the FormData of the form element) and for the edge (a
// form posted without JavaScript), so both send the same values for the same form.
import { FIELD_PARTS, isPartsField } from './form-values.ts';
import type { FormField } from './snapshot/schema.ts';

/** Where visitor forms post when no script submits them (worker/routes/forms.ts), answered with 303 to the page. */
export const NATIVE_SUBMIT_PATH = '/_forms/submit';

/** The unsubscribe page's path (§2 NEWSLETTER_UNSUBSCRIBE), which its form posts to. */
export const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';
/** The objectName the unsubscribe page's outcome is left under. */
export const UNSUBSCRIBE_OBJECT = 'newsletter-unsubscribe';

/** The id of a form's element on its page: the 303 back lands there. */
export const formAnchorId = (objectName: string): string => `form-${objectName}`;

/**
 * The envelope's controls. Field ids are letters, digits, '_' and '-', so a name starting with '@' can never be a
 * field's, and a part's or statement's name (`{id}.{part}`) never another field's id.
 */
export const ENVELOPE_NAMES = {
  formId: '@formId',
  objectName: '@objectName',
  collectionId: '@collectionId',
  isOverlayForm: '@isOverlayForm',
  /** the page (path and query) the edge answers 303 to */
  returnTo: '@return',
  /**
   * The honeypot (worker/forms/spam.ts): a text control no visitor sees or reaches, which form-filling bots fill in. The
   * same name on SaveFormSubmission, where a browser sends it only when it is not empty.
   */
  honeypot: '@website',
} as const;

/** The control Cloudflare Turnstile's widget puts its token in (its default), and SaveFormSubmission's field for it. */
export const TURNSTILE_RESPONSE_NAME = 'cf-turnstile-response';

/** What a form sends besides its values to prove it is not a bot: the honeypot (when filled) and the Turnstile token. */
export interface SpamFields {
  [ENVELOPE_NAMES.honeypot]?: string;
  [TURNSTILE_RESPONSE_NAME]?: string;
}

/** The spam-defence fields of a posted form, only those that carry something. */
export function spamFieldsOf(get: (name: string) => unknown): SpamFields {
  const fields: SpamFields = {};
  const trap = get(ENVELOPE_NAMES.honeypot);
  if (typeof trap === 'string' && trap !== '') fields[ENVELOPE_NAMES.honeypot] = trap;
  const token = get(TURNSTILE_RESPONSE_NAME);
  if (typeof token === 'string' && token !== '') fields[TURNSTILE_RESPONSE_NAME] = token;
  return fields;
}

/** The control of one part of a multi-part field: `w-name.First`. */
export const partName = (fieldId: string, part: string): string => `${fieldId}.${part}`;
/** The radio group of one likert statement (0-based): `w-agree.0`. */
export const likertName = (fieldId: string, index: number): string => `${fieldId}.${index}`;

/** The name in the query string whose value a hidden field takes (§5): its id, else its title as shown or typed. */
function queryValue(field: FormField, query: URLSearchParams): string | null {
  return query.get(field.id) ?? query.get(field.title) ?? query.get(field.rawTitle);
}

/** §5: a hidden field takes the query-string parameter of the same name if present, otherwise its own value. */
export function hiddenFieldValue(field: FormField, query: URLSearchParams): string {
  return queryValue(field, query) ?? field.value ?? '';
}

/**
 * §5 Form submission values from a form's posted pairs: a hidden field from the query (else its own value), a phone
 * with 3 parts gets an empty country part prepended, a radio takes the first checked value, checkboxes every checked
 * value, multi-part fields their parts as a list in §3 order, likert fields one answer per statement (null when
 * none), and section items are skipped. Values are as posted: checkSubmission (form-values.ts) then checks them.
 */
export function collectValues(
  fields: readonly FormField[],
  pairs: Iterable<readonly [string, unknown]>,
  query: URLSearchParams = new URLSearchParams(),
): Record<string, unknown> {
  const posted = new Map<string, string[]>();
  for (const [name, value] of pairs) {
    // a file or anything else that is not text has no place in a visitor form
    if (typeof value !== 'string') continue;
    const list = posted.get(name);
    if (list) list.push(value);
    else posted.set(name, [value]);
  }
  const first = (name: string) => posted.get(name)?.[0];
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const { id, type } = field;
    if (type === 'section') continue;
    if (type === 'hidden') {
      values[id] = queryValue(field, query) ?? first(id) ?? field.value ?? '';
    } else if (type === 'checkbox') {
      values[id] = posted.get(id) ?? [];
    } else if (type === 'likert') {
      values[id] = (field.questions ?? []).map((_, i) => {
        const answer = first(likertName(id, i));
        return answer === undefined || answer === '' ? null : Number(answer);
      });
    } else if (isPartsField(type)) {
      const parts: readonly string[] = FIELD_PARTS[type];
      const given = parts.filter((part) => posted.has(partName(id, part)));
      // §5: a phone of three parts (no country control) gets an empty country in front
      if (type === 'phone' && given.length === 3 && !given.includes('Country'))
        values[id] = ['', ...given.map((part) => first(partName(id, part)))];
      else values[id] = parts.map((part) => first(partName(id, part)) ?? '');
    } else {
      // radio: §5 the first checked value; every other control posts one value
      values[id] = first(id) ?? '';
    }
  }
  return values;
}

/** The envelope fields a form posts besides its values. */
export interface PostedEnvelope {
  formId: string;
  objectName: string;
  collectionId: string;
  isOverlayForm: boolean;
  returnTo: string;
}

/** The envelope of a posted form (empty strings for what is missing). */
export function postedEnvelope(get: (name: string) => unknown): PostedEnvelope {
  const text = (name: string) => {
    const v = get(name);
    return typeof v === 'string' ? v : '';
  };
  return {
    formId: text(ENVELOPE_NAMES.formId),
    objectName: text(ENVELOPE_NAMES.objectName),
    collectionId: text(ENVELOPE_NAMES.collectionId),
    isOverlayForm: text(ENVELOPE_NAMES.isOverlayForm) === 'true',
    returnTo: text(ENVELOPE_NAMES.returnTo),
  };
}

/** The outcome of a form posted without JavaScript, as the page the edge sends the visitor back to shows it. */
export interface FormFlash {
  /** the block (or popup, or page form) the post came from: its objectName */
  objectName: string;
  formId: string;
  kind: 'success' | 'failed';
  /** the §8 message of a failure */
  message?: string | undefined;
  /** field id → message */
  errors?: Record<string, string> | undefined;
  /** the posted values by control name, passwords left out */
  values?: Record<string, string[]> | undefined;
}
