// §9 Tooltips: where a tooltip of 200 × 40 goes in a 1280 × 900 viewport for a pointer, 15 px from it and 20 px
// inside the edges, flipped above or to the left near the bottom or right edge.
import { describe, expect, it } from 'vitest';
import { TOOLTIP, tooltipPosition } from '../shared/tooltip.ts';

const SIZE = { width: 200, height: 40 };
const VIEW = { width: 1280, height: 900 };

describe('§9 tooltip placement', () => {
  it('keeps §9’s numbers', () =>
    expect(TOOLTIP).toEqual({ showDelayMs: 1200, width: 250, style: 'info', mouseOffset: 15, edgeMargin: 20 }));

  it.each([
    ['in the open', { x: 400, y: 300 }, { left: 415, top: 315 }],
    ['near the right edge: to the left of the pointer', { x: 1200, y: 300 }, { left: 985, top: 315 }],
    ['near the bottom: above the pointer', { x: 400, y: 870 }, { left: 415, top: 815 }],
    ['in the bottom right corner', { x: 1270, y: 890 }, { left: 1055, top: 835 }],
    ['at the top left: 20 px inside', { x: 0, y: 0 }, { left: 20, top: 20 }],
  ])('%s', (_where, at, position) => expect(tooltipPosition(SIZE, VIEW, at)).toEqual(position));
});
