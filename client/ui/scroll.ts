// Moving a scroll container by script: an eased animation of a known length, so a gallery knows when its motion ends
// (§4: index changes are refused while it moves), and helpers shared by the islands that move tracks.

export interface ScrollAnimation {
  done: Promise<void>;
  cancel(): void;
}

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/** Scrolls `element` horizontally to `left` over `ms` (at once when ms is 0 or motion is reduced). */
export function animateScrollLeft(element: HTMLElement, left: number, ms: number): ScrollAnimation {
  const from = element.scrollLeft;
  const to = Math.max(0, Math.min(left, element.scrollWidth - element.clientWidth));
  if (ms <= 0 || from === to || prefersReducedMotion()) {
    element.scrollLeft = to;
    return { done: Promise.resolve(), cancel() {} };
  }
  let frame = 0;
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const start = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - start) / ms);
    element.scrollLeft = from + (to - from) * easeOutCubic(t);
    if (t < 1) frame = requestAnimationFrame(step);
    else finish();
  };
  frame = requestAnimationFrame(step);
  return {
    done,
    cancel() {
      cancelAnimationFrame(frame);
      finish();
    },
  };
}

export function prefersReducedMotion(): boolean {
  return matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** §9: mobile is a window of 432px or less. */
export function isMobileWidth(): boolean {
  return window.innerWidth <= 432;
}

/** Whether a key event's target is a place the visitor types in (arrows belong to it, §4). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.matches('input, textarea, select');
}
