// Visitor forms posted without JavaScript (or before their island hydrated): the form, newsletter and popup forms post
// to /_forms/submit, the unsubscribe page to its own URL. The edge reads the post the way the browser reads its form
// (shared/form-post.ts), submits it through the same code as the API (worker/api/forms.ts: key, checks, budget, inbox
// or outbox) and answers 303 back to the page, which then shows the outcome (worker/forms/flash.ts). No field value is
// ever put in a URL, and the page that shows the outcome is rendered for that visitor alone.
//
// Crumb and cross-site rules as on the API: a cross-site post is refused (403); the visitor's crumb cookie must be
// valid. A cached page cannot carry a visitor's crumb in a hidden field, so the cookie itself is the proof here: it is
// SameSite=Lax, which a browser never sends on another site's POST, and the Origin/Sec-Fetch-Site check backs it up.
// A `crumb` field, when a form sends one, must match it. A visitor without a valid crumb gets a fresh one and is asked
// to send the form again, values kept, as the browser's request layer retries once after crumbFail (§8).
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import { CRUMB_COOKIE } from '../../shared/cookies.ts';
import {
  collectValues,
  ENVELOPE_NAMES,
  formAnchorId,
  NATIVE_SUBMIT_PATH,
  postedEnvelope,
  spamFieldsOf,
  TURNSTILE_RESPONSE_NAME,
  UNSUBSCRIBE_OBJECT,
  UNSUBSCRIBE_PATH,
} from '../../shared/form-post.ts';
import { FIELD_MESSAGES, isEmailAddress, submissionFailure, validationFailure, type SubmissionFailure } from '../../shared/form-values.ts';
import type { Form } from '../../shared/snapshot/schema.ts';
import { safeReturnPath } from '../../shared/urls.ts';
import { apiMode } from '../http/origin-config.ts';
import { apiError } from '../http/errors.ts';
import { derivedFormKey, issueEdgeFormKey, originCannotIssueKey } from '../forms/keys.ts';
import { inboxOf, KEY_PATH, secretOf, submit, type SubmitOutcome } from '../forms/submit.ts';
import { BODY_LIMITS } from '../http/limits.ts';
import { originContext } from '../http/proxy.ts';
import { originRequestHeaders, sendToOrigin } from '../http/origin.ts';
import { throttleAddress, FORM_TYPES, requireMediaType } from '../http/request.ts';
import { throttleOf } from '../durable/sliding-window-throttle.ts';
import type { AppEnv } from '../env.ts';
import { logOf } from '../log.ts';
import { bodyLimit } from '../http/body-limit.ts';
import { isValidCrumb, setCrumbCookie } from '../middleware/crumb.ts';
import { timingSafeEqualBytes } from '../security/password.ts';
import { requireSite } from '../middleware/site.ts';
import type { SiteModel } from '../site/model.ts';
import { leaveFormFlash, type FormFlash } from '../forms/flash.ts';
import { requestUrl } from '../http/request-url.ts';

type NativeContext = Context<AppEnv>;

/** Shown when a post came without a valid crumb: the visitor sends the form again (the values are kept). */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please check the form and submit it again.';
/** Unsubscribe requests per site and client address in a sliding window (one visitor never needs many). */
export const UNSUBSCRIBE_BUDGET = { requests: 20, windowMs: 10 * 60 * 1000 } as const;
/** Shown when one address has asked to unsubscribe too often. */
export const UNSUBSCRIBE_RATE_LIMITED_MESSAGE = 'Too many requests. Please try again later.';
/** An unsubscribe post holds one address. */
const UNSUBSCRIBE_BODY_LIMIT = 4 * 1024;
/** The origin's call for an unsubscribe (proxy mode), sent through the outbox so an outage loses none. */
export const UNSUBSCRIBE_ORIGIN_PATH = '/api/newsletter/Unsubscribe';

export const nativeFormsApp = new Hono<AppEnv>();

/** A posted body as name → values (files dropped: visitor forms have no file fields). */
type Posted = Map<string, string[]>;

async function readPosted(c: NativeContext): Promise<Posted> {
  requireMediaType(c, FORM_TYPES);
  const body = await c.req.parseBody({ all: true }).catch(() => {
    throw apiError(400, 'The form body could not be read.');
  });
  const posted: Posted = new Map();
  for (const [name, value] of Object.entries(body)) {
    const list = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    posted.set(name, list);
  }
  return posted;
}

const pairsOf = (posted: Posted) => [...posted].flatMap(([name, list]) => list.map((v) => [name, v] as const));

/** The page to go back to: its path and query if it is an internal path of this site (safeReturnPath), else '/'. */
function returnPath(value: string): string {
  return safeReturnPath(value)?.replace(/#.*$/, '') ?? '/';
}

/**
 * The crumb rule of a post without script: a valid crumb cookie (a cross-site POST never carries it), and a `crumb`
 * field, if sent, equal to it.
 */
function crumbHolds(c: NativeContext, posted: Posted): boolean {
  const cookie = getCookie(c, CRUMB_COOKIE);
  if (!isValidCrumb(cookie)) return false;
  const sent = posted.get('crumb')?.[0];
  if (sent === undefined) return true;
  const enc = new TextEncoder();
  return timingSafeEqualBytes(enc.encode(sent), enc.encode(cookie));
}

/** The values to fill in again: every control but the envelope, the crumb and the form's password fields. */
function valuesToKeep(posted: Posted, form: Form | undefined): Record<string, string[]> {
  const passwords = new Set((form?.fields ?? []).filter((f) => f.type === 'password').map((f) => f.id));
  const envelope = new Set<string>([...Object.values(ENVELOPE_NAMES), 'crumb', TURNSTILE_RESPONSE_NAME]);
  const kept: Record<string, string[]> = {};
  for (const [name, list] of posted) if (!envelope.has(name) && !passwords.has(name)) kept[name] = list;
  return kept;
}

/**
 * What a submission came to, as the visitor without script is told: success, the field errors, or the §8 message of
 * the status that refused it (the service's refusals are the API's errors: their status and message).
 */
async function failureOf(run: () => Promise<SubmitOutcome>): Promise<SubmissionFailure | null> {
  let outcome: SubmitOutcome;
  try {
    outcome = await run();
  } catch (error) {
    if (!(error instanceof HTTPException)) throw error;
    return submissionFailure(error.status, { error: error.message });
  }
  switch (outcome.kind) {
    case 'stored':
    case 'queued':
      return null;
    case 'invalid':
      return validationFailure(outcome.errors);
    case 'origin': {
      if (outcome.status >= 200 && outcome.status < 300) return null;
      let body: unknown = null;
      try {
        body = JSON.parse(outcome.body);
      } catch {
        // the origin's text is not JSON: the status decides the message
      }
      return submissionFailure(outcome.status, body);
    }
  }
}

/**
 * A submission key for this post: derived at the edge (embedded), or asked of the origin (proxy mode); when the origin
 * cannot issue one in time (down, too slow, 5xx), the edge's own for this form, derived from the post like the
 * embedded key so that the same post sent twice during the outage is one submission (worker/forms/keys.ts).
 */
async function keyFor(c: NativeContext, site: SiteModel, form: Form, seed: string): Promise<{ key: string } | SubmissionFailure> {
  const mode = apiMode(c.env);
  if (mode.kind === 'embedded') return { key: await derivedFormKey(secretOf(c), site.website.id, seed) };
  const headers = originRequestHeaders(c.req.raw.headers, originContext(c, site));
  headers.delete('content-type');
  headers.set('Accept', 'application/json');
  headers.set('X-CSRF-Token', getCookie(c, CRUMB_COOKIE) ?? '');
  const outcome = await sendToOrigin({ url: `${mode.origin}${KEY_PATH}`, method: 'POST', headers, body: null }, mode.timeoutMs);
  if (outcome.kind === 'answered' && !originCannotIssueKey(outcome)) {
    const body = (await outcome.response.json().catch(() => null)) as { key?: unknown } | null;
    if (!outcome.response.ok) return submissionFailure(outcome.response.status, body);
    // §7: a missing key from the key call counts as a failure
    return typeof body?.key === 'string' && body.key ? { key: body.key } : submissionFailure(0, null);
  }
  if (outcome.kind === 'answered') await outcome.response.body?.cancel();
  const reason = outcome.kind === 'unreachable' ? outcome.reason : `status ${outcome.response.status}`;
  logOf(c).warn('form.edge_key', { site: site.website.identifier, formId: form.id, reason, noScript: true });
  return { key: await issueEdgeFormKey(secretOf(c), site.website.id, form.id, { seed }) };
}

async function backTo(c: NativeContext, site: SiteModel, path: string, anchor: string, flash: FormFlash, inline = false) {
  await leaveFormFlash(c, site, new URL(path, 'https://x.invalid').pathname, flash, { inline });
  c.header('Cache-Control', 'no-store');
  return c.redirect(`${path}${anchor ? `#${anchor}` : ''}`, 303);
}

nativeFormsApp.use(NATIVE_SUBMIT_PATH, bodyLimit(BODY_LIMITS.saveFormSubmission));
nativeFormsApp.post(NATIVE_SUBMIT_PATH, requireSite(), async (c) => {
  const site = c.get('site');
  const origin = requestUrl(c).origin;
  const posted = await readPosted(c);
  const envelope = postedEnvelope((name) => posted.get(name)?.[0]);
  const path = returnPath(envelope.returnTo);
  const anchor = envelope.objectName ? formAnchorId(envelope.objectName) : '';
  const form = site.forms.get(envelope.formId);
  const flash = (f: Omit<FormFlash, 'objectName' | 'formId'>) =>
    // with field errors the first of them takes the focus as the page loads (autofocus), which a fragment would cancel
    backTo(c, site, path, f.errors ? '' : anchor, { objectName: envelope.objectName, formId: envelope.formId, ...f });
  const failed = (failure: SubmissionFailure) =>
    flash({ kind: 'failed', message: failure.message, errors: failure.errors, values: valuesToKeep(posted, form) });

  if (!crumbHolds(c, posted)) {
    // the crumb middleware chose a fresh crumb for a visitor without a valid one; this response sets it
    setCrumbCookie(c, c.get('crumb'));
    return failed({ message: SESSION_EXPIRED_MESSAGE });
  }
  if (!form) return failed(submissionFailure(404, null));

  const values = collectValues(form.fields, pairsOf(posted), new URL(path, origin).searchParams);
  const fields = {
    formId: form.id,
    collectionId: envelope.collectionId,
    objectName: envelope.objectName,
    isOverlayForm: envelope.isOverlayForm,
  };
  const seed = JSON.stringify([getCookie(c, CRUMB_COOKIE), fields, values]);
  const keyed = await keyFor(c, site, form, seed);
  if (!('key' in keyed)) return failed(keyed);
  // §7's body, for the origin in proxy mode: the envelope's fields and `form` as a JSON string
  const bytes = new TextEncoder().encode(
    new URLSearchParams({
      key: keyed.key,
      ...fields,
      isOverlayForm: String(fields.isOverlayForm),
      form: JSON.stringify(values),
    }).toString(),
  );
  // the honeypot and the Turnstile token are checked at the edge (worker/forms/spam.ts), never sent on to the origin
  const spam = spamFieldsOf((name) => posted.get(name)?.[0]);
  const failure = await failureOf(() =>
    submit(
      c,
      site,
      { key: keyed.key, ...fields, form: values, ...spam },
      // the widget adds its (maybe still empty) control once script runs: without it, the page ran no script
      { bytes, contentType: 'application/x-www-form-urlencoded', noScript: !posted.has(TURNSTILE_RESPONSE_NAME) },
    ),
  );
  return failure ? failed(failure) : flash({ kind: 'success' });
});
nativeFormsApp.all(NATIVE_SUBMIT_PATH, (c) => c.text('Method Not Allowed', 405, { Allow: 'POST' }));

// ----- the newsletter unsubscribe page (§2 NEWSLETTER_UNSUBSCRIBE) -----

/** The mailing-list forms of the site that an address leaves: every newsletter block's and the popup's. */
async function unsubscribeEverywhere(c: NativeContext, site: SiteModel, email: string): Promise<SubmissionFailure | null> {
  const mode = apiMode(c.env);
  if (mode.kind === 'embedded') {
    const at = Date.now();
    await Promise.all(site.newsletterForms().map((formId) => inboxOf(c, site, { id: formId }).unsubscribe(email, at)));
    return null;
  }
  const headers = originRequestHeaders(c.req.raw.headers, originContext(c, site));
  headers.set('Content-Type', 'application/x-www-form-urlencoded');
  headers.set('X-CSRF-Token', getCookie(c, CRUMB_COOKIE) ?? '');
  const answer = await c.env.FORM_OUTBOX.getByName(site.website.id).submit({
    key: `unsubscribe:${crypto.randomUUID()}`,
    formId: '',
    url: `${mode.origin}${UNSUBSCRIBE_ORIGIN_PATH}`,
    method: 'POST',
    headers: [...headers],
    body: new URLSearchParams({ email }).toString(),
    timeoutMs: mode.timeoutMs,
  });
  if (answer.kind === 'queued' || (answer.status >= 200 && answer.status < 300)) return null;
  let body: unknown = null;
  try {
    body = JSON.parse(answer.body);
  } catch {
    // the origin's text is not JSON: the status decides the message
  }
  return submissionFailure(answer.status, body);
}

nativeFormsApp.use(UNSUBSCRIBE_PATH, bodyLimit(UNSUBSCRIBE_BODY_LIMIT));
nativeFormsApp.post(UNSUBSCRIBE_PATH, requireSite(), async (c) => {
  const site = c.get('site');
  const posted = await readPosted(c);
  const typed = posted.get('email')?.[0] ?? '';
  const email = typed.trim();
  const flash = (f: Omit<FormFlash, 'objectName' | 'formId'>) =>
    backTo(c, site, UNSUBSCRIBE_PATH, '', { objectName: UNSUBSCRIBE_OBJECT, formId: '', ...f }, true);
  const failed = (message: string) => flash({ kind: 'failed', message, values: { email: [typed.slice(0, 320)] } });

  if (!crumbHolds(c, posted)) {
    setCrumbCookie(c, c.get('crumb'));
    return failed(SESSION_EXPIRED_MESSAGE);
  }
  if (!isEmailAddress(email)) return failed(email ? FIELD_MESSAGES.email('Email address') : FIELD_MESSAGES.required('Email address'));
  const budget = await throttleOf(c.env, 'unsubscribe-address', site.website.id, throttleAddress(c)).take(
    UNSUBSCRIBE_BUDGET.requests,
    UNSUBSCRIBE_BUDGET.windowMs,
  );
  if (!budget.allowed) return failed(UNSUBSCRIBE_RATE_LIMITED_MESSAGE);
  const failure = await unsubscribeEverywhere(c, site, email.toLowerCase());
  if (failure) return failed(failure.message);
  logOf(c).info('newsletter.unsubscribed', { site: site.website.identifier });
  return flash({ kind: 'success' });
});
