// The form service (§5, §7, §8): what a submission comes to, whoever sent it: the API's SaveFormSubmission (as JSON, with
// script) or the no-script route (/_forms/submit). It checks the key, the values, the spam defences and the budgets,
// and stores the submission (FormInbox) or sends it on to the origin (FormOutbox); it answers no request itself.
import type { SaveFormSubmissionInput } from '../../shared/form-submission.ts';
import { ENVELOPE_NAMES, TURNSTILE_RESPONSE_NAME } from '../../shared/form-post.ts';
import { formatSummary, maskPasswords } from '../../shared/form-summary.ts';
import { countryOfLanguage } from '../../shared/address-rules.ts';
import { checkSubmission, FORM_MESSAGES, type FormValues } from '../../shared/form-values.ts';
import type { Form } from '../../shared/snapshot/schema.ts';
import type { EdgeAccepted, OutboxAnswer } from '../durable/form-outbox.ts';
import { throttleOf } from '../durable/sliding-window-throttle.ts';
import { apiError } from '../http/errors.ts';
import { FORM_FLOOD_BUDGET, FORM_SUBMISSION_BUDGET } from '../http/limits.ts';
import { apiMode } from '../http/origin-config.ts';
import { originRequest } from '../http/proxy.ts';
import { throttleAddress, UNAVAILABLE_MESSAGE, type ApiContext } from '../http/request.ts';
import { logOf, type Logger } from '../log.ts';
import { canSign, type SecretEnv } from '../security/keys.ts';
import type { SiteModel } from '../site/model.ts';
import { checkEdgeFormKey, checkFormKey, isEdgeFormKey, isPlausibleKey } from './keys.ts';
import { decoySubmissionId, requireTurnstile } from './spam.ts';

/** §7: the paths of the two calls a submission makes, on this edge and on the origin. */
export const KEY_PATH = '/api/form/FormSubmissionKey';
export const SAVE_PATH = '/api/form/SaveFormSubmission';

/** What a submission came to. */
export type SubmitOutcome =
  /** stored here, accepted into the outbox under the edge's key, or a trapped bot's decoy: the same to its sender */
  | { kind: 'stored'; submissionId: string; replayed: boolean }
  /** values that do not fit the form's fields: field id → message; nothing stored, the key still unused */
  | { kind: 'invalid'; errors: Record<string, string> }
  /** waiting in the outbox for the origin to come back (its key was the origin's) */
  | { kind: 'queued' }
  /** the origin's own answer, as it gave it */
  | { kind: 'origin'; status: number; body: string; contentType: string | null };

export const KEY_INVALID_MESSAGE = 'This form submission key is not valid. Please reload the page and try again.';
export const KEY_EXPIRED_MESSAGE = 'This form submission key has expired. Please reload the page and try again.';

/** The secrets that sign and verify submission keys (SESSION_SECRET, and SESSION_SECRET_PREVIOUS): 503 without them. */
export function secretOf(c: ApiContext): SecretEnv {
  if (!canSign(c.env)) {
    logOf(c).error('form.no_secret', new Error('SESSION_SECRET is not configured'));
    throw apiError(503, UNAVAILABLE_MESSAGE);
  }
  return c.env;
}

export const inboxOf = (c: ApiContext, site: SiteModel, form: Pick<Form, 'id'>) =>
  c.env.FORM_INBOX.getByName(`${site.website.id}:${form.id}`);

/**
 * What a submission forwarded to the origin carries (proxy mode): the body as the visitor sent it to the API, or, for
 * the no-script endpoint, a §7 form-encoded body made at the edge (with its content type).
 */
export interface OriginSubmission {
  bytes: Uint8Array;
  /** set for a body made at the edge, which then goes to the origin's SaveFormSubmission with this content type */
  contentType?: string;
  /** a form posted without script (the no-script endpoint): its messages say so where it matters */
  noScript?: boolean;
}

/**
 * SaveFormSubmission after its envelope has been read: the form, the key (a used key answers its first result), the
 * honeypot (a bot's submission is answered as stored and dropped), the values against the form's fields, Turnstile when
 * the site uses it, the budgets per address and per form, then the inbox (or the outbox to the origin: sent at once
 * with the origin's key, answered at once and delivered in the background with a key the edge issued while the origin
 * could not). It answers no request: the API endpoint renders its outcome as JSON (worker/api/forms.ts), the no-script
 * route as a flash and a 303 (worker/routes/forms.ts); a refusal (404, a key's 400, 429, Turnstile's 400 or 503) is
 * thrown as the API's error, whose status and message the no-script route reads.
 */
export async function submit(
  c: ApiContext,
  site: SiteModel,
  input: SaveFormSubmissionInput,
  sent: OriginSubmission,
): Promise<SubmitOutcome> {
  const mode = apiMode(c.env);
  const form = site.forms.get(input.formId);
  if (!form) throw apiError(404, FORM_MESSAGES.notConfigured);

  // a used key answers as it did the first time, before anything else is checked or counted
  let keyCheck: 'valid' | 'expired' = 'valid';
  if (mode.kind === 'embedded') {
    const check = await checkFormKey(secretOf(c), site.website.id, input.key);
    if (check === 'invalid') throw apiError(400, KEY_INVALID_MESSAGE);
    const first = await inboxOf(c, site, form).find(input.key);
    if (first) return { kind: 'stored', submissionId: first.submissionId, replayed: true };
    keyCheck = check;
  } else if (isEdgeFormKey(input.key)) {
    // a key the edge issued while the origin could not: judged here, made single-use by the outbox
    const check = await checkEdgeFormKey(secretOf(c), site.website.id, form.id, input.key);
    if (check === 'invalid') throw apiError(400, KEY_INVALID_MESSAGE);
    const first = await c.env.FORM_OUTBOX.getByName(site.website.id).find(input.key);
    if (first) return acceptedAtEdge(form, { created: false, formId: first.formId, submissionId: first.submissionId ?? '' }, logOf(c));
    keyCheck = check;
  } else {
    if (!isPlausibleKey(input.key)) throw apiError(400, KEY_INVALID_MESSAGE);
    const known = await c.env.FORM_OUTBOX.getByName(site.website.id).find(input.key);
    if (known) return fromOutbox(known.answer);
  }
  if (keyCheck === 'expired') throw apiError(400, KEY_EXPIRED_MESSAGE);

  // addresses and phones in the shapes of the site's country, as its form drew them (shared/address-rules.ts)
  const checked = checkSubmission(form.fields, input.form, countryOfLanguage(site.website.language));
  if (!checked.ok) return { kind: 'invalid', errors: checked.errors };

  // the honeypot: a bot is told exactly what a visitor sending the same post would be told at this moment (the field
  // errors above, a missing Turnstile token, the budgets of its address and of the form while a flood is on), and
  // otherwise that it was stored; nothing is verified with Cloudflare, counted, stored or forwarded for it
  if (input[ENVELOPE_NAMES.honeypot]) return trapped(c, site, form, input, sent.noScript ?? false);

  await requireTurnstile(c, site, input[TURNSTILE_RESPONSE_NAME], sent.noScript ?? false);

  const budget = await throttleOf(c.env, 'form-address', site.website.id, throttleAddress(c)).take(
    FORM_SUBMISSION_BUDGET.submissions,
    FORM_SUBMISSION_BUDGET.windowMs,
  );
  if (!budget.allowed) {
    logOf(c).warn('form.rate_limited', { site: site.website.identifier, formId: form.id });
    throw apiError(429, FORM_MESSAGES.rateLimited, { 'Retry-After': String(budget.retryAfterSeconds) });
  }
  // every address together: a flood spread over many addresses stops here (the address's count is given back)
  const total = await throttleOf(c.env, 'form-total', site.website.id, form.id).take(
    FORM_FLOOD_BUDGET.submissions,
    FORM_FLOOD_BUDGET.windowMs,
  );
  if (!total.allowed) {
    await throttleOf(c.env, 'form-address', site.website.id, throttleAddress(c)).forget(budget.at);
    logOf(c).warn('form.flood_limited', { site: site.website.identifier, formId: form.id });
    throw apiError(429, FORM_MESSAGES.rateLimited, { 'Retry-After': String(total.retryAfterSeconds) });
  }

  if (mode.kind === 'proxy') {
    const edgeKey = isEdgeFormKey(input.key);
    const req = originRequest(c, mode, site, sent.bytes, { idempotencyKey: input.key, edgeKey, submittedAt: Date.now() });
    const headers = new Headers(req.headers);
    if (sent.contentType) headers.set('Content-Type', sent.contentType);
    const outbox = c.env.FORM_OUTBOX.getByName(site.website.id);
    const submission = {
      key: input.key,
      formId: form.id,
      // the API call goes on with its own path and query; a body made at the edge goes to the §7 path
      url: sent.contentType ? `${mode.origin}${SAVE_PATH}` : req.url,
      method: 'POST',
      headers: [...headers],
      body: new TextDecoder().decode(sent.bytes),
      timeoutMs: mode.timeoutMs,
    };
    // the edge's key: stored, answered as received, delivered in the background (the origin is most likely still out)
    if (edgeKey) return acceptedAtEdge(form, await outbox.enqueue(submission), logOf(c));
    return fromOutbox(await outbox.submit(submission));
  }

  const result = await inboxOf(c, site, form).save({
    key: input.key,
    submittedAt: Date.now(),
    values: maskPasswords(form.fields, checked.values),
    summary: formatSummary(form.fields, checked.values),
    collectionId: input.collectionId,
    objectName: input.objectName,
    isOverlayForm: input.isOverlayForm,
    emails: emailsOf(form, checked.values),
  });
  if (result.created)
    logOf(c).info('form.submitted', { site: site.website.identifier, formId: form.id, submissionId: result.submissionId });
  return { kind: 'stored', submissionId: result.submissionId, replayed: !result.created };
}

/**
 * The answer to a post that filled the honeypot: what a visitor's would get now, the budgets read but not counted (a
 * bot never spends a visitor's budget, and during a flood it is refused as visitors are, so a 200 tells it nothing).
 */
async function trapped(
  c: ApiContext,
  site: SiteModel,
  form: Form,
  input: SaveFormSubmissionInput,
  noScript: boolean,
): Promise<SubmitOutcome> {
  await requireTurnstile(c, site, input[TURNSTILE_RESPONSE_NAME], noScript, { verify: false });
  const verdicts = await Promise.all([
    throttleOf(c.env, 'form-address', site.website.id, throttleAddress(c)).peek(
      FORM_SUBMISSION_BUDGET.submissions,
      FORM_SUBMISSION_BUDGET.windowMs,
    ),
    throttleOf(c.env, 'form-total', site.website.id, form.id).peek(FORM_FLOOD_BUDGET.submissions, FORM_FLOOD_BUDGET.windowMs),
  ]);
  const refused = verdicts.find((v) => !v.allowed);
  logOf(c).info('form.spam_dropped', {
    site: site.website.identifier,
    formId: form.id,
    reason: 'honeypot',
    refused: refused !== undefined,
  });
  if (refused) throw apiError(429, FORM_MESSAGES.rateLimited, { 'Retry-After': String(refused.retryAfterSeconds) });
  const submissionId = await decoySubmissionId(c.env, input.key);
  return { kind: 'stored', submissionId, replayed: false };
}

/** The e-mail addresses a submission gives, lowercased: a newsletter's list is kept by address. */
export function emailsOf(form: Form, values: FormValues): string[] {
  return form.fields.flatMap((f) => {
    const v = values[f.id];
    return f.type === 'email' && typeof v === 'string' && v ? [v.toLowerCase()] : [];
  });
}

/**
 * The answer to a submission with an edge key: the normal success once the outbox holds it (the same id for a reused
 * key, marked Idempotent-Replayed), or 400 for a key its first submission bound to another form.
 */
function acceptedAtEdge(form: Form, entry: EdgeAccepted, log: Logger): SubmitOutcome {
  if (entry.formId !== form.id) throw apiError(400, KEY_INVALID_MESSAGE);
  if (entry.created) log.info('form.accepted_at_edge', { formId: form.id, submissionId: entry.submissionId });
  return { kind: 'stored', submissionId: entry.submissionId, replayed: !entry.created };
}

/** The origin's answer as it gave it, or 'queued' while the submission waits in the outbox for the origin to come back. */
function fromOutbox(answer: OutboxAnswer): SubmitOutcome {
  return answer.kind === 'queued'
    ? { kind: 'queued' }
    : { kind: 'origin', status: answer.status, body: answer.body, contentType: answer.contentType };
}
