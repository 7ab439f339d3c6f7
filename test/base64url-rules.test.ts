// base64url (RFC 4648 §5, no padding): the one encoding of the session and flash cookies, the cart id and form
// submission keys (shared/base64url.ts), from the RFC's own test vectors.
import { describe, expect, it } from 'vitest';
import { fromBase64Url, fromBase64UrlText, toBase64Url } from '../shared/base64url.ts';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('base64url', () => {
  it.each([
    ['', ''],
    ['f', 'Zg'],
    ['fo', 'Zm8'],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg'],
    ['fooba', 'Zm9vYmE'],
    ['foobar', 'Zm9vYmFy'],
  ])('writes %j as %j (RFC 4648 §10) and reads it back', (text, encoded) => {
    expect(toBase64Url(text)).toBe(encoded);
    expect(fromBase64UrlText(encoded)).toBe(text);
  });

  it("uses '-' and '_' where base64 has '+' and '/', and no padding", () => {
    expect(toBase64Url(bytes(0xfb, 0xff, 0xbf))).toBe('-_-_');
    expect(toBase64Url(bytes(0xfb, 0xff))).toBe('-_8');
    expect(fromBase64Url('-_-_')).toEqual(bytes(0xfb, 0xff, 0xbf));
  });

  it('writes a string as UTF-8', () => {
    const text = '{"a":"Zoë ✓ 🌲"}';
    expect(toBase64Url(text)).toBe(toBase64Url(new TextEncoder().encode(text)));
    expect(fromBase64UrlText(toBase64Url(text))).toBe(text);
  });

  it('reads every length of random bytes back as they were', () => {
    for (let length = 0; length < 40; length++) {
      const data = crypto.getRandomValues(new Uint8Array(length));
      const encoded = toBase64Url(data);
      expect(encoded).toMatch(/^[A-Za-z0-9_-]*$/);
      expect(encoded.length).toBe(Math.ceil((length * 4) / 3));
      expect(fromBase64Url(encoded)).toEqual(data);
    }
  });

  it('reads a padded value too', () => {
    expect(fromBase64UrlText('Zm8=')).toBe('fo');
  });

  it.each([
    ['standard base64', 'a+b/'],
    ['whitespace', 'Zm9v Yg'],
    ['a lone last character', 'Zm9vY'],
    ['other characters', 'Zm9v!'],
  ])('refuses %s', (_what, value) => {
    expect(() => fromBase64Url(value)).toThrow(SyntaxError);
  });
});
