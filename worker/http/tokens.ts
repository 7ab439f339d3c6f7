// The per-response random tokens: the CSP nonce of every page and the crumb of every new visitor. 128 random bits
// each, from the platform's CSPRNG, drawn from a buffer filled for 64 tokens at a time (one getRandomValues call per
// 64 responses instead of one per token; no bytes are ever used twice), and written as base64 by hand (the spread of
// String.fromCharCode and btoa, then three replaces for base64url, showed in a cached page's profile).
const TOKEN_BYTES = 16;
const POOL_TOKENS = 64;
let pool = new Uint8Array(0);
let at = 0;

function nextBytes(): Uint8Array {
  if (at + TOKEN_BYTES > pool.length) {
    pool = crypto.getRandomValues(new Uint8Array(TOKEN_BYTES * POOL_TOKENS));
    at = 0;
  }
  const bytes = pool.subarray(at, at + TOKEN_BYTES);
  at += TOKEN_BYTES;
  return bytes;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** 16 bytes as base64: 22 characters (no padding). */
function encode(bytes: Uint8Array, alphabet: string): string {
  let out = '';
  let i = 0;
  for (; i + 3 <= bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += alphabet[n >> 18]! + alphabet[(n >> 12) & 63]! + alphabet[(n >> 6) & 63]! + alphabet[n & 63]!;
  }
  // 16 = 5 * 3 + 1: one byte left, two characters
  const n = bytes[i]! << 16;
  return out + alphabet[n >> 18]! + alphabet[(n >> 12) & 63]!;
}

/** A CSP nonce: 128 random bits, base64 with its padding (24 characters), as btoa would write them. */
export function newNonce(): string {
  return `${encode(nextBytes(), BASE64)}==`;
}

/** A crumb: 128 random bits, base64url without padding (22 characters). */
export function newCrumb(): string {
  return encode(nextBytes(), BASE64URL);
}
