// Sizes of images and layouts inside a block, full-size image URLs, aspect ratios and durations.
import { IMAGE_BUCKETS, imageVariantUrl } from '../../../shared/images.ts';
import type { Image } from '../../../shared/snapshot/common.ts';

/** The content width most templates lay blocks out in, in CSS px; a 12-column block is drawn about this wide. */
const CONTENT_WIDTH = 1200;

/**
 * The `sizes` and desktop display width of an image filling `fraction` of a block that spans `span` of 12 columns.
 * Mobile (432px or less, §9) stacks every block at the full viewport width.
 */
export function blockImageSizes(span: number, fraction = 1): { sizes: string; displayWidth: number } {
  const share = (Math.min(12, Math.max(1, span)) / 12) * fraction;
  return {
    sizes: `(max-width: 432px) 100vw, (max-width: ${CONTENT_WIDTH}px) ${Math.round(share * 100)}vw, ${Math.round(share * CONTENT_WIDTH)}px`,
    displayWidth: Math.round(share * CONTENT_WIDTH),
  };
}

/**
 * 'is-compact' for a block that spans `atMost` columns or fewer: its narrow layout is picked from its span, since
 * container queries do not pass the HTML checker's CSS validator. Every block also gets that layout on mobile (§9).
 */
export function compactClass(span: number, atMost = 6): string | undefined {
  return span <= atMost ? 'is-compact' : undefined;
}

/** The largest variant of an image that is not upscaled: what a lightbox or a no-script click shows. */
export function fullSizeUrl(image: Image): string {
  if (!image.src.startsWith('/media/')) return image.src;
  const bucket = IMAGE_BUCKETS.find((b) => b <= image.width) ?? IMAGE_BUCKETS[IMAGE_BUCKETS.length - 1]!;
  return imageVariantUrl(image.src, bucket);
}

/** Parses an aspect ratio written '16:9', '16/9', '1.5' or '3x2'; undefined when it is not one. */
export function parseAspectRatio(value: string | number | undefined): number | undefined {
  if (typeof value === 'number') return value > 0 ? value : undefined;
  if (!value) return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:[:/x]\s*(\d+(?:\.\d+)?))?\s*$/i.exec(value);
  if (!m) return undefined;
  const w = Number(m[1]);
  const h = m[2] === undefined ? 1 : Number(m[2]);
  return w > 0 && h > 0 ? w / h : undefined;
}

/** A track or audio length as m:ss (h:mm:ss from an hour up). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** An ISO 8601 duration for <time datetime>, e.g. PT3M5S. */
export function isoDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${s % 60 || !(hours || minutes) ? `${s % 60}S` : ''}`;
}
