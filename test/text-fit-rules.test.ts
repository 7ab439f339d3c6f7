// §9 Text sizing and §2 Image block as tables: the size text shrink settles on, the minimum-font mark of an image
// block's text, and the narrow style from a block's measured width.
import { describe, expect, it } from 'vitest';
import { atMinimumFont, fittedFontSize, isNarrowImageBlock, TEXT_SHRINK } from '../shared/text-fit.ts';

describe('text shrink', () => {
  it('keeps §9’s constants: 11 px at least, a 100 ms debounce, a 3 px tolerance', () => {
    expect(TEXT_SHRINK).toEqual({ minFontPx: 11, debounceMs: 100, tolerancePx: 3 });
  });

  // `largest`: the largest whole size at which the text fits (it fits at every size up to it)
  it.each([
    ['a text that fits keeps its size', 30, 40, 30],
    ['a text that fits nowhere gets the minimum', 30, 5, 11],
    ['a text at the minimum already is left alone', 11, 5, 11],
    ['a text below the minimum is left alone', 9, 5, 9],
    ['a text that fits only at the minimum gets it', 30, 11, 11],
    ['the size found is within 3 px below the largest that fits', 40, 25, 23],
    ['…and never above it', 40, 12, 11],
    ['a size just below its own', 30, 29, 28],
  ])('%s', (_rule, natural, largest, expected) => {
    const asked: number[] = [];
    const size = fittedFontSize(natural, (px) => {
      asked.push(px);
      return px <= largest;
    });
    expect(size).toBe(expected);
    if (size !== natural) {
      expect(size).toBeLessThanOrEqual(Math.max(largest, TEXT_SHRINK.minFontPx));
      expect(Math.max(largest, TEXT_SHRINK.minFontPx) - size).toBeLessThanOrEqual(TEXT_SHRINK.tolerancePx);
    }
    // a handful of measurements, not one per pixel
    expect(asked.length).toBeLessThanOrEqual(6);
  });
});

describe('image block text at its minimum font (§9: 13 px or less)', () => {
  it.each([
    [11, true],
    [13, true],
    [13.5, false],
    [14, false],
  ])('%s px: %s', (px, marked) => expect(atMinimumFont(px)).toBe(marked));
});

describe('the image block’s narrow style (§2, §9: under 415 px wide)', () => {
  it.each([
    [300, true],
    [414, true],
    [414.9, true],
    [415, false],
    [800, false],
  ])('%s px wide: narrow %s', (width, narrow) => expect(isNarrowImageBlock(width)).toBe(narrow));
});
