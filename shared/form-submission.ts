// The envelope of a form submission (§7 SaveFormSubmission) as a runtime schema, so the client that sends it and the edge
// that checks it share one definition. The values inside `form` are checked against the form's own fields by
// checkSubmission (form-values.ts); this schema only says what the envelope must hold. Each message names its field.
import * as z from 'zod';
import { ENVELOPE_NAMES, TURNSTILE_RESPONSE_NAME } from './form-post.ts';
import { JsonTooDeepError, parseRequestJson } from './json.ts';

/** The longest text an envelope field (key, form id, collection id, object name) may hold. */
export const SUBMISSION_TEXT_MAX = 200;

const text = (name: string) =>
  z
    .string({ error: (issue) => (issue.input == null ? `${name} is required` : `${name} must be a string`) })
    .max(SUBMISSION_TEXT_MAX, `${name} is at most ${SUBMISSION_TEXT_MAX} characters`);

const required = (name: string) => text(name).min(1, `${name} is required`);
const optional = (name: string) =>
  text(name)
    .nullish()
    .transform((value) => value ?? '');

/** §7: the values travel as a JSON string (a form body's fields are strings); a JSON body may carry the object itself. */
const formValues = z
  .unknown()
  .refine((value) => value !== undefined && value !== '', 'form is required')
  .transform((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return parseRequestJson(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof JsonTooDeepError ? `form: ${error.message}` : 'form must be JSON' });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string(), z.unknown(), { error: 'form must be a JSON object of field ids to values' }));

/** §7 SaveFormSubmission: form-encoded (every field a string) or JSON. */
export const saveFormSubmissionSchema = z.object(
  {
    key: required('key'),
    formId: required('formId'),
    collectionId: optional('collectionId'),
    objectName: optional('objectName'),
    isOverlayForm: z
      .literal([true, false, 'true', 'false', ''], { error: 'isOverlayForm must be true or false' })
      .optional()
      .transform((value) => value === true || value === 'true'),
    form: formValues,
    /** the honeypot (shared/form-post.ts): anything in it, of any length, marks the submission as a bot's */
    [ENVELOPE_NAMES.honeypot]: z.string({ error: `${ENVELOPE_NAMES.honeypot} must be a string` }).optional(),
    /** the Turnstile token, checked at the edge when the site uses Turnstile (a malformed one fails that check) */
    [TURNSTILE_RESPONSE_NAME]: z.string({ error: `${TURNSTILE_RESPONSE_NAME} must be a string` }).optional(),
  },
  { error: 'The body must be a JSON object.' },
);
export type SaveFormSubmissionInput = z.infer<typeof saveFormSubmissionSchema>;

/** The reasons a value fails the envelope (or another schema whose messages name their fields), for a 400 answer. */
export function issueReasons(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => issue.message)
    .join('; ');
}
