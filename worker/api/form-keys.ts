// Form submission keys (§7 FormSubmissionKey): signed, expiring and bound to the site. The key call names no form, so
// no form's inbox can issue them; each inbox makes them single-use instead, by recording the key of every submission
// it stores. Signing means a key needs no storage until it is used, and a made-up or foreign key is refused at once.
import { FORM_KEY_TTL_MS } from './limits.ts';

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
}

const message = (websiteId: string, payload: string) => encoder.encode(`form-key:${websiteId}:${payload}`);

/** {expiry in base 36}.{16 random bytes}.{HMAC-SHA256 of site and both} */
const KEY_PATTERN = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export async function issueFormKey(secret: string, websiteId: string, now = Date.now()): Promise<string> {
  const payload = `${(now + FORM_KEY_TTL_MS).toString(36)}.${toBase64Url(crypto.getRandomValues(new Uint8Array(16)))}`;
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), message(websiteId, payload));
  return `${payload}.${toBase64Url(new Uint8Array(signature))}`;
}

export type KeyCheck = 'valid' | 'expired' | 'invalid';

/** Whether a key was issued for this site by this edge ('invalid' otherwise) and is still usable for a first submission. */
export async function checkFormKey(secret: string, websiteId: string, key: string, now = Date.now()): Promise<KeyCheck> {
  const m = KEY_PATTERN.exec(key);
  if (!m) return 'invalid';
  const payload = `${m[1]}.${m[2]}`;
  // verify compares in constant time
  const ok = await crypto.subtle.verify('HMAC', await hmacKey(secret), fromBase64Url(m[3]!), message(websiteId, payload));
  if (!ok) return 'invalid';
  return parseInt(m[1]!, 36) > now ? 'valid' : 'expired';
}

/** A key from the product origin (proxy mode): opaque, so only its shape is checked. */
export function isPlausibleKey(key: string): boolean {
  return /^[\x21-\x7e]{1,200}$/.test(key);
}
