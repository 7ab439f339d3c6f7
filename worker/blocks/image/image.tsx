// The image block in its six layouts (inline, poster, card, overlap, collage, stack), with an optional link or lightbox (§2, §3).
import { BLOCK_LAYOUTS } from '../../../shared/codes.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { isExternalLink } from '../../../shared/urls.ts';
import { pinTarget } from '../../../shared/ui/pin-it.tsx';
import { absoluteUrl, useAboveFold, useRender } from '../../kit/context.tsx';
import { Island } from '../../kit/island.tsx';
import type { BlockProps } from '../define.ts';
import { blockImageSizes, compactClass, fullSizeUrl } from '../parts/media.ts';
import { imageFitIsland } from './image-fit.view.tsx';
import { lightboxHash } from './lightbox-hash.ts';
import { ImageView, imageIsland, type ImageBlockProps, type ImageLayout } from './image.view.tsx';
import type { ImageData } from './schema.ts';

const LAYOUTS: Record<number, ImageLayout> = {
  [BLOCK_LAYOUTS.IMAGE_INLINE]: 'inline',
  [BLOCK_LAYOUTS.IMAGE_POSTER]: 'poster',
  [BLOCK_LAYOUTS.IMAGE_CARD]: 'card',
  [BLOCK_LAYOUTS.IMAGE_OVERLAP]: 'overlap',
  [BLOCK_LAYOUTS.IMAGE_COLLAGE]: 'collage',
  [BLOCK_LAYOUTS.IMAGE_STACK]: 'stack',
};

/** Share of the block's width the image takes in each layout, for `sizes`. */
const IMAGE_SHARE: Record<ImageLayout, number> = { inline: 1, poster: 1, card: 0.5, overlap: 0.66, collage: 0.6, stack: 1 };

export function ImageBlock({ data, block }: BlockProps<ImageData>) {
  const state = useRender();
  const { url } = state;
  const priority = useAboveFold();
  const layout = LAYOUTS[block.layout ?? BLOCK_LAYOUTS.IMAGE_INLINE] ?? 'inline';
  const { image, link, newWindow, title } = data;
  const description = data.description ?? image.caption;
  // A link wins over the lightbox: the click can only do one thing.
  const lightbox = data.lightbox && !link;
  const { sizes, displayWidth } = blockImageSizes(block.span, IMAGE_SHARE[layout]);
  // With a title, the title carries the link and stretches over the whole block (one link, not two).
  const titleLinked = !!link && !!title && layout !== 'inline';
  const pinMode = state.site.settings.pinOverlayOptions.mode;
  const props: ImageBlockProps = {
    layout,
    className: cx(
      'image-block',
      `image-block-${layout}`,
      lightbox && 'has-lightbox',
      titleLinked && 'has-stretched-link',
      compactClass(block.span),
      // §9: the narrow style of an image block under 415px wide: the server's guess from the span (about 4 of 12
      // columns), which stands without script; the block's measured width decides (image-fit.island.ts)
      block.span <= 4 && 'is-narrow',
    ),
    image,
    sizes,
    displayWidth,
    title,
    description,
    link: link ? { href: link, newWindow, external: isExternalLink(link, url.host) } : undefined,
    titleLinked,
    // An image that is the only content of a link must still name the link.
    linkLabel: image.alt ? undefined : title || (lightbox ? 'View full-size image' : 'Open link'),
    lightbox,
    lightboxTheme: data.lightboxTheme,
    fullSize: fullSizeUrl(image),
    lightboxHash: lightboxHash(block.id),
    priority,
    // the page's and the image's absolute addresses are made only for a site that shows the pin link
    pin:
      pinMode === 'disabled'
        ? undefined
        : pinTarget(pinMode, absoluteUrl(state, url.pathname), absoluteUrl(state, fullSizeUrl(image)), title || image.alt),
  };
  // a lightbox needs React, and only once the visitor reaches for it; the block's size is measured as the page loads
  // where it changes something (an inline image without words looks the same narrow or not), and opens the lightbox a
  // link's hash names
  return (
    <>
      {lightbox ? <Island island={imageIsland} props={props} when="visible" /> : <ImageView {...props} />}
      {(lightbox || layout !== 'inline' || title || description) && <Island island={imageFitIsland} props={{}} when="load" />}
    </>
  );
}
