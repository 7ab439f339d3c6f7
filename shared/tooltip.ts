// §9 Tooltips: the tooltip's timing, size and placement (client/ui/tooltip.ts draws it), as pure rules.

/** §9: show delay 1200 ms, width 250, style info, mouse offset 15, edge margin 20. */
export const TOOLTIP = { showDelayMs: 1200, width: 250, style: 'info', mouseOffset: 15, edgeMargin: 20 } as const;

/**
 * Where a tooltip of this size goes: below and to the right of the pointer by the mouse offset (below the element, at
 * its left edge, for the keyboard's focus), flipped above or to the left when it would come nearer the viewport's edge
 * than the edge margin, and kept inside that margin.
 */
export function tooltipPosition(
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  at: { x: number; y: number },
): { left: number; top: number } {
  const { mouseOffset: o, edgeMargin: m } = TOOLTIP;
  let left = at.x + o;
  let top = at.y + o;
  if (left + size.width > viewport.width - m) left = at.x - o - size.width;
  if (top + size.height > viewport.height - m) top = at.y - o - size.height;
  const clamp = (value: number, extent: number, room: number) => Math.round(Math.max(m, Math.min(value, room - extent - m)));
  return { left: clamp(left, size.width, viewport.width), top: clamp(top, size.height, viewport.height) };
}
