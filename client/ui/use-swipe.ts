// Touch swipes on a track (§9 Gallery swipe): while a finger drags sideways the track follows it (when it scrolls),
// and when it lifts, §9's thresholds decide between the next item, the previous one, or going back where it was.
// Shared by the gallery and the summary carousel.
import { useEffect, useRef, type RefObject } from 'react';
import { swipeOutcome } from '../../shared/gallery/navigation.ts';

export interface SwipeHandlers {
  /** the track follows the finger (a scrolling track; a fading slideshow does not move until the end) */
  follow: boolean;
  /** a drag began: stop any motion of the track */
  onStart?: () => void;
  /** a swipe to the next (1) or previous (-1) item; false when there is nowhere to go */
  onSwipe: (by: 1 | -1) => boolean;
  /** the drag did not move to another item: put the track back */
  onCancel: () => void;
}

/** Listens for touch and pen drags on `track` while `enabled`; the handlers may change between renders. */
export function useSwipe(track: RefObject<HTMLElement | null>, enabled: boolean, handlers: SwipeHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const el = track.current;
    if (!el || !enabled) return;
    let start: { x: number; y: number; t: number; left: number; id: number } | undefined;
    const down = (e: PointerEvent) => {
      if (e.pointerType === 'mouse' || !e.isPrimary) return;
      start = { x: e.clientX, y: e.clientY, t: performance.now(), left: el.scrollLeft, id: e.pointerId };
      latest.current.onStart?.();
    };
    const move = (e: PointerEvent) => {
      if (!start || e.pointerId !== start.id || !latest.current.follow) return;
      const dx = e.clientX - start.x;
      if (Math.abs(dx) > Math.abs(e.clientY - start.y)) el.scrollLeft = start.left - dx;
    };
    const up = (e: PointerEvent) => {
      if (!start || e.pointerId !== start.id) return;
      const outcome = swipeOutcome({
        dx: e.clientX - start.x,
        dy: e.clientY - start.y,
        ms: performance.now() - start.t,
        width: el.clientWidth,
      });
      start = undefined;
      const moved = (outcome === 'next' || outcome === 'previous') && latest.current.onSwipe(outcome === 'next' ? 1 : -1);
      if (!moved) latest.current.onCancel();
    };
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
    return () => {
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', up);
    };
  }, [track, enabled]);
}
