// The lightbox (§4 Lightbox, §9 Tooltips, dialogs and lightboxes): one image or a set over the page, in a modal
// <dialog> (a real dialog for screen readers: the page behind is inert, focus moves in and comes back on close).
// The overlay shows, then the content, then the close button; the body is marked lightbox-open while it is shown;
// hiding destroys it. Previous and next, the arrow keys (at most one step per 200 ms), a click on the right or left
// half of the image, Escape and a click outside the image; it loops on desktop, not on phones, and fades on desktop
// where phones scroll. Its styles are in the shared stylesheet (worker/blocks/parts/lightbox-styles.ts).
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type MouseEvent, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { arrowStep, LIGHTBOX_KEY_THROTTLE_MS, lightboxClickZone, lightboxLoops, moveTo } from '../../shared/gallery/navigation.ts';
import { imageSrcSet, imageVariantUrl } from '../../shared/images.ts';

export interface LightboxImage {
  src: string;
  width: number;
  height: number;
  alt: string;
}

export interface LightboxItem {
  image: LightboxImage;
  title?: string | undefined;
  description?: string | undefined;
}

export interface LightboxProps {
  items: readonly LightboxItem[];
  /** the item shown first */
  start: number;
  theme: 'light' | 'dark';
  /** names the dialog for screen readers, e.g. 'Still water gallery' */
  label: string;
  /** the item shown changed (a gallery keeps its own index on it) */
  onIndexChange?: (index: number) => void;
  /** the lightbox hid itself (Escape, close, a click outside); the opener unmounts it */
  onClose: () => void;
  /**
   * §2, §4: kept in the URL's hash while it is shown (`#{hash}`, written in place: no history entry), so the address
   * shared opens it; the opener opens it when a page loads with that hash
   */
  hash?: string | undefined;
}

/** §9: the overlay fades in over 0.35 s, then the content over 0.6 s, then the close button appears. */
const OVERLAY_MS = 350;
const CONTENT_MS = 600;
/** §9: dialogs stack from z-index 30000, 10 more per lightbox. */
const Z_INDEX = 30_000 + 10;

type Stage = 'overlay' | 'content' | 'controls';

const isBucketed = (src: string) => src.startsWith('/media/');

export function Lightbox({ items, start, theme, label, onIndexChange, onClose, hash }: LightboxProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(start);
  const [stage, setStage] = useState<Stage>('overlay');
  const [wide, setWide] = useState(() => lightboxLoops(window.innerWidth));
  const lastKey = useRef(0);
  const pressedOn = useRef<EventTarget | null>(null);
  const count = items.length;
  const loop = wide;

  // §2, §4: the hash names the lightbox while it is shown, written in place (no history entry)
  useEffect(() => {
    if (!hash) return;
    const address = () => location.pathname + location.search;
    history.replaceState(history.state, '', `${address()}#${hash}`);
    return () => {
      if (location.hash === `#${hash}`) history.replaceState(history.state, '', address());
    };
  }, [hash]);

  // shown: modal (the page behind is inert), the body marked, focus moved in; hidden: all undone, focus given back
  useLayoutEffect(() => {
    const element = dialog.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    document.body.classList.add('lightbox-open');
    const timers = [setTimeout(() => setStage('content'), OVERLAY_MS), setTimeout(() => setStage('controls'), OVERLAY_MS + CONTENT_MS)];
    const onResize = () => setWide(lightboxLoops(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => {
      timers.forEach(clearTimeout);
      window.removeEventListener('resize', onResize);
      document.body.classList.remove('lightbox-open');
      if (element.open) element.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);

  const go = useCallback(
    (requested: number) => {
      const move = moveTo(index, requested, count - 1, loop);
      if (move.index === index) return;
      setIndex(move.index);
      onIndexChange?.(move.index);
    },
    [index, count, loop, onIndexChange],
  );

  // phones scroll between the images: the one in view is the current one, and a move scrolls to it
  useEffect(() => {
    if (wide) return;
    const target = strip.current?.children[index] as HTMLElement | undefined;
    target?.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'start' });
  }, [index, wide]);
  const onScroll = () => {
    const el = strip.current;
    if (!el || wide) return;
    const at = Math.round(el.scrollLeft / Math.max(1, el.clientWidth));
    if (at !== index && at >= 0 && at < count) {
      setIndex(at);
      onIndexChange?.(at);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const step = arrowStep(event.key);
    if (!step || count < 2) return;
    event.preventDefault();
    const now = performance.now();
    if (now - lastKey.current < LIGHTBOX_KEY_THROTTLE_MS) return;
    lastKey.current = now;
    go(index + step);
  };

  // a click off the image closes; on the image, its right half goes forward and its left half back (§9)
  const onClick = (event: MouseEvent) => {
    const target = event.target as HTMLElement;
    // §4: a press that started elsewhere (a drag, a text selection) is not a click outside
    if (pressedOn.current !== target || target.closest('button, a')) return;
    if (target.closest('.lightbox-image') && count > 1 && wide) {
      const zone = lightboxClickZone(event.clientX, window.innerWidth);
      if (zone !== 'none') go(index + (zone === 'next' ? 1 : -1));
      return;
    }
    if (target.closest('.lightbox-meta')) return;
    onClose();
  };

  const item = items[index]!;
  const ends = { previous: !loop && index === 0, next: !loop && index === count - 1 };
  return createPortal(
    <dialog
      ref={dialog}
      className={`lightbox lightbox-${theme} lightbox-${wide ? 'fade' : 'scroll'} is-${stage}`}
      aria-label={label}
      style={{ zIndex: Z_INDEX }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => (pressedOn.current = event.target)}
      onClick={onClick}
    >
      <div className="lightbox-stage">
        {wide ? (
          <figure className="lightbox-item" key={index}>
            <LightboxPicture item={item} />
            <LightboxMeta item={item} position={count > 1 ? `${index + 1} / ${count}` : undefined} />
          </figure>
        ) : (
          <div
            className="lightbox-strip"
            ref={strip}
            onScroll={onScroll}
            tabIndex={0}
            role="group"
            aria-label="Images, swipe to see the next"
          >
            {items.map((it, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the items are the island's props, fixed while it lives, and one image may be shown twice
              <figure className="lightbox-item" key={i} aria-hidden={i !== index}>
                <LightboxPicture item={it} />
                <LightboxMeta item={it} position={count > 1 ? `${i + 1} / ${count}` : undefined} />
              </figure>
            ))}
          </div>
        )}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="lightbox-control lightbox-previous"
            aria-label="Previous image"
            disabled={ends.previous}
            onClick={() => go(index - 1)}
          >
            <Chevron direction="previous" />
          </button>
          <button
            type="button"
            className="lightbox-control lightbox-next"
            aria-label="Next image"
            disabled={ends.next}
            onClick={() => go(index + 1)}
          >
            <Chevron direction="next" />
          </button>
        </>
      )}
      <button type="button" className="lightbox-close" aria-label="Close" autoFocus onClick={onClose}>
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M5 5l14 14M19 5L5 19" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <p className="visually-hidden" aria-live="polite">
        {count > 1 ? `Image ${index + 1} of ${count}${item.title ? `: ${item.title}` : ''}` : ''}
      </p>
    </dialog>,
    document.body,
  );
}

function LightboxPicture({ item }: { item: LightboxItem }) {
  const { image } = item;
  const bucketed = isBucketed(image.src);
  return (
    <img
      className="lightbox-image"
      src={bucketed ? imageVariantUrl(image.src, 1500) : image.src}
      srcSet={bucketed ? imageSrcSet(image.src, image.width) : undefined}
      sizes="100vw"
      width={image.width}
      height={image.height}
      alt={image.alt}
      decoding="async"
    />
  );
}

function LightboxMeta({ item, position }: { item: LightboxItem; position: string | undefined }) {
  if (!item.title && !item.description && !position) return null;
  return (
    <figcaption className="lightbox-meta">
      {item.title && <span className="lightbox-title">{item.title}</span>}
      {item.description && <span className="lightbox-description">{item.description}</span>}
      {position && (
        <span className="lightbox-position" aria-hidden="true">
          {position}
        </span>
      )}
    </figcaption>
  );
}

function Chevron({ direction }: { direction: 'previous' | 'next' }) {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d={direction === 'previous' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
