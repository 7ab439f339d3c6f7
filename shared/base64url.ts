// base64url (RFC 4648 §5) without padding, the one encoding of every value the runtime puts in a cookie or a token:
// the session and flash cookies, the cart id, form submission keys. Bytes or a string's UTF-8 in, ASCII out.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Bytes, or a string as UTF-8, as base64url without padding. */
export function toBase64Url(data: Uint8Array | string): string {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  let out = '';
  let i = 0;
  for (; i + 3 <= bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const left = bytes.length - i;
  if (left === 0) return out;
  const n = (bytes[i]! << 16) | (left === 2 ? bytes[i + 1]! << 8 : 0);
  return out + ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + (left === 2 ? ALPHABET[(n >> 6) & 63]! : '');
}

const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;

/** The bytes of a base64url value (padding optional). Throws on anything else: a standard '+' or '/', whitespace, a lone last character. */
export function fromBase64Url(text: string): Uint8Array {
  const unpadded = text.replace(/=+$/, '');
  if (!BASE64URL.test(text) || unpadded.length % 4 === 1) throw new SyntaxError('not a base64url value');
  const binary = atob(unpadded.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The UTF-8 text a base64url value holds. Throws as fromBase64Url does. */
export function fromBase64UrlText(text: string): string {
  return new TextDecoder().decode(fromBase64Url(text));
}
