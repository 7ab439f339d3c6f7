// The gallery's rules (§2 deep links, §4 Gallery navigation, §5 Gallery options, §9 Gallery): pure
// functions of numbers and strings, shared by the gallery and summary islands and the lightbox, tested from the
// spec's tables (test/gallery-rules.test.ts).

/** §4 design mapping: the gallery each block design runs as. */
export const DESIGN_KINDS = {
  stacked: 'base',
  slider: 'strip',
  slideshow: 'stacked',
  grid: 'grid',
  autogrid: 'autogrid',
  autocolumns: 'autocolumns',
  carousel: 'carousel',
  list: 'list',
} as const;
export type GalleryDesign = keyof typeof DESIGN_KINDS;
export type GalleryKind = (typeof DESIGN_KINDS)[GalleryDesign];

/** §4: stacked→base, slider→strip, slideshow→stacked; grid, autogrid, autocolumns, carousel and list keep their names. */
export function galleryKind(design: GalleryDesign): GalleryKind {
  return DESIGN_KINDS[design];
}

/** How each kind moves between slides. */
export const TRANSITIONS = { base: 'slide', strip: 'slide', stacked: 'fade', carousel: 'slide' } as const;
export type Transition = (typeof TRANSITIONS)[keyof typeof TRANSITIONS] | 'none';

/** Kinds that show one slide (or one group) at a time and move between them; the others lay every slide out. */
export function isNavigable(kind: GalleryKind): kind is keyof typeof TRANSITIONS {
  return Object.hasOwn(TRANSITIONS, kind);
}

/** Kinds that loop unless the block says otherwise: a slideshow comes round again; strips and carousels stop. */
export function loopsByDefault(kind: GalleryKind): boolean {
  return kind === 'stacked' || kind === 'base';
}

/** §4: currentIndex wraps modulo the number of slides; negative values count from the end. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

export type Direction = 'fwd' | 'rev';
export type Reached = 'end' | 'beginning';

export interface Move {
  /** the index the gallery shows after the move */
  index: number;
  /** fwd when asked forward (next, or a higher index), rev otherwise; next from the last slide of a loop is fwd */
  direction: Direction;
  /** without loop, a next or previous that found the gallery at its end (the index stays: reachedEnd/reachedBeginning) */
  reached?: Reached;
}

/**
 * §4: the move a request for `requested` makes from `current` (`last` is the highest index a move may reach: the last
 * slide, or the first slide of the last group of a carousel). With loop the index wraps; without, it is clamped, and a
 * next or previous at an end reports that end.
 */
export function moveTo(current: number, requested: number, last: number, loop: boolean): Move {
  const direction: Direction = requested >= current ? 'fwd' : 'rev';
  if (loop) return { index: wrapIndex(requested, last + 1), direction };
  if (requested > last) return current >= last ? { index: last, direction, reached: 'end' } : { index: last, direction };
  if (requested < 0) return current <= 0 ? { index: 0, direction, reached: 'beginning' } : { index: 0, direction };
  return { index: requested, direction };
}

/** Controls at an end of a gallery that does not loop are disabled (§4), so are both when there is nowhere to go. */
export function controlsDisabled(index: number, last: number, loop: boolean): { previous: boolean; next: boolean } {
  if (last <= 0) return { previous: true, next: true };
  return loop ? { previous: false, next: false } : { previous: index <= 0, next: index >= last };
}

/** §9 carousel: 3 per row by default, at most 2 below a 480px window and at most 3 below 724px. */
export function carouselPerRow(slidesPerRow: number, windowWidth: number): number {
  const wanted = Math.max(1, Math.floor(slidesPerRow || 3));
  if (windowWidth < 480) return Math.min(wanted, 2);
  if (windowWidth < 724) return Math.min(wanted, 3);
  return wanted;
}

/**
 * §4 carousel: a move goes a group (a row) at a time; the highest first visible slide leaves the last row full, and
 * the controls are hidden when every slide fits.
 */
export function carouselGroups(count: number, perRow: number): { last: number; step: number; controlsHidden: boolean } {
  return { last: Math.max(0, count - perRow), step: perRow, controlsHidden: count <= perRow };
}

/** §4: autoplay in random order picks a different slide each time (the same one only when there is one). */
export function randomOther(current: number, count: number, random: () => number = Math.random): number {
  if (count <= 1) return 0;
  const pick = Math.floor(random() * (count - 1));
  return pick >= current ? pick + 1 : pick;
}

/** §9: autoplay moves every autoplay-duration seconds (5 by default). */
export function autoplayDelayMs(durationSeconds: number | undefined): number {
  return durationSeconds && durationSeconds > 0 ? Math.round(durationSeconds * 1000) : 5000;
}

/** §9: the left arrow (37) goes back and the right arrow (39) forward. */
export function arrowStep(key: string): -1 | 1 | 0 {
  if (key === 'ArrowLeft' || key === 'Left') return -1;
  if (key === 'ArrowRight' || key === 'Right') return 1;
  return 0;
}

/** §4: arrows do nothing while typing in an input, while the gallery is off screen, or while autoplay is on. */
export function keyboardApplies(state: { typing: boolean; onScreen: boolean; autoplay: boolean }): boolean {
  return !state.typing && state.onScreen && !state.autoplay;
}

/** §9 swipe: a 10px drag threshold, a tap under 250 ms, and a change after half the width, a velocity above 1 px/ms, or 50px within 250 ms. */
export const SWIPE = { dragThresholdPx: 10, tapMs: 250, quickPx: 50, quickMs: 250, velocity: 1 } as const;

/** What a finished touch drag means: a tap, a move to the next or previous slide, or nothing (it snaps back). */
export function swipeOutcome(g: { dx: number; dy: number; ms: number; width: number }): 'tap' | 'next' | 'previous' | 'none' {
  const ax = Math.abs(g.dx);
  const ay = Math.abs(g.dy);
  if (ax < SWIPE.dragThresholdPx && ay < SWIPE.dragThresholdPx) return g.ms < SWIPE.tapMs ? 'tap' : 'none';
  if (ay > ax) return 'none'; // the page scrolls
  const ms = Math.max(1, g.ms);
  const far = ax >= g.width / 2;
  const fast = ax / ms > SWIPE.velocity;
  const quick = ax >= SWIPE.quickPx && ms <= SWIPE.quickMs;
  if (!(far || fast || quick)) return 'none';
  return g.dx < 0 ? 'next' : 'previous';
}

/** §9: a move takes 0.2–0.4 s below a 767px window and 0.3–0.5 s otherwise: the short end for one slide, longer for a jump. */
export function transitionMs(windowWidth: number, distance: number): number {
  const [min, max] = windowWidth < 767 ? [200, 400] : [300, 500];
  return Math.min(max, min + Math.max(0, Math.abs(distance) - 1) * 50);
}

/** §9: a caption overlay taller than 90% of the gallery is capped at 40% of its height. */
export function captionMaxHeight(captionHeight: number, galleryHeight: number): number | undefined {
  return captionHeight > galleryHeight * 0.9 ? Math.round(galleryHeight * 0.4) : undefined;
}

export interface SlideRef {
  id: string;
  url: string;
}

/**
 * §2: the slide a URL's hash asks for: `#itemId=…`, or `#{key}=…` with this gallery's own history-hash key, matched
 * against each slide's id (data-slide-id) or URL (data-slide-url). -1 when it names none.
 */
export function slideFromHash(hash: string, key: string, slides: readonly SlideRef[]): number {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const wanted = params.get(key) ?? params.get('itemId');
  if (!wanted) return -1;
  return slides.findIndex((s) => s.id === wanted || s.url === wanted);
}

/**
 * §2: what a slide change writes back to history when historyHash is on. With the History API the address becomes
 * {collection fullUrl}{slide URL} (the slide's own page); without it, the hash carries itemId={slide id}.
 */
export function historyEntry(collectionUrl: string, slide: SlideRef, hasHistory: boolean): { url: string } | { hash: string } {
  if (!hasHistory) return { hash: `itemId=${encodeURIComponent(slide.id)}` };
  const base = collectionUrl.endsWith('/') ? collectionUrl : `${collectionUrl}/`;
  return { url: `${base}${slide.url}` };
}

/** §9 lightbox: loops on desktop but not on mobile (432px or less). */
export function lightboxLoops(windowWidth: number): boolean {
  return windowWidth > 432;
}

/** §9 lightbox: a click within 2%–98% of the viewport's width goes to the next slide on the right half, the previous on the left. */
export function lightboxClickZone(x: number, viewportWidth: number): 'previous' | 'next' | 'none' {
  const at = x / viewportWidth;
  if (at < 0.02 || at > 0.98) return 'none';
  return at >= 0.5 ? 'next' : 'previous';
}

/** §9 lightbox: arrow keys act at most once per 200 ms. */
export const LIGHTBOX_KEY_THROTTLE_MS = 200;
