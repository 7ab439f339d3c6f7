// The per-response random tokens (worker/http/tokens.ts): well formed, as btoa would write the same bytes, and
// never repeated, across the refills of the buffer they are drawn from.
import { describe, expect, it } from 'vitest';
import { isValidCrumb } from '../worker/middleware/crumb.ts';
import { newCrumb, newNonce } from '../worker/http/tokens.ts';

function bytesOf(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

describe('random tokens', () => {
  it('writes a nonce as 128 bits of standard base64 with its padding, exactly as btoa writes them', () => {
    for (let i = 0; i < 500; i++) {
      const nonce = newNonce();
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const bytes = bytesOf(nonce);
      expect(bytes.length).toBe(16);
      expect(btoa(String.fromCharCode(...bytes))).toBe(nonce);
    }
  });

  it('writes a crumb as 128 bits of base64url without padding, which the crumb check accepts', () => {
    for (let i = 0; i < 500; i++) {
      const crumb = newCrumb();
      expect(crumb).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(isValidCrumb(crumb)).toBe(true);
      const standard = `${crumb.replace(/-/g, '+').replace(/_/g, '/')}==`;
      expect(bytesOf(standard).length).toBe(16);
    }
  });

  it('never gives the same token twice, across many refills of its buffer', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      seen.add(newNonce());
      seen.add(`c:${newCrumb()}`);
    }
    expect(seen.size).toBe(10_000);
  });

  it('uses every value of every character position (the bytes are random, not a fixed pattern)', () => {
    const firstChars = new Set<string>();
    const lastChars = new Set<string>();
    for (let i = 0; i < 4000; i++) {
      const crumb = newCrumb();
      firstChars.add(crumb[0]!);
      lastChars.add(crumb[21]!);
    }
    expect(firstChars.size).toBe(64);
    // the 22nd character carries the last byte's low 2 bits followed by zeros: 4 values
    expect(lastChars.size).toBe(4);
  });
});
