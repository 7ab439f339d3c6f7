// Form submission keys (§7 FormSubmissionKey): signed, expiring and bound to the site. The key call names no form, so
// no form's inbox can issue them; each inbox makes them single-use instead, by recording the key of every submission
// it stores. Signing means a key needs no storage until it is used, and a made-up or foreign key is refused at once.
// With API_ORIGIN set the origin issues the keys; when it cannot (down, too slow, 5xx) the edge issues its own, bound
// to the site and the form as well (edge keys, below), and the form outbox makes them single-use. Keys are signed with
// keys derived from SESSION_SECRET for this use alone (worker/security/keys.ts), so a rotation keeps them valid.
import { fromBase64Url, toBase64Url } from '../../shared/base64url.ts';
import { FORM_KEY_TTL_MS } from '../http/limits.ts';
import type { OriginOutcome } from '../http/origin.ts';
import { signText, verifyText, type SecretEnv } from '../security/keys.ts';

/** The HMAC of a text under a purpose's signing key (the caller has checked that SESSION_SECRET is set). */
async function hmac(secrets: SecretEnv, purpose: 'form-key' | 'form-key-edge', text: string): Promise<Uint8Array> {
  const signature = await signText(secrets, purpose, text);
  if (!signature) throw new Error('SESSION_SECRET is not configured');
  return signature;
}

/** A signature's bytes; an unreadable one is nothing to verify (the key is then invalid, never an error). */
function signatureOf(text: string): Uint8Array {
  try {
    return fromBase64Url(text);
  } catch {
    return new Uint8Array(0);
  }
}

const message = (websiteId: string, payload: string) => `form-key:${websiteId}:${payload}`;

/** {expiry in base 36}.{16 random bytes}.{HMAC-SHA256 of site and both} */
const KEY_PATTERN = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

async function signedKey(secrets: SecretEnv, websiteId: string, expiry: number, nonce: Uint8Array): Promise<string> {
  const payload = `${expiry.toString(36)}.${toBase64Url(nonce)}`;
  return `${payload}.${toBase64Url(await hmac(secrets, 'form-key', message(websiteId, payload)))}`;
}

/** A new key for the site, signed with SESSION_SECRET's form-key key. */
export function issueFormKey(secrets: SecretEnv, websiteId: string, now = Date.now()): Promise<string> {
  return signedKey(secrets, websiteId, now + FORM_KEY_TTL_MS, crypto.getRandomValues(new Uint8Array(16)));
}

/** Submissions the edge keys itself with the same seed in one window share their key. */
const DERIVED_KEY_WINDOW_MS = 10 * 60 * 1000;

/** A derived key's expiry: the start of its window plus a key's lifetime, so the whole window shares one key. */
const derivedExpiry = (now: number) => Math.floor(now / DERIVED_KEY_WINDOW_MS) * DERIVED_KEY_WINDOW_MS + FORM_KEY_TTL_MS;

/**
 * The key of a submission the edge makes for a form posted without JavaScript, which has no key of its own: derived
 * from `seed` (the visitor's crumb, the form and the values) and the ten-minute window, so the same form posted twice
 * (a double click, a reload that posts again) uses one key and is stored once. Valid like any issued key.
 */
export async function derivedFormKey(secrets: SecretEnv, websiteId: string, seed: string, now = Date.now()): Promise<string> {
  const expiry = derivedExpiry(now);
  const digest = await hmac(secrets, 'form-key', `form-key-derived:${websiteId}:${expiry}:${seed}`);
  return signedKey(secrets, websiteId, expiry, digest.slice(0, 16));
}

export type KeyCheck = 'valid' | 'expired' | 'invalid';

/**
 * Whether a key was issued for this site by this edge ('invalid' otherwise) and is still usable for a first submission.
 * Signed under SESSION_SECRET or, during a rotation, SESSION_SECRET_PREVIOUS.
 */
export async function checkFormKey(secrets: SecretEnv, websiteId: string, key: string, now = Date.now()): Promise<KeyCheck> {
  const m = KEY_PATTERN.exec(key);
  if (!m) return 'invalid';
  const payload = `${m[1]}.${m[2]}`;
  // verify compares in constant time
  const ok = await verifyText(secrets, 'form-key', signatureOf(m[3]!), message(websiteId, payload));
  if (!ok) return 'invalid';
  return parseInt(m[1]!, 36) > now ? 'valid' : 'expired';
}

// ----- edge keys (API_ORIGIN set, the origin cannot issue a key) -----

/**
 * What an edge key starts with. The origin's keys are opaque to the edge, so this prefix is how the edge knows a key
 * is its own: every key that starts with it is judged here (signature, site, form, expiry), never passed on as the
 * origin's. The origin must not issue keys that start with it (docs/api.md).
 */
export const EDGE_KEY_PREFIX = 'e1.';

/** e1.{expiry in base 36}.{16 random or derived bytes}.{HMAC-SHA256 of site, form and both} */
const EDGE_KEY_PATTERN = /^e1\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** `formId` empty: a key asked for without naming its form, which its first submission then binds (the outbox). */
const edgeMessage = (websiteId: string, formId: string, payload: string) => `form-key-edge:${websiteId}:${formId}:${payload}`;

export const isEdgeFormKey = (key: string) => key.startsWith(EDGE_KEY_PREFIX);

/**
 * A key the edge issues when the origin cannot (docs/api.md, "Keys while the origin is out"): the lifetime of any key,
 * signed with SESSION_SECRET's form-key-edge key over the site and the form (`formId` null when the key call named none). With `seed` (a
 * form posted without script) the key is derived from it and the ten-minute window, as derivedFormKey's is, so the same
 * post sent twice during an outage is one submission.
 */
export async function issueEdgeFormKey(
  secrets: SecretEnv,
  websiteId: string,
  formId: string | null,
  opts: { seed?: string; now?: number } = {},
): Promise<string> {
  const now = opts.now ?? Date.now();
  let expiry = now + FORM_KEY_TTL_MS;
  let nonce = crypto.getRandomValues(new Uint8Array(16));
  if (opts.seed !== undefined) {
    expiry = derivedExpiry(now);
    const seeded = `form-key-edge-derived:${websiteId}:${formId ?? ''}:${expiry}:${opts.seed}`;
    nonce = (await hmac(secrets, 'form-key-edge', seeded)).slice(0, 16);
  }
  const payload = `${expiry.toString(36)}.${toBase64Url(nonce)}`;
  const signature = await hmac(secrets, 'form-key-edge', edgeMessage(websiteId, formId ?? '', payload));
  return `${EDGE_KEY_PREFIX}${payload}.${toBase64Url(signature)}`;
}

/**
 * Whether an edge key was issued by this edge for this site and this form (or for no form in particular) and is still
 * usable for a first submission. A key of another site or another form is 'invalid'.
 */
export async function checkEdgeFormKey(
  secrets: SecretEnv,
  websiteId: string,
  formId: string,
  key: string,
  now = Date.now(),
): Promise<KeyCheck> {
  const m = EDGE_KEY_PATTERN.exec(key);
  if (!m) return 'invalid';
  const payload = `${m[1]}.${m[2]}`;
  const signature = signatureOf(m[3]!);
  const ok =
    (await verifyText(secrets, 'form-key-edge', signature, edgeMessage(websiteId, formId, payload))) ||
    (await verifyText(secrets, 'form-key-edge', signature, edgeMessage(websiteId, '', payload)));
  if (!ok) return 'invalid';
  return parseInt(m[1]!, 36) > now ? 'valid' : 'expired';
}

/** A key from the product origin (proxy mode): opaque, so only its shape is checked. */
export function isPlausibleKey(key: string): boolean {
  return /^[\x21-\x7e]{1,200}$/.test(key);
}

/**
 * Whether the origin's answer to a key call means it cannot issue one now: no answer in time, a network failure, a
 * gateway status (sendToOrigin's 'unreachable'), 408 or any 5xx. Its other answers (a key, 401, 403, 404, its own 429)
 * are its word and pass on.
 */
export function originCannotIssueKey(outcome: OriginOutcome): boolean {
  return outcome.kind === 'unreachable' || outcome.response.status === 408 || outcome.response.status >= 500;
}
