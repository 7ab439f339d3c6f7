// The gallery block: the items of a collection as slides in one of eight designs, scrollable and linkable without script (§3, §4, §9).
import type { CSSProperties, ReactNode } from 'react';
import { COLLECTION_TYPES } from '../../../shared/codes.ts';
import type { Item } from '../../../shared/snapshot/schema.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { Icon } from '../../../shared/ui/icon.tsx';
import { Img } from '../../../shared/ui/img.tsx';
import { useRender } from '../../render/context.tsx';
import { Link } from '../../render/ui.tsx';
import type { BlockProps } from '../define.ts';
import { blockImageSizes, compactClass, fullSizeUrl, parseAspectRatio } from '../parts/media.ts';
import type { GalleryData } from './schema.ts';

type Design = GalleryData['design'];

/** §4 design mapping: the name of the client gallery each design runs as. */
const GALLERY_KIND: Record<Design, string> = {
  stacked: 'base',
  slider: 'strip',
  slideshow: 'stacked',
  grid: 'grid',
  autogrid: 'autogrid',
  autocolumns: 'autocolumns',
  carousel: 'carousel',
  list: 'list',
};

/** §9: grid shows 4 per row. */
const GRID_PER_ROW = 4;

/** §9: a strip with neither aspectRatio nor vSize gets vSize 10; one step is this many px of strip height. */
const STRIP_DEFAULT_V_SIZE = 10;

const STRIP_V_SIZE_STEP = 40;

/** The gap between slides when the block sets none: §9 gives autogrid and autocolumns 0 and the carousel 1%. */
const DEFAULT_GUTTER: Record<Design, string> = {
  stacked: '0px',
  slideshow: '0px',
  slider: '6px',
  grid: '8px',
  autogrid: '0px',
  autocolumns: '0px',
  carousel: '1%',
  list: '0px',
};

/** Designs that show one slide (or one row) at a time in a scroll-snapping track. */
const TRACK_DESIGNS: readonly Design[] = ['stacked', 'slideshow', 'carousel', 'slider'];

interface Slide {
  item: Item;
  domId: string;
  type: 'image' | 'video';
}

export function GalleryBlock({ data, block }: BlockProps<GalleryData>) {
  const { site, now, url } = useRender();
  const collection = site.collection(data.collectionId);
  if (!collection) return null;
  const isVideo = collection.type === COLLECTION_TYPES.SLIDE_VIDEO;
  const slides: Slide[] = site
    .visibleItems(collection, now)
    .filter((item) => item.assetImage)
    .map((item) => ({ item, domId: `gallery-${block.id}-${item.id}`, type: isVideo ? 'video' : 'image' }));
  if (slides.length === 0) return null;

  const design = data.design;
  const track = TRACK_DESIGNS.includes(design);
  // §2: ?nomotion=true turns autoplay off.
  const autoplay = data.autoplay && url.searchParams.get('nomotion') !== 'true';
  const ratio = aspectRatioFor(data);
  const perRow = design === 'grid' ? GRID_PER_ROW : design === 'carousel' ? data.slidesPerRow : 1;
  const stripHeight = (data.vSize ?? STRIP_DEFAULT_V_SIZE) * STRIP_V_SIZE_STEP;
  const style = {
    '--gallery-gutter': data.gutter > 0 ? `${data.gutter}px` : DEFAULT_GUTTER[design],
    '--gallery-per-row': perRow,
    // §9: a carousel shows at most 3 per row below a 724px window and at most 2 below 480px.
    '--gallery-per-row-md': Math.min(perRow, 3),
    '--gallery-per-row-sm': Math.min(perRow, 2),
    '--gallery-thumbs-per-row': data['thumbnails-per-row'],
    '--gallery-column-width': `${data.columnWidth}px`,
    // min() keeps one grid column from overflowing a narrow block
    '--gallery-column-min': `min(100%, ${data.columnWidth}px)`,
    '--gallery-aspect': ratio ? String(ratio) : 'auto',
    '--gallery-strip-height': `${stripHeight}px`,
    '--gallery-list-image': `${data.listImageSize ?? 50}%`,
  } as CSSProperties;
  const label = `${collection.title} gallery`;
  // §2: history hashes become {collection fullUrl}{slide id}, so the base ends in '/'.
  const entryUrl = site.entryUrl({ kind: 'collection', collection });
  const collectionUrl = entryUrl.endsWith('/') ? entryUrl : `${entryUrl}/`;

  const list = (
    <ul className={cx('gallery-slides', track && 'gallery-track')} {...(track ? { tabIndex: 0, 'aria-label': label } : {})}>
      {slides.map((slide, index) => (
        <GallerySlide key={slide.item.id} slide={slide} index={index} data={data} sizesFor={sizesFor(design, block.span, data)} />
      ))}
    </ul>
  );

  return (
    <div
      className={cx(
        'gallery',
        `gallery-design-${design}`,
        `gallery-meta-${data['meta-position']}`,
        `gallery-align-${data['active-alignment']}`,
        data['auto-crop'] ? 'gallery-crop' : 'gallery-fit',
        data['square-thumbs'] && 'gallery-square-thumbs',
        compactClass(block.span, 4),
      )}
      style={style}
      data-island="gallery"
      data-block-id={block.id}
      data-design={design}
      data-gallery-kind={GALLERY_KIND[design]}
      data-collection-id={collection.id}
      data-collection-url={collectionUrl}
      data-slide-count={slides.length}
      data-lightbox={String(data.lightbox)}
      data-lightbox-theme={data.lightboxTheme}
      data-mixed-content={String(data.mixedContent)}
      data-autoplay={String(autoplay)}
      data-autoplay-duration={Math.round(data['autoplay-duration'] * 1000)}
      data-slides-per-row={perRow}
      data-column-width={data.columnWidth}
      data-gutter={data.gutter}
      data-active-alignment={data['active-alignment']}
      data-meta-position={data['meta-position']}
      data-thumbnails={String(data.thumbnails)}
      data-thumbnails-per-row={data['thumbnails-per-row']}
      {...(data.aspectRatio ? { 'data-aspect-ratio': data.aspectRatio } : {})}
      {...(data['thumbnail-strip-height'] !== undefined ? { 'data-thumbnail-strip-height': data['thumbnail-strip-height'] } : {})}
      {...(data['thumbnail-strip-margin'] !== undefined ? { 'data-thumbnail-strip-margin': data['thumbnail-strip-margin'] } : {})}
    >
      {track ? (
        <div className="gallery-stage">
          {list}
          {slides.length > 1 && (
            <div className="gallery-controls">
              <button type="button" className="gallery-control gallery-prev" aria-label="Previous slide" data-action="previous">
                <Icon name="prev" size={22} />
              </button>
              <button type="button" className="gallery-control gallery-next" aria-label="Next slide" data-action="next">
                <Icon name="next" size={22} />
              </button>
            </div>
          )}
        </div>
      ) : (
        list
      )}
      {(design === 'slideshow' || design === 'stacked') && slides.length > 1 && (
        <Thumbnails slides={slides} showImages={data.thumbnails} perRow={data['thumbnails-per-row']} />
      )}
    </div>
  );
}

/** Thumbnails (or dots) that jump to a slide; they are in-page links, so they work before any script runs. */
function Thumbnails({ slides, showImages, perRow }: { slides: Slide[]; showImages: boolean; perRow: number }) {
  // a strip of a few thumbnails across the content width needs more than a 100px image to stay sharp
  const across = Math.max(1, perRow);
  const thumbWidth = Math.ceil(1100 / across);
  const thumbSizes = `(max-width: 432px) ${Math.ceil(100 / across)}vw, ${thumbWidth}px`;
  return (
    <ol className={cx('gallery-thumbnails', showImages ? 'gallery-thumbnails-images' : 'gallery-thumbnails-dots')}>
      {slides.map((slide, index) => (
        <li key={slide.item.id}>
          <a
            href={`#${slide.domId}`}
            className="gallery-thumbnail"
            data-index={index}
            aria-current={index === 0 ? 'true' : undefined}
            aria-label={`Slide ${index + 1} of ${slides.length}: ${slide.item.title}`}
          >
            {showImages && slide.item.assetImage && (
              <Img image={slide.item.assetImage} alt="" sizes={thumbSizes} displayWidth={thumbWidth} className="gallery-thumbnail-img" />
            )}
          </a>
        </li>
      ))}
    </ol>
  );
}

function GallerySlide({
  slide,
  index,
  data,
  sizesFor: sizes,
}: {
  slide: Slide;
  index: number;
  data: GalleryData;
  sizesFor: { sizes: string; displayWidth: number };
}) {
  const { item } = slide;
  const image = item.assetImage!;
  const focal = image.focalPoint ?? { x: 0.5, y: 0.5 };
  const clickThrough = item.sourceUrl;
  const showMeta = data.design !== 'grid' && data.design !== 'autogrid' && data.design !== 'autocolumns';
  const img = <Img image={image} sizes={sizes.sizes} displayWidth={sizes.displayWidth} className="gallery-slide-img" />;
  const name = image.alt ? undefined : item.title;

  let media: ReactNode;
  if (clickThrough) {
    media = (
      <Link href={clickThrough} className="gallery-slide-media" {...(name ? { 'aria-label': name } : {})}>
        {img}
      </Link>
    );
  } else if (data.lightbox) {
    media = (
      <a href={fullSizeUrl(image)} className="gallery-slide-media gallery-lightbox-link" data-lightbox="true" aria-label={name}>
        {img}
      </a>
    );
  } else {
    media = <div className="gallery-slide-media">{img}</div>;
  }

  return (
    <li
      className={cx('gallery-slide', index === 0 && 'is-active')}
      id={slide.domId}
      data-slide-id={item.id}
      data-slide-url={item.urlId}
      data-type={slide.type}
      data-index={index}
      data-image-focal-point={`${focal.x},${focal.y}`}
      {...(clickThrough ? { 'data-click-through-url': clickThrough } : {})}
    >
      <figure className="gallery-slide-figure">
        {media}
        {slide.type === 'video' && (
          <span className="gallery-slide-play" aria-hidden="true">
            <Icon name="play" size={28} />
          </span>
        )}
        {showMeta && (item.title || item.excerpt) && (
          <figcaption className="gallery-slide-meta">
            <span className="gallery-slide-title">{item.title}</span>
            {item.excerpt && <span className="gallery-slide-excerpt">{item.excerpt}</span>}
          </figcaption>
        )}
      </figure>
    </li>
  );
}

/** The crop ratio: imageAspectRatio when it is a number, else aspectRatio, else the design's own default. */
function aspectRatioFor(data: GalleryData): number | undefined {
  if (typeof data.imageAspectRatio === 'number') return data.imageAspectRatio;
  const given = parseAspectRatio(data.aspectRatio);
  if (given) return given;
  if (data['square-thumbs'] && data.design === 'grid') return 1;
  switch (data.design) {
    case 'grid':
    case 'autogrid':
      return 1;
    case 'carousel':
      return 4 / 3;
    case 'slideshow':
    case 'stacked':
      return 3 / 2;
    default:
      // autocolumns, list and slider keep each image's own shape
      return undefined;
  }
}

function sizesFor(design: Design, span: number, data: GalleryData): { sizes: string; displayWidth: number } {
  switch (design) {
    case 'grid':
      return blockImageSizes(span, 1 / GRID_PER_ROW);
    case 'carousel':
      return blockImageSizes(span, 1 / data.slidesPerRow);
    case 'autogrid':
    case 'autocolumns':
      return {
        sizes: `(max-width: 432px) 100vw, ${Math.round(data.columnWidth * 1.5)}px`,
        displayWidth: Math.round(data.columnWidth * 1.5),
      };
    case 'list':
      return blockImageSizes(span, (data.listImageSize ?? 50) / 100);
    case 'slider':
      return blockImageSizes(span, 0.6);
    default:
      return blockImageSizes(span);
  }
}
