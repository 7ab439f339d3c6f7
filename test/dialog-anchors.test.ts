// §5 Confirmation widget options, §9 anchors: where a confirmation of 350 × 200 sits in a 1280 × 900 viewport for each
// anchor, kept 20 px (a dialog's padding) inside its edges, and which anchor it takes by default.
import { describe, expect, it } from 'vitest';
import { anchorPosition, defaultAnchor, DIALOG, type ConfirmationAnchor } from '../shared/dialogs.ts';
import { BREAKPOINTS } from '../shared/limits.ts';

const BOX = { width: 350, height: 200 };
const VIEW = { width: 1280, height: 900 };

describe('§9 confirmation anchors', () => {
  it.each<[ConfirmationAnchor, Parameters<typeof anchorPosition>[3], { left: number; top: number } | null]>([
    ['MOUSE', { pointer: { x: 600, y: 300 } }, { left: 425, top: 300 }],
    ['MOUSE', { pointer: { x: 5, y: 890 } }, { left: 20, top: 680 }],
    ['MOUSE', {}, null],
    ['ELEMENT', { element: { left: 100, bottom: 240 } }, { left: 100, top: 240 }],
    ['ELEMENT', {}, null],
    ['TOP_LEFT', {}, { left: 20, top: 20 }],
    ['TOP_RIGHT', {}, { left: 910, top: 20 }],
    ['BOTTOM_LEFT', {}, { left: 20, top: 680 }],
    ['BOTTOM_RIGHT', {}, { left: 910, top: 680 }],
    ['CENTER', { pointer: { x: 600, y: 300 } }, null],
  ])('%s with %o sits at %o', (anchor, target, position) => expect(anchorPosition(anchor, BOX, VIEW, target)).toEqual(position));

  it("takes mobile's width from §9's breakpoints", () => expect(DIALOG.mobileMax).toBe(BREAKPOINTS.mobileMax));

  it.each([
    [1280, true, 'MOUSE'],
    [1280, false, 'CENTER'],
    [433, true, 'MOUSE'],
    [432, true, 'CENTER'],
    [390, false, 'CENTER'],
  ] as const)('a %i px viewport, a press before it %s: %s', (width, pointer, anchor) =>
    expect(defaultAnchor(width, pointer, DIALOG.mobileMax)).toBe(anchor),
  );
});
