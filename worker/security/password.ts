// Verifies salted PBKDF2-SHA256 password hashes from the snapshot with Web Crypto, in constant time.
import type { PasswordHash } from '../../shared/snapshot/common.ts';

function fromBase64(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export async function derivePbkdf2(password: string, salt: Uint8Array, iterations: number, bytes: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, bytes * 8);
  return new Uint8Array(bits);
}

/** Constant-time comparison of two byte strings of any length. */
export function timingSafeEqualBytes(a: Uint8Array, b: Uint8Array): boolean {
  const len = Math.max(a.length, b.length);
  let diff = a.length ^ b.length;
  for (let i = 0; i < len; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  if (password.length === 0 || password.length > 1024) return false;
  const expected = fromBase64(stored.hash);
  const actual = await derivePbkdf2(password, fromBase64(stored.salt), stored.iterations, expected.length);
  return timingSafeEqualBytes(actual, expected);
}
