// Small server components and formatters shared by pages and blocks: responsive images, dates, links, owner HTML.
import type { ReactNode } from 'react';
import { dateFormatter } from '../../shared/date-format.ts';
import { imageBucketFor, imageSrcSet, imageVariantUrl } from '../../shared/images.ts';
import type { Image } from '../../shared/snapshot/common.ts';
import { isExternalLink } from '../../shared/urls.ts';
import { useRender } from './context.tsx';

export interface ImgProps {
  image: Image;
  /** the `sizes` attribute: how wide the image is drawn */
  sizes?: string;
  /** the CSS width in px the image is usually drawn at on desktop; picks `src` per §9 at a 2x ratio */
  displayWidth?: number;
  className?: string;
  /** above-the-fold images load eagerly with high priority */
  priority?: boolean;
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
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      data-image-dimensions={`${image.width}x${image.height}`}
      data-image-focal-point={centred ? undefined : `${focal.x},${focal.y}`}
    />
  );
}

/** Formats a date in the site's language and time zone, e.g. 'March 3, 2026'. */
export function useDateFormat(): (iso: string, style?: 'long' | 'short' | 'month') => string {
  const { site } = useRender();
  const { language, timeZone } = site.website;
  return (iso, style = 'long') => {
    const opts: Intl.DateTimeFormatOptions =
      style === 'month' ? { month: 'long', year: 'numeric', timeZone } : { dateStyle: style === 'long' ? 'long' : 'medium', timeZone };
    return dateFormatter(language, opts).format(new Date(iso));
  };
}

export interface LinkProps {
  href: string;
  children: ReactNode;
  className?: string;
  newWindow?: boolean;
  'aria-label'?: string;
}

/** A link that opens external URLs safely (rel=noopener) and in a new window when asked. */
export function Link({ href, children, className, newWindow, ...rest }: LinkProps) {
  const { url } = useRender();
  const external = isExternalLink(href, url.host);
  const target = newWindow ? '_blank' : undefined;
  const rel = newWindow || external ? 'noopener noreferrer' : undefined;
  return (
    <a href={href} className={className} target={target} rel={rel} {...rest}>
      {children}
    </a>
  );
}

/** Owner-supplied HTML (html and code blocks, post-submission HTML), placed as is: the owner controls their site. */
export function OwnerHtml({ html, className, as: Tag = 'div' }: { html: string; className?: string; as?: 'div' | 'section' }) {
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Joins class names, skipping empty ones. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
