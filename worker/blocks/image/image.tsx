// The image block in its six layouts (inline, poster, card, overlap, collage, stack), with an optional link or lightbox (§2, §3).
import { BLOCK_LAYOUTS } from '../../../shared/codes.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { Img } from '../../../shared/ui/img.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { Link } from '../../render/ui.tsx';
import type { BlockProps } from '../define.ts';
import { blockImageSizes, compactClass, fullSizeUrl } from '../parts/media.ts';
import type { ImageData } from './schema.ts';

type ImageLayout = 'inline' | 'poster' | 'card' | 'overlap' | 'collage' | 'stack';

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
  const layout = LAYOUTS[block.layout ?? BLOCK_LAYOUTS.IMAGE_INLINE] ?? 'inline';
  const { image, link, newWindow, title } = data;
  const description = data.description ?? image.caption;
  // A link wins over the lightbox: the click can only do one thing.
  const lightbox = data.lightbox && !link;
  const { sizes, displayWidth } = blockImageSizes(block.span, IMAGE_SHARE[layout]);
  const img = <Img image={image} sizes={sizes} displayWidth={displayWidth} className="image-block-img" />;
  // An image that is the only content of a link must still name the link.
  const linkLabel = image.alt ? undefined : title || (lightbox ? 'View full-size image' : 'Open link');

  // With a title, the title carries the link and stretches over the whole block (one link, not two).
  const titleLinked = !!link && !!title && layout !== 'inline';
  const media =
    link && !titleLinked ? (
      <Link href={link} newWindow={newWindow} className="image-block-media" {...(linkLabel ? { 'aria-label': linkLabel } : {})}>
        {img}
      </Link>
    ) : lightbox ? (
      <a href={fullSizeUrl(image)} className="image-block-media image-block-lightbox" aria-label={linkLabel}>
        {img}
      </a>
    ) : (
      <div className="image-block-media">{img}</div>
    );

  const rootProps = {
    className: cx(
      'image-block',
      `image-block-${layout}`,
      lightbox && 'has-lightbox',
      titleLinked && 'has-stretched-link',
      compactClass(block.span),
      // §9: the narrow style of an image block under 415px wide (about 4 of 12 columns)
      block.span <= 4 && 'is-narrow',
    ),
    'data-island': 'image',
    'data-block-id': block.id,
    'data-layout': layout,
    'data-lightbox': String(lightbox),
    'data-lightbox-theme': data.lightboxTheme,
    ...(lightbox && description ? { 'data-description': description } : {}),
  };

  if (layout === 'inline') {
    return (
      <figure {...rootProps}>
        {media}
        {(title || description) && (
          <figcaption className="image-block-caption">
            {title && <strong className="image-block-caption-title">{title}</strong>}
            {description && <span className="image-block-caption-text">{description}</span>}
          </figcaption>
        )}
      </figure>
    );
  }

  const hasText = !!(title || description);
  return (
    <div {...rootProps}>
      {media}
      {hasText && (
        <div className="image-block-text">
          {title && (
            <h2 className="image-block-title">
              {titleLinked ? (
                <Link href={link!} newWindow={newWindow} className="image-block-title-link">
                  {title}
                  {newWindow && <VisuallyHidden> (opens in a new window)</VisuallyHidden>}
                </Link>
              ) : (
                title
              )}
            </h2>
          )}
          {description && <p className="image-block-description">{description}</p>}
        </div>
      )}
    </div>
  );
}
