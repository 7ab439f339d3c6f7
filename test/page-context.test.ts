// The page and website context is serialised once per document, escaped so that no '</script>' can close it early.
import { describe, expect, it } from 'vitest';
import { decodeFromScript, encodeForScript } from '../shared/page-context.ts';

describe('encodeForScript', () => {
  it.each([
    ['a closing script tag', { title: '</script><script>alert(1)</script>' }],
    ['an HTML comment opener', { text: '<!-- hidden -->' }],
    ['line and paragraph separators', { text: 'one\u2028two\u2029three' }],
    ['ampersands and quotes', { text: `Tom & Jerry's "show"` }],
    ['nested values', { a: [1, 2, { b: null, c: true }], d: 'ü — ✓' }],
  ])('round-trips %s', (_name, value) => {
    const encoded = encodeForScript(value);
    expect(encoded).not.toMatch(/<\/?script/i);
    expect(encoded).not.toContain('<');
    expect(encoded).not.toContain('\u2028');
    expect(decodeFromScript(encoded)).toEqual(value);
  });

  it('writes each character that could end the script or a line as its JSON escape, and nothing else', () => {
    expect(encodeForScript({ a: 'x<y>z&\u2028\u2029"é' })).toBe('{"a":"x\\u003cy\\u003ez\\u0026\\u2028\\u2029\\"é"}');
  });
});
