// A responsive image over the §9 width buckets: everything it needs comes in its props, so server components and the
// views a client hydrates draw the same markup.
import { imageBucketFor, imageSrcSet, imageVariantUrl } from '../images.ts';
import type { Image } from '../snapshot/common.ts';

export interface ImgProps {
  image: Image;
  /** the `sizes` attribute: how wide the image is drawn */
  sizes?: string;
  /** the CSS width in px the image is usually drawn at on desktop; picks `src` per §9 at a 2x ratio */
  displayWidth?: number;
  className?: string;
  /**
   * an image on the first screen: loaded at once (never lazy). Not with fetchpriority="high": in Lighthouse's phone
   * profile a high-priority image took bandwidth from the stylesheet and moved the largest paint from 1.0-1.2 s to 1.6 s.
   */
  priority?: boolean | undefined;
  alt?: string;
}

const isBucketed = (src: string) => src.startsWith('/media/');

/** Phones (up to §9's 432 px) may draw any image full width, at up to 3 device pixels per CSS pixel. */
const PHONE_FULL_WIDTH_PX = 432 * 3;

/** The widest variant a browser could want: a phone's full width, or twice the desktop display width. */
function largestUseful(displayWidth: number): number {
  return Math.max(PHONE_FULL_WIDTH_PX, displayWidth * 2);
}

/** A responsive image: srcset over the §9 width buckets, intrinsic size to avoid layout shift, lazy by default. */
export function Img({ image, sizes = '100vw', displayWidth = 1000, className, priority = false, alt }: ImgProps) {
  const focal = image.focalPoint ?? { x: 0.5, y: 0.5 };
  const style = { objectPosition: `${focal.x * 100}% ${focal.y * 100}%` };
  if (!isBucketed(image.src)) {
    return (
      <img
        src={image.src}
        alt={alt ?? image.alt}
        width={image.width}
        height={image.height}
        className={className}
        style={style}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
      />
    );
  }
  const bucket = imageBucketFor(Math.min(displayWidth * 2, image.width));
  const centred = focal.x === 0.5 && focal.y === 0.5;
  return (
    <img
      src={imageVariantUrl(image.src, bucket)}
      srcSet={imageSrcSet(image.src, image.width, largestUseful(displayWidth))}
      sizes={sizes}
      alt={alt ?? image.alt}
      width={image.width}
      height={image.height}
      className={className}
      // the centre is what object-position and the focal point default to (§ image loading): said only when it differs
      style={centred ? undefined : style}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      data-image-dimensions={`${image.width}x${image.height}`}
      data-image-focal-point={centred ? undefined : `${focal.x},${focal.y}`}
    />
  );
}
