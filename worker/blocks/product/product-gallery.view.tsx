// The product page's images, props only (§2: image zoom on the product item): the main image, and the others as
// thumbnails. Without script each links to its full-size file; the island (product-gallery.island.tsx) switches the main
// image from a thumbnail, magnifies it under the pointer and opens the lightbox on a click.
import type { CSSProperties, MouseEvent, PointerEvent } from 'react';
import { imageVariantUrl } from '../../../shared/images.ts';
import { islandRef } from '../../../shared/islands/protocol.ts';
import type { Image } from '../../../shared/snapshot/common.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { Img } from '../../../shared/ui/img.tsx';

export interface ProductGalleryProps {
  title: string;
  images: Image[];
}

export interface ProductGalleryLive {
  index: number;
  /** the point under the pointer, in % of the image, while the image is magnified */
  zoom: { x: number; y: number } | null;
  onSelect: (index: number, event: MouseEvent) => void;
  onOpen: (event: MouseEvent) => void;
  onPointerMove: (event: PointerEvent<HTMLAnchorElement>) => void;
  onPointerLeave: () => void;
}

/** The largest file an image has, for the link a visitor without script follows. */
export function fullSizeUrl(image: Image): string {
  return image.src.startsWith('/media/') ? imageVariantUrl(image.src, image.width >= 1500 ? 1500 : 1000) : image.src;
}

export function ProductGalleryView({ title, images, live }: ProductGalleryProps & { live?: ProductGalleryLive }) {
  const index = live?.index ?? 0;
  const main = images[index] ?? images[0];
  if (!main) return null;
  const zoomStyle = live?.zoom ? ({ '--zoom-x': `${live.zoom.x}%`, '--zoom-y': `${live.zoom.y}%` } as CSSProperties) : undefined;
  return (
    <div className="product-gallery">
      <a
        className={cx('product-zoom', live?.zoom && 'is-zoomed')}
        href={fullSizeUrl(main)}
        style={zoomStyle}
        onClick={live?.onOpen}
        onPointerMove={live?.onPointerMove}
        onPointerLeave={live?.onPointerLeave}
        aria-label={`Enlarge the image of ${title}${images.length > 1 ? ` (${index + 1} of ${images.length})` : ''}`}
      >
        <Img image={main} sizes="(max-width: 432px) 100vw, 600px" displayWidth={750} priority={index === 0} />
      </a>
      {images.length > 1 && (
        <ul className="product-gallery-thumbs" aria-label={`Images of ${title}`}>
          {images.map((image, i) => (
            <li key={image.src}>
              <a
                href={fullSizeUrl(image)}
                aria-current={i === index ? 'true' : undefined}
                aria-label={`Image ${i + 1} of ${images.length}: ${image.alt}`}
                onClick={live ? (event) => live.onSelect(i, event) : undefined}
              >
                <Img image={image} sizes="(max-width: 432px) 25vw, 150px" displayWidth={150} alt="" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const productGalleryIsland = islandRef('product-gallery', ProductGalleryView);
