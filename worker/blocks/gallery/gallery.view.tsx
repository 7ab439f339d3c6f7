// The gallery's props-only view: the markup the server renders and the island hydrates (§3 Gallery, §4). Without
// script it is already usable: tracks scroll and snap, thumbnails are in-page links, lightbox slides link to the full
// image, video slides to their own page. `live` is what the island adds once it runs; the server never passes it.
import type { CSSProperties, MouseEvent, ReactNode, Ref } from 'react';
import type { GalleryDesign } from '../../../shared/gallery/navigation.ts';
import { galleryKind } from '../../../shared/gallery/navigation.ts';
import { islandRef } from '../../../shared/islands/protocol.ts';
import type { Image } from '../../../shared/snapshot/common.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { Icon } from '../../../shared/ui/icon.tsx';
import { Img } from '../../../shared/ui/img.tsx';

export interface GallerySlide {
  /** data-slide-id: the item's id */
  id: string;
  /** data-slide-url: the item's URL id */
  url: string;
  /** the slide element's id, what a thumbnail links to */
  domId: string;
  type: 'image' | 'video';
  title: string;
  excerpt?: string | undefined;
  image: Image;
  /** data-click-through-url: where the slide leads */
  clickThrough?: { href: string; external: boolean } | undefined;
  /** a video slide: its own page (without script) and its embed (played in place) */
  video?: { pageUrl: string; html: string; providerName: string } | undefined;
  /** the full-size image a lightbox slide links to without script */
  fullSize: string;
}

export interface GalleryProps {
  blockId: string;
  design: GalleryDesign;
  /** names the gallery for screen readers */
  label: string;
  /** §2: {collection fullUrl}, ending in '/': history entries are this plus a slide's URL */
  collectionUrl: string;
  className: string;
  style: Record<string, string | number>;
  slides: GallerySlide[];
  sizes: { sizes: string; displayWidth: number };
  /** the first slide is above the fold: loaded eagerly */
  priority: boolean;
  showMeta: boolean;
  lightbox: boolean;
  lightboxTheme: 'light' | 'dark';
  /** autoplay after §2's nomotion=true has been applied */
  autoplay: boolean;
  autoplayMs: number;
  autoplayRandom: boolean;
  loop: boolean;
  historyHash: boolean;
  /** thumbnail images (true) or dots (false) under a slideshow */
  thumbnailImages: boolean;
  thumbnailsPerRow: number;
  slidesPerRow: number;
  /** §3 active-alignment: where a strip holds its current slide */
  activeAlignment: 'left' | 'center' | 'right';
}

/** What the island passes once it runs. */
export interface GalleryLive {
  index: number;
  /** the slides in view (a carousel shows a group) */
  visible: (index: number) => boolean;
  disabled: { previous: boolean; next: boolean };
  /** a carousel whose slides all fit hides its controls */
  controlsHidden: boolean;
  /** the video slide playing in place */
  playing: string | null;
  paused: boolean;
  /** what the live region says after a visitor's own move */
  announcement: string;
  /** §9: the height (px) each overlaid caption taller than 90% of its slide is capped at, by slide id */
  captionCaps: Readonly<Record<string, number>>;
  rootRef: Ref<HTMLDivElement>;
  trackRef: Ref<HTMLUListElement>;
  thumbnailsRef: Ref<HTMLOListElement>;
  onPrevious: () => void;
  onNext: () => void;
  onThumbnail: (index: number, event: MouseEvent) => void;
  onSlideClick: (index: number, event: MouseEvent) => void;
  onTogglePause: () => void;
}

const TRACK: ReadonlySet<GalleryDesign> = new Set(['stacked', 'slideshow', 'carousel', 'slider']);

export function GalleryView(props: GalleryProps & { live?: GalleryLive }) {
  const { slides, design, live } = props;
  const kind = galleryKind(design);
  const track = TRACK.has(design);
  const index = live?.index ?? 0;
  const disabled = live?.disabled ?? { previous: !props.loop, next: slides.length < 2 };
  const label = props.label;
  return (
    <div
      className={props.className}
      style={props.style as CSSProperties}
      ref={live?.rootRef}
      data-block-id={props.blockId}
      data-design={design}
      data-gallery-kind={kind}
    >
      {track ? (
        <div className="gallery-stage" role="region" aria-roledescription="carousel" aria-label={label}>
          <SlideList {...props} index={index} track />
          {slides.length > 1 && !live?.controlsHidden && (
            <div className="gallery-controls">
              <button
                type="button"
                className="gallery-control gallery-prev"
                aria-label="Previous slide"
                disabled={disabled.previous}
                onClick={live?.onPrevious}
              >
                <Icon name="prev" size={22} />
              </button>
              <button
                type="button"
                className="gallery-control gallery-next"
                aria-label="Next slide"
                disabled={disabled.next}
                onClick={live?.onNext}
              >
                <Icon name="next" size={22} />
              </button>
            </div>
          )}
          {props.autoplay && slides.length > 1 && (
            <button type="button" className="gallery-pause" aria-pressed={live?.paused ?? false} onClick={live?.onTogglePause}>
              {live?.paused ? 'Play slideshow' : 'Pause slideshow'}
            </button>
          )}
          <p className="visually-hidden" aria-live="polite" aria-atomic="true">
            {live?.announcement ?? ''}
          </p>
        </div>
      ) : (
        <SlideList {...props} index={index} track={false} />
      )}
      {(design === 'slideshow' || design === 'stacked') && slides.length > 1 && <Thumbnails {...props} index={index} />}
    </div>
  );
}

function SlideList(props: GalleryProps & { live?: GalleryLive; index: number; track: boolean }) {
  const { slides, live, track } = props;
  return (
    <ul
      className={cx('gallery-slides', track && 'gallery-track')}
      ref={live?.trackRef}
      {...(track ? { tabIndex: 0, 'aria-label': props.label } : {})}
    >
      {slides.map((slide, i) => (
        <GallerySlideView key={slide.id} {...props} slide={slide} position={i} />
      ))}
    </ul>
  );
}

function GallerySlideView(
  props: GalleryProps & { live?: GalleryLive; index: number; track: boolean; slide: GallerySlide; position: number },
) {
  const { slide, position, live, index, track } = props;
  const { image } = slide;
  const focal = image.focalPoint ?? { x: 0.5, y: 0.5 };
  const active = position === index;
  const img = (
    <Img
      image={image}
      sizes={props.sizes.sizes}
      displayWidth={props.sizes.displayWidth}
      className="gallery-slide-img"
      priority={props.priority && position === 0}
    />
  );
  const name = image.alt ? undefined : slide.title;
  const click = live ? (event: MouseEvent) => live.onSlideClick(position, event) : undefined;

  let media: ReactNode;
  if (slide.video && live?.playing === slide.id) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the provider's embed, made by the worker from the slide's checked video URL
    media = <div className="gallery-slide-media gallery-slide-video" dangerouslySetInnerHTML={{ __html: slide.video.html }} />;
  } else if (slide.video) {
    media = (
      <a href={slide.video.pageUrl} className="gallery-slide-media" aria-label={`Play video: ${slide.title}`} onClick={click}>
        {img}
        <span className="gallery-slide-play" aria-hidden="true">
          <Icon name="play" size={28} />
        </span>
      </a>
    );
  } else if (slide.clickThrough) {
    const { href, external } = slide.clickThrough;
    media = (
      <a href={href} className="gallery-slide-media" rel={external ? 'noopener noreferrer' : undefined} aria-label={name} onClick={click}>
        {img}
      </a>
    );
  } else if (props.lightbox) {
    media = (
      <a href={slide.fullSize} className="gallery-slide-media gallery-lightbox-link" data-lightbox="true" aria-label={name} onClick={click}>
        {img}
      </a>
    );
  } else {
    media = (
      <div className="gallery-slide-media" onClick={click}>
        {img}
      </div>
    );
  }
  const inView = live ? live.visible(position) : position === 0;
  const captionCap = live?.captionCaps[slide.id];
  return (
    <li
      className={cx('gallery-slide', active && 'is-active')}
      id={slide.domId}
      data-slide-id={slide.id}
      data-slide-url={slide.url}
      data-type={slide.type}
      data-index={position}
      data-image-focal-point={`${focal.x},${focal.y}`}
      {...(slide.clickThrough ? { 'data-click-through-url': slide.clickThrough.href } : {})}
      {...(live && track && !inView ? { inert: true } : {})}
    >
      <figure className="gallery-slide-figure">
        {media}
        {props.showMeta && (slide.title || slide.excerpt) && (
          <figcaption
            className={cx('gallery-slide-meta', captionCap !== undefined && 'is-capped')}
            // a capped caption scrolls: it takes the focus, so a keyboard can scroll it too
            {...(captionCap !== undefined ? { style: { maxHeight: `${captionCap}px` }, tabIndex: 0 } : {})}
          >
            <span className="gallery-slide-title">{slide.title}</span>
            {slide.excerpt && <span className="gallery-slide-excerpt">{slide.excerpt}</span>}
          </figcaption>
        )}
      </figure>
    </li>
  );
}

/** Thumbnails (or dots) that jump to a slide: in-page links, so they work before any script runs (a linked gallery, §4). */
function Thumbnails(props: GalleryProps & { live?: GalleryLive; index: number }) {
  const { slides, live, index } = props;
  const across = Math.max(1, props.thumbnailsPerRow);
  const thumbWidth = Math.ceil(1100 / across);
  const thumbSizes = `(max-width: 432px) ${Math.ceil(100 / across)}vw, ${thumbWidth}px`;
  return (
    <ol
      className={cx('gallery-thumbnails', props.thumbnailImages ? 'gallery-thumbnails-images' : 'gallery-thumbnails-dots')}
      ref={live?.thumbnailsRef}
    >
      {slides.map((slide, i) => (
        <li key={slide.id}>
          <a
            href={`#${slide.domId}`}
            className="gallery-thumbnail"
            data-index={i}
            aria-current={i === index ? 'true' : undefined}
            aria-label={`Slide ${i + 1} of ${slides.length}: ${slide.title}`}
            onClick={live ? (event) => live.onThumbnail(i, event) : undefined}
          >
            {props.thumbnailImages && (
              <Img image={slide.image} alt="" sizes={thumbSizes} displayWidth={thumbWidth} className="gallery-thumbnail-img" />
            )}
          </a>
        </li>
      ))}
    </ol>
  );
}

export const galleryIsland = islandRef('gallery', GalleryView);
