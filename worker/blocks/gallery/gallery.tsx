// The gallery block: the items of a collection as slides in one of eight designs, scrollable and linkable without script (§3, §4, §9).
import { plainText } from '../../../shared/plain-text.ts';
import { COLLECTION_TYPES } from '../../../shared/codes.ts';
import { autoplayDelayMs, galleryKind, isNavigable, loopsByDefault } from '../../../shared/gallery/navigation.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { isExternalLink } from '../../../shared/urls.ts';
import { useAboveFold, useAsync, useRender } from '../../kit/context.tsx';
import { andThen } from '../../site/maybe.ts';
import { Island } from '../../kit/island.tsx';
import type { BlockProps } from '../define.ts';
import { blockImageSizes, compactClass, fullSizeUrl, parseAspectRatio } from '../parts/media.ts';
import { galleryIsland, type GallerySlide, type GalleryProps } from './gallery.view.tsx';
import type { GalleryData } from './schema.ts';

type Design = GalleryData['design'];

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

/** Slides a gallery shows at most: the first of its collection (a user-ordered collection holds at most 250 items). */
export const GALLERY_SLIDES = 250;

export function GalleryBlock({ data, block }: BlockProps<GalleryData>) {
  const { site, now, url } = useRender();
  const aboveFold = useAboveFold();
  const collection = site.collection(data.collectionId);
  // the first items of the collection's list (only the chunks that hold them are read)
  const items = useAsync(`gallery:${data.collectionId}`, () =>
    collection ? andThen(site.listSlice(collection, null, 0, GALLERY_SLIDES, now), (slice) => slice.items) : [],
  );
  if (!collection) return null;
  const isVideo = collection.type === COLLECTION_TYPES.SLIDE_VIDEO;
  const fullUrl = site.entryUrl({ kind: 'collection', collection });
  const slides: GallerySlide[] = items
    .filter((item) => item.assetImage)
    .map((item) => {
      // the first video of the item's body, found at publish (worker/blocks/indexes.ts)
      const video = isVideo ? item.video : undefined;
      const clickThrough =
        !video && item.sourceUrl ? { href: item.sourceUrl, external: isExternalLink(item.sourceUrl, url.host) } : undefined;
      return {
        id: item.id,
        url: item.urlId,
        domId: `gallery-${block.id}-${item.id}`,
        type: video ? 'video' : 'image',
        title: item.title,
        ...(item.excerpt ? { excerpt: plainText(item.excerpt) } : {}),
        image: item.assetImage!,
        ...(clickThrough ? { clickThrough } : {}),
        ...(video ? { video: { pageUrl: site.itemUrl(collection, item), ...video } } : {}),
        fullSize: fullSizeUrl(item.assetImage!),
      } satisfies GallerySlide;
    });
  if (slides.length === 0) return null;

  const design = data.design;
  const kind = galleryKind(design);
  const ratio = aspectRatioFor(data);
  const perRow = design === 'grid' ? GRID_PER_ROW : design === 'carousel' ? data.slidesPerRow : 1;
  const stripHeight = (data.vSize ?? STRIP_DEFAULT_V_SIZE) * STRIP_V_SIZE_STEP;
  const props: GalleryProps = {
    blockId: block.id,
    design,
    label: `${collection.title} gallery`,
    // §2: history entries become {collection fullUrl}{slide URL}, so the base ends in '/'
    collectionUrl: fullUrl.endsWith('/') ? fullUrl : `${fullUrl}/`,
    className: cx(
      'gallery',
      `gallery-design-${design}`,
      `gallery-meta-${data['meta-position']}`,
      `gallery-align-${data['active-alignment']}`,
      data['auto-crop'] ? 'gallery-crop' : 'gallery-fit',
      data['square-thumbs'] && 'gallery-square-thumbs',
      compactClass(block.span, 4),
    ),
    style: {
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
    },
    slides,
    sizes: sizesFor(design, block.span, data),
    priority: aboveFold,
    showMeta: design !== 'grid' && design !== 'autogrid' && design !== 'autocolumns',
    lightbox: data.lightbox,
    lightboxTheme: data.lightboxTheme,
    // §2: ?nomotion=true turns autoplay off (the URL is part of the page-cache key)
    autoplay: data.autoplay && url.searchParams.get('nomotion') !== 'true',
    autoplayMs: autoplayDelayMs(data['autoplay-duration']),
    autoplayRandom: data['autoplay-random'],
    loop: data.loop ?? loopsByDefault(kind),
    historyHash: data.historyHash,
    thumbnailImages: data.thumbnails,
    thumbnailsPerRow: data['thumbnails-per-row'],
    slidesPerRow: data.slidesPerRow,
    activeAlignment: data['active-alignment'],
  };
  // a gallery that plays by itself is the one React island that runs before the visitor touches it (after the page's
  // load event); the others hydrate at the first touch, their code fetched as they near the screen (moving ones, and
  // laid-out ones with a lightbox) or at the touch
  const when =
    props.autoplay && isNavigable(kind) && slides.length > 1 ? 'load' : isNavigable(kind) || data.lightbox ? 'visible' : 'interaction';
  return <Island island={galleryIsland} props={props} when={when} />;
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
