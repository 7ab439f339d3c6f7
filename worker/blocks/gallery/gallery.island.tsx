// The gallery brought to life (§2 deep links, §4 Gallery navigation and Lightbox, §8 Gallery, §9 Gallery): moves
// with their motion lock, loop or clamped ends (reachedEnd/reachedBeginning on the root), the linked thumbnail strip,
// carousel groups, autoplay and its pauses, the arrow keys, swipes, deep links and history, the lightbox, and video
// slides that play in place, one video at a time on the page.
import { useAtom } from 'jotai';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import {
  arrowStep,
  captionMaxHeight,
  carouselGroups,
  carouselPerRow,
  controlsDisabled,
  galleryKind,
  historyEntry,
  isNavigable,
  keyboardApplies,
  moveTo,
  randomOther,
  slideFromHash,
  TRANSITIONS,
  transitionMs,
  type GalleryKind,
  type Transition,
} from '../../../shared/gallery/navigation.ts';
import { withAutoplay } from '../../../shared/video/embed.ts';
import { Lightbox } from '../../../client/ui/lightbox.tsx';
import { animateScrollLeft, isMobileWidth, isTyping, prefersReducedMotion, type ScrollAnimation } from '../../../client/ui/scroll.ts';
import { useSwipe } from '../../../client/ui/use-swipe.ts';
import { playingVideoAtom } from '../../../client/ui/video-state.ts';
import { GalleryView, type GalleryLive, type GalleryProps } from './gallery.view.tsx';

/** §9: resize and scroll-end work is debounced by 300 ms. */
const RESIZE_DEBOUNCE_MS = 300;

type Cause = 'visitor' | 'autoplay' | 'link';

interface KeyTarget {
  root: HTMLElement;
  /** whether the arrows may move it now (§4: on screen, not autoplaying) */
  listening(): boolean;
  step(by: -1 | 1): void;
}

// One listener for every gallery of the page: the arrows move the gallery that has the focus, else the first one on screen.
const keyTargets = new Set<KeyTarget>();
function onArrow(event: KeyboardEvent): void {
  const step = arrowStep(event.key);
  if (!step || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if (isTyping(event.target) || document.querySelector('dialog[open]')) return;
  const ready = [...keyTargets].filter((t) => t.listening());
  const target =
    ready.find((t) => t.root.contains(document.activeElement)) ??
    ready.sort((a, b) => (a.root.compareDocumentPosition(b.root) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
  if (!target) return;
  event.preventDefault();
  target.step(step);
}

export default function GalleryIsland(props: GalleryProps) {
  const { slides, blockId } = props;
  const count = slides.length;
  const kind: GalleryKind = galleryKind(props.design);
  const navigable = isNavigable(kind);
  const transition: Transition = navigable ? TRANSITIONS[kind] : 'none';

  const rootRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLUListElement>(null);
  const thumbnailsRef = useRef<HTMLOListElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [index, setIndex] = useState(0);
  const [perRow, setPerRow] = useState(1);
  const [lightboxAt, setLightboxAt] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [pausedByVisitor, setPausedByVisitor] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [onScreen, setOnScreen] = useState(false);
  const [captionCaps, setCaptionCaps] = useState<Readonly<Record<string, number>>>({});
  const [playing, setPlaying] = useAtom(playingVideoAtom);
  const motion = useRef<{ until: number; animation?: ScrollAnimation }>({ until: 0 });
  const indexRef = useRef(0);
  indexRef.current = index;

  const carousel = kind === 'carousel';
  const groups = carousel ? carouselGroups(count, perRow) : { last: count - 1, step: 1, controlsHidden: false };
  const last = groups.last;
  const playKey = (id: string) => `gallery:${blockId}:${id}`;
  const playingSlide = playing?.startsWith(`gallery:${blockId}:`) ? playing.slice(`gallery:${blockId}:`.length) : null;
  const autoplay =
    props.autoplay &&
    hydrated &&
    count > 1 &&
    !pausedByVisitor &&
    !hovered &&
    !focused &&
    onScreen &&
    playing === null &&
    lightboxAt === null;

  const emit = useCallback(
    (name: string, detail?: unknown) => rootRef.current?.dispatchEvent(new CustomEvent(name, { bubbles: true, detail })),
    [],
  );

  /** Shows `target` (a wanted index; wrapped or clamped by §4's rules). False when refused: the gallery is moving. */
  const go = useCallback(
    (requested: number, cause: Cause, animate = true): boolean => {
      const now = performance.now();
      if (now < motion.current.until) return false;
      const current = indexRef.current;
      const move = moveTo(current, requested, last, props.loop || cause === 'autoplay');
      if (move.reached) emit(move.reached === 'end' ? 'reachedEnd' : 'reachedBeginning', { index: current });
      if (move.index === current) return true;
      const ms = animate && !prefersReducedMotion() ? transitionMs(window.innerWidth, move.index - current) : 0;
      motion.current.until = now + ms;
      rootRef.current?.setAttribute('data-direction', move.direction);
      rootRef.current?.style.setProperty('--gallery-transition', `${ms}ms`);
      indexRef.current = move.index;
      setIndex(move.index);
      const slide = slides[move.index]!;
      if (cause === 'visitor') {
        setAnnouncement(`Slide ${move.index + 1} of ${count}: ${slide.title}`);
        if (props.historyHash) writeHistory(props.collectionUrl, slide);
      }
      emit('change', { index: move.index, direction: move.direction });
      return true;
    },
    [last, props.loop, props.historyHash, props.collectionUrl, slides, count, emit],
  );

  // listeners registered once (keys, hash changes) call the latest go, which knows the current groups
  const goRef = useRef(go);
  goRef.current = go;

  // the tracks follow the index (a slide, or the first slide of a carousel's group, to its place)
  useLayoutEffect(() => {
    if (!hydrated || transition !== 'slide') return;
    const track = trackRef.current;
    const slide = track?.children[index] as HTMLElement | undefined;
    if (!track || !slide) return;
    const ms = Math.max(0, motion.current.until - performance.now());
    motion.current.animation?.cancel();
    motion.current.animation = animateScrollLeft(track, slideOffset(track, slide, kind, props.activeAlignment), ms);
  }, [index, hydrated, transition, kind, props.activeAlignment]);

  // the linked thumbnail strip keeps the current slide's thumbnail in view, without scrolling the page
  useEffect(() => {
    const strip = thumbnailsRef.current;
    const thumb = strip?.children[index] as HTMLElement | undefined;
    if (!strip || !thumb || strip.scrollWidth <= strip.clientWidth) return;
    animateScrollLeft(strip, thumb.offsetLeft - (strip.clientWidth - thumb.offsetWidth) / 2, 200);
  }, [index]);

  // a video slide that is moved away from goes back to its poster
  useEffect(() => {
    if (playingSlide && slides[index]?.id !== playingSlide) setPlaying(null);
  }, [index, playingSlide, slides, setPlaying]);

  // mount: measure, listen, follow a deep link
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount: an island's props never change, and the listeners read the live slide through refs
  useEffect(() => {
    setHydrated(true);
    const root = rootRef.current!;
    const measure = () => setPerRow(carouselPerRow(props.slidesPerRow, window.innerWidth));
    measure();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    const seen = new IntersectionObserver(([entry]) => setOnScreen(!!entry?.isIntersecting));
    seen.observe(root);

    const target: KeyTarget = {
      root,
      listening: () =>
        navigable && keyboardApplies({ typing: false, onScreen: isOnScreen(root), autoplay: props.autoplay && !pausedRef.current }),
      step: (by) => goRef.current(indexRef.current + by * stepRef.current, 'visitor'),
    };
    if (keyTargets.size === 0) document.addEventListener('keydown', onArrow);
    keyTargets.add(target);

    const followHash = () => {
      const at = slideFromHash(location.hash, blockId, slides);
      if (at < 0) return;
      if (navigable) {
        motion.current.until = 0;
        goRef.current(at, 'link', false);
      } else if (props.lightbox) {
        setLightboxAt(at);
      }
      root.scrollIntoView({ block: 'center' });
    };
    followHash();
    window.addEventListener('hashchange', followHash);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
      window.removeEventListener('hashchange', followHash);
      seen.disconnect();
      keyTargets.delete(target);
      if (keyTargets.size === 0) document.removeEventListener('keydown', onArrow);
    };
    // once: an island's props never change, and what changes is read through refs
  }, []);
  const pausedRef = useRef(pausedByVisitor);
  pausedRef.current = pausedByVisitor;
  const stepRef = useRef(groups.step);
  stepRef.current = groups.step;

  // §9: a caption laid over its slide (slideshow and stacked, above the phone width) that is taller than 90% of the
  // slide is capped at 40% of it, and scrolls; measured again whenever the gallery or a caption changes size
  useEffect(() => {
    const root = rootRef.current;
    if (!hydrated || !props.showMeta || !root) return;
    const measure = () => {
      const caps: Record<string, number> = {};
      for (const slide of root.querySelectorAll<HTMLElement>('.gallery-slide')) {
        const caption = slide.querySelector<HTMLElement>('.gallery-slide-meta');
        const media = slide.querySelector<HTMLElement>('.gallery-slide-media');
        if (!caption || !media || !slide.dataset.slideId || getComputedStyle(caption).position !== 'absolute') continue;
        // scrollHeight is the caption's own height, capped or not, so a cap never undoes itself
        const cap = captionMaxHeight(caption.scrollHeight, media.offsetHeight);
        if (cap !== undefined) caps[slide.dataset.slideId] = cap;
      }
      setCaptionCaps((previous) => (sameCaps(previous, caps) ? previous : caps));
    };
    const resized = new ResizeObserver(() => measure());
    resized.observe(root);
    for (const caption of root.querySelectorAll('.gallery-slide-meta')) resized.observe(caption);
    return () => resized.disconnect();
  }, [hydrated, props.showMeta]);

  // a carousel that became wider keeps a full last group
  useEffect(() => {
    if (index > last) go(last, 'link', false);
  }, [index, last, go]);

  // §4 autoplay: every autoplay-duration, the next slide (a random other one when asked), wrapping at the end
  // biome-ignore lint/correctness/useExhaustiveDependencies: index restarts the timer whenever the slide changes, whoever moved it
  useEffect(() => {
    if (!autoplay) return;
    const timer = setTimeout(() => {
      const current = indexRef.current;
      const next = props.autoplayRandom ? randomOther(current, last + 1) : current + groups.step > last ? 0 : current + groups.step;
      go(next, 'autoplay');
    }, props.autoplayMs);
    return () => clearTimeout(timer);
  }, [autoplay, index, last, groups.step, props.autoplayMs, props.autoplayRandom, go]);

  // §9 swipe: the track follows the finger; its length, speed and time decide the slide
  useSwipe(trackRef, navigable && hydrated, {
    follow: transition === 'slide',
    onStart: () => motion.current.animation?.cancel(),
    onSwipe: (by) => {
      motion.current.until = 0;
      const current = indexRef.current;
      return go(current + by * groups.step, 'visitor') && indexRef.current !== current;
    },
    onCancel: () => {
      const track = trackRef.current;
      const slide = track?.children[indexRef.current] as HTMLElement | undefined;
      if (track && slide && transition === 'slide') animateScrollLeft(track, slideOffset(track, slide, kind, props.activeAlignment), 200);
    },
  });

  // §4: autoplay pauses while the mouse is over the gallery (not on mobile) and while the focus is inside it
  useEffect(() => {
    const root = rootRef.current;
    if (!root || !props.autoplay) return;
    const enter = (e: PointerEvent) => e.pointerType === 'mouse' && !isMobileWidth() && setHovered(true);
    const leave = () => setHovered(false);
    const focusIn = () => setFocused(true);
    const focusOut = (e: FocusEvent) => !root.contains(e.relatedTarget as Node | null) && setFocused(false);
    root.addEventListener('pointerenter', enter);
    root.addEventListener('pointerleave', leave);
    root.addEventListener('focusin', focusIn);
    root.addEventListener('focusout', focusOut);
    return () => {
      root.removeEventListener('pointerenter', enter);
      root.removeEventListener('pointerleave', leave);
      root.removeEventListener('focusin', focusIn);
      root.removeEventListener('focusout', focusOut);
    };
  }, [props.autoplay]);

  const onSlideClick = (position: number, event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const slide = slides[position]!;
    if (slide.video) {
      event.preventDefault();
      if (position !== indexRef.current && navigable) go(position, 'visitor');
      setPlaying(playKey(slide.id));
      return;
    }
    if (slide.clickThrough) return;
    if (props.lightbox) {
      event.preventDefault();
      setLightboxAt(position);
      return;
    }
    // §9 stacked: a click on the slide goes to the next one
    if (kind === 'stacked') go(indexRef.current + 1, 'visitor');
  };

  // the first render hydrates the server's markup: what only the browser can know waits for the next one
  const visible = (position: number) =>
    kind === 'strip' || (carousel ? position >= index && position < index + perRow : position === index);
  const live: GalleryLive = {
    index,
    // (the server marks no slide inert: neither may the render that hydrates its markup)
    visible: hydrated ? visible : () => true,
    disabled: hydrated ? controlsDisabled(index, last, props.loop) : { previous: !props.loop, next: count < 2 },
    controlsHidden: hydrated && groups.controlsHidden,
    playing: playingSlide,
    paused: pausedByVisitor,
    announcement,
    captionCaps,
    rootRef,
    trackRef,
    thumbnailsRef,
    onPrevious: () => go(indexRef.current - groups.step, 'visitor'),
    onNext: () => go(indexRef.current + groups.step, 'visitor'),
    onThumbnail: (position, event) => {
      event.preventDefault();
      motion.current.until = 0;
      go(position, 'visitor');
    },
    onSlideClick,
    onTogglePause: () => setPausedByVisitor((p) => !p),
  };

  if (count === 0) {
    console.warn('Did not find any slides, not instantiating gallery.');
    return <GalleryView {...props} />;
  }

  const playingHtml = playingSlide ? slides.find((s) => s.id === playingSlide)?.video : undefined;
  const viewProps = playingHtml
    ? {
        ...props,
        slides: slides.map((s) =>
          s.id === playingSlide && s.video ? { ...s, video: { ...s.video, html: withAutoplay(s.video.html, s.video.providerName) } } : s,
        ),
      }
    : props;
  const className = hydrated ? `${props.className} is-live gallery-transition-${transition}` : props.className;
  return (
    <>
      <GalleryView {...viewProps} className={className} live={live} />
      {lightboxAt !== null && (
        <Lightbox
          items={slides.map((s) => ({ image: s.image, title: s.title, description: s.excerpt }))}
          start={lightboxAt}
          theme={props.lightboxTheme}
          label={props.label}
          onIndexChange={(i) => {
            if (!navigable) return;
            motion.current.until = 0;
            go(i, 'link', false);
          }}
          onClose={() => setLightboxAt(null)}
        />
      )}
    </>
  );
}

/** Where the track (the slides' offset parent) scrolls to show `slide`: its start, or as a strip's active alignment says. */
function slideOffset(track: HTMLElement, slide: HTMLElement, kind: GalleryKind, alignment: GalleryProps['activeAlignment']): number {
  if (kind !== 'strip') return slide.offsetLeft;
  const space = track.clientWidth - slide.offsetWidth;
  if (alignment === 'right') return slide.offsetLeft - space;
  if (alignment === 'left') return slide.offsetLeft;
  return slide.offsetLeft - space / 2;
}

function sameCaps(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

function isOnScreen(element: HTMLElement): boolean {
  const r = element.getBoundingClientRect();
  return r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth;
}

/** §2: with historyHash, a slide change writes the slide's address back to history. */
function writeHistory(collectionUrl: string, slide: { id: string; url: string }): void {
  const hasHistory = typeof history.replaceState === 'function';
  const entry = historyEntry(collectionUrl, slide, hasHistory);
  if ('url' in entry) history.replaceState(history.state, '', entry.url);
  else location.hash = entry.hash;
}
