// /api/form/*: submission keys, submissions checked against the form's fields (§5, §7, §8), and the owner's list of a
// form's submissions (JSON or CSV).
import { Hono } from 'hono';
import * as z from 'zod';
import { ENVELOPE_NAMES, TURNSTILE_RESPONSE_NAME } from '../../shared/form-post.ts';
import { displayValue, formatSummary, maskPasswords } from '../../shared/form-summary.ts';
import { saveFormSubmissionSchema, type SaveFormSubmissionInput } from '../../shared/form-submission.ts';
import { checkSubmission, FORM_MESSAGES, type FormValues } from '../../shared/form-values.ts';
import type { Form } from '../../shared/snapshot/schema.ts';
import type { SaveResult, StoredSubmission } from '../durable/form-inbox.ts';
import type { EdgeAccepted, OutboxAnswer } from '../durable/form-outbox.ts';
import { throttleOf } from '../durable/sliding-window-throttle.ts';
import type { AppEnv } from '../env.ts';
import { decoySubmissionId, requireTurnstile } from '../forms/spam.ts';
import { log } from '../log.ts';
import type { SiteModel } from '../site/model.ts';
import { apiMode } from '../http/origin-config.ts';
import { apiError } from '../http/errors.ts';
import { checkEdgeFormKey, checkFormKey, isEdgeFormKey, isPlausibleKey, issueEdgeFormKey, issueFormKey } from '../forms/keys.ts';
import { BODY_LIMITS, FORM_FLOOD_BUDGET, FORM_SUBMISSION_BUDGET, SUBMISSIONS_PAGE } from '../http/limits.ts';
import { clientResponse, sendToOrigin, type OriginOutcome } from '../http/origin.ts';
import { forward, originRequest, type ProxyMode } from '../http/proxy.ts';
import {
  bodyBytes,
  throttleAddress,
  FORM_TYPES,
  JSON_TYPES,
  readForm,
  readJson,
  requireMediaType,
  UNAUTHORIZED_MESSAGE,
  UNAVAILABLE_MESSAGE,
  type ApiContext,
} from '../http/request.ts';
import { endpoint } from './endpoint.ts';
import { valid } from '../http/validate.ts';

export const formsApp = new Hono<AppEnv>();

/** §7: the paths of the two calls a submission makes, on this edge and on the origin. */
export const KEY_PATH = '/api/form/FormSubmissionKey';
export const SAVE_PATH = '/api/form/SaveFormSubmission';

export const KEY_INVALID_MESSAGE = 'This form submission key is not valid. Please reload the page and try again.';
export const KEY_EXPIRED_MESSAGE = 'This form submission key has expired. Please reload the page and try again.';

/** The secret that signs submission keys: 503 without it. */
export function secretOf(c: ApiContext): string {
  const secret = c.env.SESSION_SECRET;
  if (!secret) {
    log.error('form.no_secret', new Error('SESSION_SECRET is not configured'));
    throw apiError(503, UNAVAILABLE_MESSAGE);
  }
  return secret;
}

export const inboxOf = (c: ApiContext, site: SiteModel, form: Pick<Form, 'id'>) =>
  c.env.FORM_INBOX.getByName(`${site.website.id}:${form.id}`);

endpoint(formsApp, KEY_PATH, {
  // §7: an empty body
  bodyLimit: BODY_LIMITS.empty,
  async POST(c) {
    const site = c.var.site;
    const mode = apiMode(c.env);
    if (mode.kind === 'proxy') return originOrEdgeKey(c, mode, site, await bodyBytes(c));
    return c.json({ key: await issueFormKey(secretOf(c), site.website.id) }, 200, { 'Cache-Control': 'no-store' });
  },
});

/**
 * Whether the origin's answer to a key call means it cannot issue one now: no answer in time, a network failure, a
 * gateway status (sendToOrigin's 'unreachable'), 408 or any 5xx. Its other answers (a key, 401, 403, 404, its own 429)
 * are its word and pass on.
 */
export function originCannotIssueKey(outcome: OriginOutcome): boolean {
  return outcome.kind === 'unreachable' || outcome.response.status === 408 || outcome.response.status >= 500;
}

/**
 * FormSubmissionKey with API_ORIGIN set: the origin's key, or, when the origin cannot issue one in time, the edge's
 * own in the same answer ({"key": …}), bound to the site and to the form the browser names in `?formId=` (docs/api.md,
 * "Keys while the origin is out"). A submission with it goes to the outbox, so an outage loses none.
 */
async function originOrEdgeKey(c: ApiContext, mode: ProxyMode, site: SiteModel, body: Uint8Array): Promise<Response> {
  const formId = c.req.query('formId') || null;
  // the edge keys only forms of this site; for any other the origin's answer stands, whatever it is
  if (formId !== null && !site.forms.has(formId)) return forward(c, mode, site, body);
  const outcome = await sendToOrigin(originRequest(c, mode, site, body), mode.timeoutMs);
  if (outcome.kind === 'answered') {
    if (!originCannotIssueKey(outcome)) return clientResponse(outcome.response);
    await outcome.response.body?.cancel();
  }
  const reason = outcome.kind === 'unreachable' ? outcome.reason : `status ${outcome.response.status}`;
  log.warn('form.edge_key', { site: site.website.identifier, formId, reason });
  return c.json({ key: await issueEdgeFormKey(secretOf(c), site.website.id, formId) }, 200, { 'Cache-Control': 'no-store' });
}

/** §7 SaveFormSubmission's envelope, form-encoded (form as a JSON string) or as JSON: 400 with the reasons otherwise. */
async function submissionInput(c: ApiContext): Promise<{ input: SaveFormSubmissionInput; bytes: Uint8Array }> {
  const type = requireMediaType(c, [...FORM_TYPES, ...JSON_TYPES]);
  const { value, bytes } =
    type === 'application/json' ? await readJson(c) : await readForm(c).then(({ fields, bytes }) => ({ value: fields, bytes }));
  return { input: valid(saveFormSubmissionSchema, value, { reasonsOnly: true }), bytes };
}

/** A stored submission's answer; the same for the first request and for any reuse of its key. */
function saved(c: ApiContext, result: SaveResult): Response {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (!result.created) headers['Idempotent-Replayed'] = 'true';
  return c.json({ success: true, submissionId: result.submissionId }, 200, headers);
}

endpoint(formsApp, '/api/form/SaveFormSubmission', {
  bodyLimit: BODY_LIMITS.saveFormSubmission,
  async POST(c) {
    const site = c.var.site;
    const { input, bytes } = await submissionInput(c);
    return saveSubmission(c, site, input, { bytes });
  },
});

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
 * could not). The API endpoint and the no-script endpoint (worker/routes/forms.ts) both answer what this decides.
 */
export async function saveSubmission(
  c: ApiContext,
  site: SiteModel,
  input: SaveFormSubmissionInput,
  sent: OriginSubmission,
): Promise<Response> {
  const mode = apiMode(c.env);
  const form = site.forms.get(input.formId);
  if (!form) throw apiError(404, FORM_MESSAGES.notConfigured);

  // a used key answers as it did the first time, before anything else is checked or counted
  let keyCheck: 'valid' | 'expired' = 'valid';
  if (mode.kind === 'embedded') {
    const check = await checkFormKey(secretOf(c), site.website.id, input.key);
    if (check === 'invalid') throw apiError(400, KEY_INVALID_MESSAGE);
    const first = await inboxOf(c, site, form).find(input.key);
    if (first) return saved(c, first);
    keyCheck = check;
  } else if (isEdgeFormKey(input.key)) {
    // a key the edge issued while the origin could not: judged here, made single-use by the outbox
    const check = await checkEdgeFormKey(secretOf(c), site.website.id, form.id, input.key);
    if (check === 'invalid') throw apiError(400, KEY_INVALID_MESSAGE);
    const first = await c.env.FORM_OUTBOX.getByName(site.website.id).find(input.key);
    if (first) return acceptedAtEdge(c, form, { created: false, formId: first.formId, submissionId: first.submissionId ?? '' });
    keyCheck = check;
  } else {
    if (!isPlausibleKey(input.key)) throw apiError(400, KEY_INVALID_MESSAGE);
    const known = await c.env.FORM_OUTBOX.getByName(site.website.id).find(input.key);
    if (known) return outboxResponse(c, known.answer);
  }
  if (keyCheck === 'expired') throw apiError(400, KEY_EXPIRED_MESSAGE);

  const checked = checkSubmission(form.fields, input.form);
  if (!checked.ok) return c.json({ errors: checked.errors }, 400, { 'Cache-Control': 'no-store' });

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
    log.warn('form.rate_limited', { site: site.website.identifier, formId: form.id });
    throw apiError(429, FORM_MESSAGES.rateLimited, { 'Retry-After': String(budget.retryAfterSeconds) });
  }
  // every address together: a flood spread over many addresses stops here (the address's count is given back)
  const total = await throttleOf(c.env, 'form-total', site.website.id, form.id).take(
    FORM_FLOOD_BUDGET.submissions,
    FORM_FLOOD_BUDGET.windowMs,
  );
  if (!total.allowed) {
    await throttleOf(c.env, 'form-address', site.website.id, throttleAddress(c)).forget(budget.at);
    log.warn('form.flood_limited', { site: site.website.identifier, formId: form.id });
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
    if (edgeKey) return acceptedAtEdge(c, form, await outbox.enqueue(submission));
    return outboxResponse(c, await outbox.submit(submission));
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
  if (result.created) log.info('form.submitted', { site: site.website.identifier, formId: form.id, submissionId: result.submissionId });
  return saved(c, result);
}

/**
 * The answer to a post that filled the honeypot: what a visitor's would get now, the budgets read but not counted (a
 * bot never spends a visitor's budget, and during a flood it is refused as visitors are, so a 200 tells it nothing).
 */
async function trapped(c: ApiContext, site: SiteModel, form: Form, input: SaveFormSubmissionInput, noScript: boolean): Promise<Response> {
  await requireTurnstile(c, site, input[TURNSTILE_RESPONSE_NAME], noScript, { verify: false });
  const verdicts = await Promise.all([
    throttleOf(c.env, 'form-address', site.website.id, throttleAddress(c)).peek(
      FORM_SUBMISSION_BUDGET.submissions,
      FORM_SUBMISSION_BUDGET.windowMs,
    ),
    throttleOf(c.env, 'form-total', site.website.id, form.id).peek(FORM_FLOOD_BUDGET.submissions, FORM_FLOOD_BUDGET.windowMs),
  ]);
  const refused = verdicts.find((v) => !v.allowed);
  log.info('form.spam_dropped', { site: site.website.identifier, formId: form.id, reason: 'honeypot', refused: refused !== undefined });
  if (refused) throw apiError(429, FORM_MESSAGES.rateLimited, { 'Retry-After': String(refused.retryAfterSeconds) });
  const submissionId = await decoySubmissionId(c.env.SESSION_SECRET, input.key);
  return c.json({ success: true, submissionId }, 200, { 'Cache-Control': 'no-store' });
}

/** The e-mail addresses a submission gives, lowercased: a newsletter's list is kept by address. */
function emailsOf(form: Form, values: FormValues): string[] {
  return form.fields.flatMap((f) => {
    const v = values[f.id];
    return f.type === 'email' && typeof v === 'string' && v ? [v.toLowerCase()] : [];
  });
}

/** When each submission's address left the newsletter (ISO), or null; only newsletter forms have such a list. */
async function unsubscribedAtOf(
  c: ApiContext,
  site: SiteModel,
  form: Form,
  submissions: StoredSubmission[],
): Promise<(string | null)[] | null> {
  if (!site.newsletterForms().includes(form.id)) return null;
  const left = await inboxOf(c, site, form).unsubscribed();
  return submissions.map((s) => {
    const at = emailsOf(form, s.values)
      .map((email) => left.get(email))
      .find((t) => t !== undefined);
    return at === undefined ? null : new Date(at).toISOString();
  });
}

/**
 * The answer to a submission with an edge key: the normal success once the outbox holds it (the same id for a reused
 * key, marked Idempotent-Replayed), or 400 for a key its first submission bound to another form.
 */
function acceptedAtEdge(c: ApiContext, form: Form, entry: EdgeAccepted): Response {
  if (entry.formId !== form.id) throw apiError(400, KEY_INVALID_MESSAGE);
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if (!entry.created) headers['Idempotent-Replayed'] = 'true';
  else log.info('form.accepted_at_edge', { formId: form.id, submissionId: entry.submissionId });
  return c.json({ success: true, submissionId: entry.submissionId }, 200, headers);
}

/** The origin's answer as it gave it, or 202 while the submission waits in the outbox for the origin to come back. */
function outboxResponse(c: ApiContext, answer: OutboxAnswer): Response {
  if (answer.kind === 'queued') return c.json({ success: true, queued: true }, 202, { 'Cache-Control': 'no-store' });
  return new Response(answer.body || null, {
    status: answer.status,
    headers: { 'Content-Type': answer.contentType ?? 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** A CSV cell: quoted when needed; a leading =, +, -, @ or control character is defused so no spreadsheet runs it. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function submissionsCsv(form: Form, submissions: StoredSubmission[], unsubscribedAt: (string | null)[] | null): string {
  const fields = form.fields.filter((f) => f.type !== 'section');
  const rows = [['Submitted', ...fields.map((f) => f.rawTitle), ...(unsubscribedAt ? ['Unsubscribed'] : [])]];
  submissions.forEach((s, i) =>
    rows.push([
      new Date(s.submittedAt).toISOString(),
      ...fields.map((f) => displayValue(f, s.values[f.id])),
      ...(unsubscribedAt ? [unsubscribedAt[i] ?? ''] : []),
    ]),
  );
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** A whole number in the query: empty or absent is `fallback`. */
function pageParam(name: string, fallback: number, max: number) {
  const message = `${name} must be a whole number up to ${max}`;
  return z
    .string()
    .regex(/^(\d{1,7})?$/, message)
    .transform((value) => (value === '' ? fallback : Number(value)))
    .pipe(z.number().max(max, message))
    .default(fallback);
}

/** GET /api/form/Submissions' query. */
const submissionsQuerySchema = z.object({
  formId: z.string({ error: 'formId is required' }).min(1, 'formId is required'),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
  limit: pageParam('limit', SUBMISSIONS_PAGE.default, SUBMISSIONS_PAGE.max),
  offset: pageParam('offset', 0, 1_000_000),
});

/** The owner's list of a form's submissions, newest first: ?formId=&format=json|csv&limit=&offset=. */
endpoint(formsApp, '/api/form/Submissions', {
  async GET(c) {
    const site = c.var.site;
    const mode = apiMode(c.env);
    if (!c.get('session')?.isEditor) throw apiError(401, UNAUTHORIZED_MESSAGE);
    const { formId, format, limit, offset } = valid(submissionsQuerySchema, c.req.query(), { reasonsOnly: true });
    const form = site.forms.get(formId);
    if (!form) throw apiError(404, FORM_MESSAGES.notConfigured);
    if (mode.kind === 'proxy') return forward(c, mode, site, null);
    const { total, submissions } = await inboxOf(c, site, form).list(limit, offset);
    const unsubscribedAt = await unsubscribedAtOf(c, site, form, submissions);
    if (format === 'csv') {
      const filename = `${form.name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '') || 'form'}-submissions.csv`;
      return c.body(submissionsCsv(form, submissions, unsubscribedAt), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'private, no-store',
      });
    }
    return c.json(
      {
        form: { id: form.id, name: form.name },
        total,
        submissions: submissions.map((s, i) => ({
          ...s,
          submittedAt: new Date(s.submittedAt).toISOString(),
          ...(unsubscribedAt ? { unsubscribedAt: unsubscribedAt[i] } : {}),
        })),
      },
      200,
      { 'Cache-Control': 'private, no-store' },
    );
  },
});

formsApp.all('/api/form/*', () => {
  throw apiError(404, 'Not Found');
});
