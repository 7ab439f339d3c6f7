// Identifiers of the store: §9's GUID (20 hex characters) for lines, orders, contributions and gift cards, and a
// 128-bit secret for the cart cookie (it is the cart's only key, so it must not be guessable).
import { toBase64Url } from './base64url.ts';

/** §9: a GUID is 20 hex characters. */
export function guid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

export const GUID_PATTERN = /^[0-9a-f]{20}$/;

/** A new cart's id: 128 random bits, base64url (22 characters). */
export function newCartId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return toBase64Url(bytes);
}

export const CART_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** A gift card's code as its recipient types it: four groups of four, from letters and digits that cannot be misread. */
export function giftCardCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let code = '';
  for (let i = 0; i < 16; i++) {
    if (i > 0 && i % 4 === 0) code += '-';
    code += alphabet[bytes[i]! % alphabet.length];
  }
  return code;
}
