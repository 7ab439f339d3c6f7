// The summary carousel brought to life with the gallery's carousel rules (§4, §9): a group of items at a time, 3 per
// row at most below 724px and 2 below 480px, previous and next disabled at the first and last group and hidden when
// every item fits, moves refused while the track moves, swipes on touch.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { carouselGroups, controlsDisabled, moveTo, transitionMs } from '../../../shared/gallery/navigation.ts';
import { animateScrollLeft, prefersReducedMotion, type ScrollAnimation } from '../../../client/ui/scroll.ts';
import { useSwipe } from '../../../client/ui/use-swipe.ts';
import { SummaryView, type SummaryProps } from './summary.view.tsx';

/** §9: resize work is debounced by 300 ms. */
const RESIZE_DEBOUNCE_MS = 300;

/** How many cards the track shows at once: measured, since the stylesheet lays them out for the window's width. */
function cardsInView(track: HTMLElement): number {
  const first = track.children[0] as HTMLElement | undefined;
  if (!first) return 1;
  const gap = parseFloat(getComputedStyle(track).columnGap) || 0;
  return Math.max(1, Math.round((track.clientWidth + gap) / (first.offsetWidth + gap)));
}

export default function SummaryIsland(props: SummaryProps) {
  const count = props.entries.length;
  const trackRef = useRef<HTMLUListElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [index, setIndex] = useState(0);
  const [perRow, setPerRow] = useState(1);
  const [announcement, setAnnouncement] = useState('');
  const motion = useRef<{ until: number; animation?: ScrollAnimation }>({ until: 0 });
  const { last, step, controlsHidden } = carouselGroups(count, perRow);

  useEffect(() => {
    setHydrated(true);
    const track = trackRef.current!;
    const measure = () => setPerRow(cardsInView(track));
    measure();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  /** Moves to `requested` by §4's rules; whether the track moved (not while it moves, not past an end). */
  const go = (requested: number): boolean => {
    const now = performance.now();
    if (now < motion.current.until) return false;
    const move = moveTo(index, requested, last, false);
    if (move.reached)
      trackRef.current?.dispatchEvent(new CustomEvent(move.reached === 'end' ? 'reachedEnd' : 'reachedBeginning', { bubbles: true }));
    if (move.index === index) return false;
    motion.current.until = now + (prefersReducedMotion() ? 0 : transitionMs(window.innerWidth, 1));
    setIndex(move.index);
    const shown = Math.min(count, move.index + perRow);
    setAnnouncement(`Items ${move.index + 1} to ${shown} of ${count}`);
    return true;
  };

  useEffect(() => {
    if (index > last) setIndex(last);
  }, [index, last]);

  useLayoutEffect(() => {
    const track = trackRef.current;
    const card = track?.children[index] as HTMLElement | undefined;
    if (!hydrated || !track || !card) return;
    motion.current.animation?.cancel();
    motion.current.animation = animateScrollLeft(track, card.offsetLeft, Math.max(0, motion.current.until - performance.now()));
  }, [index, hydrated]);

  // §9 swipe on touch
  useSwipe(trackRef, hydrated, {
    follow: true,
    onSwipe: (by) => {
      motion.current.until = 0;
      return go(index + by * step);
    },
    onCancel: () => {
      const card = trackRef.current?.children[index] as HTMLElement | undefined;
      if (card) animateScrollLeft(trackRef.current!, card.offsetLeft, 200);
    },
  });

  const className = hydrated ? `${props.className} is-live` : props.className;
  return (
    <SummaryView
      {...props}
      className={className}
      live={{
        // the first render hydrates the server's markup; what needs the window's width waits for the next one
        disabled: hydrated ? controlsDisabled(index, last, false) : { previous: true, next: count < 2 },
        controlsHidden: hydrated && controlsHidden,
        visible: (position) => !hydrated || (position >= index && position < index + perRow),
        announcement,
        trackRef,
        onPrevious: () => go(index - step),
        onNext: () => go(index + step),
      }}
    />
  );
}
