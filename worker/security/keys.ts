// The keys SESSION_SECRET signs with: one per purpose, derived with HKDF-SHA256 (RFC 5869), so a signature made for one
// purpose (a session cookie) is never valid for another (an unlock cookie, a receipt, a form key). Everything is signed
// with the current secret's key; SESSION_SECRET_PREVIOUS, while it is set, still verifies what the secret before it
// signed, so the secret can be rotated without logging owners out, relocking pages or losing shoppers' receipts
// (docs/operations.md, "Rotating SESSION_SECRET"). Keys are derived once per isolate and secret.
import type { Context } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';

/** What a key signs. Each purpose is its own HKDF `info`, so its key says nothing about another's. */
export type KeyPurpose =
  /** the owner's session cookie (worker/security/session.ts) */
  | 'session'
  /** the unlock cookie of a locked site, page or collection (worker/security/unlock.ts) */
  | 'unlock'
  /** the outcome of a form posted without script (worker/forms/flash.ts) */
  | 'flash'
  /** the list of orders and contributions a browser made (worker/commerce/cookies.ts) */
  | 'receipt'
  /** form submission keys the edge issues, and those it derives for posts without script (worker/forms/keys.ts) */
  | 'form-key'
  /** form submission keys the edge issues while the origin cannot (worker/forms/keys.ts) */
  | 'form-key-edge'
  /** the submission id a trapped bot is answered with (worker/forms/spam.ts) */
  | 'form-decoy';

/** The secrets the keys come from (the Worker's env; a plain object in tests and scripts). */
export interface SecretEnv {
  /** signs everything; a wrangler secret */
  SESSION_SECRET?: string | undefined;
  /** the secret SESSION_SECRET replaced, set during a rotation: verifies, never signs */
  SESSION_SECRET_PREVIOUS?: string | undefined;
}

/**
 * The release that brought derived keys still accepts what the release before it signed with the raw secret itself
 * (every purpose, one key), so its deploy logs nobody out, relocks nothing and keeps every receipt. Remove this, and
 * the raw keys with it, in the release after (docs/operations.md, "Rotating SESSION_SECRET").
 */
export const ACCEPTS_RAW_SECRET_SIGNATURES = true;

const encoder = new TextEncoder();
/** HKDF's salt: fixed, naming what the keys are for (RFC 5869 §3.1: a salt need not be secret). */
const SALT = encoder.encode('site-runtime:session-secret');
const HMAC = { name: 'HMAC', hash: 'SHA-256' } as const;
/** Web Crypto's key, named through `crypto` so this module also compiles where the DOM's types are absent (Node). */
type CryptoKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

const derived = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
const hmacKeys = new Map<string, Promise<CryptoKey>>();

/** The 256-bit key of one purpose under one secret (what Node scripts sign with: scripts/session.ts). */
export function purposeKeyBytes(secret: string, purpose: KeyPurpose): Promise<Uint8Array<ArrayBuffer>> {
  const id = `${purpose}\u0000${secret}`;
  let bytes = derived.get(id);
  if (!bytes) {
    bytes = crypto.subtle
      .importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveBits'])
      .then((ikm) => crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: SALT, info: encoder.encode(purpose) }, ikm, 256))
      .then((bits) => new Uint8Array(bits));
    derived.set(id, bytes);
  }
  return bytes;
}

function purposeKey(secret: string, purpose: KeyPurpose): Promise<CryptoKey> {
  const id = `${purpose}\u0000${secret}`;
  let key = hmacKeys.get(id);
  if (!key) {
    key = purposeKeyBytes(secret, purpose).then((bytes) => crypto.subtle.importKey('raw', bytes, HMAC, false, ['sign', 'verify']));
    hmacKeys.set(id, key);
  }
  return key;
}

/** The raw secret as an HMAC key, as the release before derived keys signed with it (verification only). */
function rawKey(secret: string): Promise<CryptoKey> {
  const id = `raw\u0000${secret}`;
  let key = hmacKeys.get(id);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), HMAC, false, ['verify']);
    hmacKeys.set(id, key);
  }
  return key;
}

const present = (secret: string | undefined): secret is string => typeof secret === 'string' && secret.length > 0;

/** Whether anything can be signed: SESSION_SECRET is set. */
export function canSign(env: SecretEnv): boolean {
  return present(env.SESSION_SECRET);
}

/** The key that signs for a purpose: the current secret's; null without SESSION_SECRET. */
export function signingKey(env: SecretEnv, purpose: KeyPurpose): Promise<CryptoKey> | null {
  return present(env.SESSION_SECRET) ? purposeKey(env.SESSION_SECRET, purpose) : null;
}

/**
 * The keys that verify for a purpose, in the order they are tried: the current secret's, the previous secret's, then
 * (for one release, ACCEPTS_RAW_SECRET_SIGNATURES) each secret used raw. None without SESSION_SECRET: a previous secret
 * alone verifies nothing, so forgetting to set the new one never leaves the old one in charge.
 */
export async function verifyingKeys(env: SecretEnv, purpose: KeyPurpose): Promise<CryptoKey[]> {
  if (!present(env.SESSION_SECRET)) return [];
  const secrets = [
    env.SESSION_SECRET,
    ...(present(env.SESSION_SECRET_PREVIOUS) && env.SESSION_SECRET_PREVIOUS !== env.SESSION_SECRET ? [env.SESSION_SECRET_PREVIOUS] : []),
  ];
  const keys = secrets.map((s) => purposeKey(s, purpose));
  if (ACCEPTS_RAW_SECRET_SIGNATURES) keys.push(...secrets.map(rawKey));
  return Promise.all(keys);
}

/** HMAC-SHA256 of a text under the purpose's signing key; null without SESSION_SECRET. */
export async function signText(env: SecretEnv, purpose: KeyPurpose, text: string): Promise<Uint8Array | null> {
  const key = signingKey(env, purpose);
  return key ? new Uint8Array(await crypto.subtle.sign('HMAC', await key, encoder.encode(text))) : null;
}

/** Whether `signature` is the HMAC of `text` under any key that verifies for the purpose (each compared in constant time). */
export async function verifyText(env: SecretEnv, purpose: KeyPurpose, signature: Uint8Array, text: string): Promise<boolean> {
  const data = encoder.encode(text);
  // a copy on an ArrayBuffer of its own, as Web Crypto's types ask (a view may sit on shared memory)
  const bytes = new Uint8Array(signature);
  for (const key of await verifyingKeys(env, purpose)) if (await crypto.subtle.verify('HMAC', key, bytes, data)) return true;
  return false;
}

// ----- signed cookies, in the format of hono's signed cookies: `{value}.{standard base64 of the HMAC}`, URI-encoded -----

function base64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

function fromBase64(text: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** A Set-Cookie value holding `value` signed for the purpose; null without SESSION_SECRET (nothing is set). */
export async function signedCookie(
  env: SecretEnv,
  purpose: KeyPurpose,
  name: string,
  value: string,
  options: CookieOptions,
): Promise<string | null> {
  const signature = await signText(env, purpose, value);
  return signature ? generateCookie(name, `${value}.${base64(signature)}`, options) : null;
}

/** Sets a cookie signed for the purpose on the response; false without SESSION_SECRET (nothing is set). */
export async function setSignedCookie(
  c: Context,
  purpose: KeyPurpose,
  name: string,
  value: string,
  options: CookieOptions,
): Promise<boolean> {
  const cookie = await signedCookie(c.env as SecretEnv, purpose, name, value, options);
  if (cookie) c.header('Set-Cookie', cookie, { append: true });
  return cookie !== null;
}

/**
 * The value of a cookie signed for the purpose by any key that verifies for it; null when the request has no such
 * cookie, or it is unsigned, tampered with, or signed by a secret no longer accepted.
 */
export async function readSignedCookie(c: Context, purpose: KeyPurpose, name: string): Promise<string | null> {
  const raw = getCookie(c, name);
  if (raw === undefined) return null;
  const dot = raw.lastIndexOf('.');
  if (dot < 0) return null;
  const value = raw.slice(0, dot);
  const text = raw.slice(dot + 1);
  // an HMAC-SHA256 is 32 bytes: 44 characters of standard base64, the last one padding
  const signature = text.length === 44 && text.endsWith('=') ? fromBase64(text) : null;
  if (!signature) return null;
  return (await verifyText(c.env as SecretEnv, purpose, signature, value)) ? value : null;
}
