// Prints the snapshot `passwordHash` JSON for a password (accounts, locked pages, locked sites): `npx tsx scripts/hash-password.ts <password>`.
import { pathToFileURL } from 'node:url';
import type { PasswordHash } from '../shared/snapshot/common.ts';

/** The Workers runtime refuses PBKDF2 above 100000 iterations, and the worker verifies with the same Web Crypto calls. */
const ITERATIONS = 100_000;
const SALT_BYTES = 16;
const KEY_BITS = 256;

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}

export async function hashPassword(password: string): Promise<PasswordHash> {
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const key = await globalThis.crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await globalThis.crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: ITERATIONS }, key, KEY_BITS);
  return { algorithm: 'PBKDF2-SHA256', iterations: ITERATIONS, salt: toBase64(salt), hash: toBase64(new Uint8Array(bits)) };
}

// other scripts may import hashPassword without printing anything
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const password = process.argv[2];
  if (password === undefined || password === '') {
    console.error('usage: npx tsx scripts/hash-password.ts <password>');
    process.exit(1);
  }
  console.log(JSON.stringify(await hashPassword(password)));
}
