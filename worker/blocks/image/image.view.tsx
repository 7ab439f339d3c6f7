// The image block's props-only view (§2 Image block, §3): one image in one of six layouts, linked or opening a
// lightbox. The server renders it for every image block; only a lightbox image hydrates it (image.island.tsx).
import type { MouseEvent } from 'react';
import { islandRef } from '../../../shared/islands/protocol.ts';
import type { Image } from '../../../shared/snapshot/common.ts';
import { Img } from '../../../shared/ui/img.tsx';
import { PinIt, type PinTarget } from '../../../shared/ui/pin-it.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';

export type ImageLayout = 'inline' | 'poster' | 'card' | 'overlap' | 'collage' | 'stack';

export interface ImageBlockProps {
  layout: ImageLayout;
  className: string;
  image: Image;
  sizes: string;
  displayWidth: number;
  title?: string | undefined;
  description?: string | undefined;
  /** where the image or its title links (a link wins over the lightbox) */
  link?: { href: string; newWindow: boolean; external: boolean } | undefined;
  /** the title carries the link over the whole block */
  titleLinked: boolean;
  /** names a link that holds only an image without alt text */
  linkLabel?: string | undefined;
  lightbox: boolean;
  lightboxTheme: 'light' | 'dark';
  /** the full-size image a lightbox link opens without script */
  fullSize: string;
  /** drawn on the first screen (layout.tsx rowsAboveFold): loaded at once */
  priority?: boolean | undefined;
  /** the lightbox's URL hash while it is shown (§2, §4: `lightbox={block id}`), and the one that opens it on load */
  lightboxHash: string;
  /** the pin overlay's link (§3 pinOverlayOptions.mode), when the site has it on */
  pin?: PinTarget | undefined;
}

export function ImageView(props: ImageBlockProps & { onOpenLightbox?: (event: MouseEvent) => void }) {
  const { layout, image, title, description, link, titleLinked, linkLabel } = props;
  const img = (
    <Img image={image} sizes={props.sizes} displayWidth={props.displayWidth} className="image-block-img" priority={props.priority} />
  );
  const rel = link && (link.newWindow || link.external) ? 'noopener noreferrer' : undefined;
  const target = link?.newWindow ? '_blank' : undefined;
  const media =
    link && !titleLinked ? (
      <a href={link.href} className="image-block-media" target={target} rel={rel} {...(linkLabel ? { 'aria-label': linkLabel } : {})}>
        {img}
      </a>
    ) : props.lightbox ? (
      <a href={props.fullSize} className="image-block-media image-block-lightbox" aria-label={linkLabel} onClick={props.onOpenLightbox}>
        {img}
      </a>
    ) : (
      <div className="image-block-media">{img}</div>
    );
  const root = { className: props.pin ? `${props.className} pin-host` : props.className, 'data-layout': layout };
  const pin = <PinIt pin={props.pin} />;

  if (layout === 'inline') {
    return (
      <figure {...root}>
        {media}
        {pin}
        {(title || description) && (
          <figcaption className="image-block-caption">
            {title && <strong className="image-block-caption-title">{title}</strong>}
            {description && <span className="image-block-caption-text">{description}</span>}
          </figcaption>
        )}
      </figure>
    );
  }
  return (
    <div {...root}>
      {media}
      {pin}
      {(title || description) && (
        <div className="image-block-text">
          {title && (
            <h2 className="image-block-title">
              {titleLinked && link ? (
                <a href={link.href} className="image-block-title-link" target={target} rel={rel}>
                  {title}
                  {link.newWindow && <VisuallyHidden> (opens in a new window)</VisuallyHidden>}
                </a>
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

export const imageIsland = islandRef('image', ImageView);
