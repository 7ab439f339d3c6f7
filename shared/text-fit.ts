// Text sizing (§9 Text sizing, §2 Image block): the two readings of §9 as one rule set. Text shrink takes a text's
// font down until its longest word fits its box, never below 11 px, re-checked 100 ms after the box stops changing,
// and settles within a 3 px tolerance of the largest size that fits; an image block's text whose size ends at 13 px
// or less is marked as at its minimum. An image block is narrow below 415 px of measured width. Pure: the browser
// half (worker/blocks/image/image-fit.island.ts) measures, this decides.
import { BREAKPOINTS } from './limits.ts';

export const TEXT_SHRINK = {
  /** no text is shrunk below this size */
  minFontPx: 11,
  /** the resize debounce */
  debounceMs: 100,
  /** the search stops once the largest size that fits is known within this much */
  tolerancePx: 3,
} as const;

/** §9: an image block's auto-sized text at this size or less is marked as at its minimum font */
export const IMAGE_TEXT_MIN_MARK_PX = 13;

/** §2, §9: an image block is narrow under 415 px wide, from its measured width */
export const isNarrowImageBlock = (widthPx: number): boolean => widthPx < BREAKPOINTS.imageNarrowBelow;

/**
 * The font size a text gets: its own size when it fits, else the largest size found to fit (within the tolerance) from
 * the minimum up, else the minimum. `fits(size)` says whether the text fits its box at that size.
 */
export function fittedFontSize(naturalPx: number, fits: (px: number) => boolean): number {
  const { minFontPx, tolerancePx } = TEXT_SHRINK;
  if (naturalPx <= minFontPx || fits(naturalPx)) return naturalPx;
  let lo: number = minFontPx;
  let hi: number = naturalPx;
  if (!fits(lo)) return lo;
  while (hi - lo > tolerancePx) {
    const mid = Math.round((lo + hi) / 2);
    if (mid === lo || mid === hi) break;
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Whether an image block's auto-sized text is at its minimum font (§9: 13 px or less). */
export const atMinimumFont = (px: number): boolean => px <= IMAGE_TEXT_MIN_MARK_PX;
