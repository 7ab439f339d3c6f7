// Small pieces shared by the interactive blocks: embed checks (§5), durations, the store currency and label helpers.
import { IMAGE_BUCKETS, imageVariantUrl } from '../../../shared/images.ts';
import type { Image } from '../../../shared/snapshot/common.ts';
import { useRender } from '../../render/context.tsx';

/** The visible '*' of a required field; the control itself carries aria-required. */
export function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      {' *'}
    </span>
  );
}

/** The store currency of §3: storeSettings.selectedCurrency, USD by default. */
export function useStoreCurrency(): string {
  return useRender().site.settings.storeSettings.selectedCurrency || 'USD';
}

export type EmbedType = 'iframe' | 'object' | 'invalid';

/**
 * §5 Media and embeds: an embed is valid only if it is an iframe, or an object containing embed, or contains one of
 * these. The §3 video type follows from which of the two it is.
 */
export function embedType(html: string): EmbedType {
  if (/<iframe[\s>]/i.test(html)) return 'iframe';
  const object = /<object[\s>][\s\S]*?<\/object>/i.exec(html);
  if (object && /<embed[\s>]/i.test(object[0])) return 'object';
  return 'invalid';
}

// Attributes of old embed snippets that the HTML standard made obsolete (the page must pass the Nu checker).
const OBSOLETE_IFRAME_ATTRS =
  /\s(?:frameborder|scrolling|marginwidth|marginheight|allowtransparency)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?/gi;

/**
 * Owner embed HTML made fit for the page: every iframe gets a title (screen readers announce frames by it) and lazy
 * loading, and attributes the HTML standard made obsolete are dropped. Everything else is left as the owner wrote it.
 */
export function tidyEmbedHtml(html: string, title: string): string {
  return html.replace(/<iframe\b([^>]*)>/gi, (_tag, attrs: string) => {
    let out = attrs.replace(OBSOLETE_IFRAME_ATTRS, '');
    out = out.replace(/\sallowfullscreen\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/i, ' allowfullscreen');
    if (!/\stitle\s*=/i.test(out)) out += ` title="${escapeAttr(title)}"`;
    if (!/\sloading\s*=/i.test(out)) out += ' loading="lazy"';
    return `<iframe${out}>`;
  });
}

export function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
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

/** A domain-free label for an external service link, e.g. 'spotify.com' for https://open.spotify.com/album/1. */
export function hostLabel(url: string): string | undefined {
  const m = /^https?:\/\/(?:www\.|open\.|m\.)?([^/?#:]+)/i.exec(url);
  return m?.[1]?.toLowerCase();
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

/** The largest variant of an image that is not upscaled: what a lightbox or a no-script click shows. */
export function fullSizeUrl(image: Image): string {
  if (!image.src.startsWith('/media/')) return image.src;
  const bucket = IMAGE_BUCKETS.find((b) => b <= image.width) ?? IMAGE_BUCKETS[IMAGE_BUCKETS.length - 1]!;
  return imageVariantUrl(image.src, bucket);
}

/**
 * 'is-compact' for a block that spans `atMost` columns or fewer: its narrow layout is picked from its span, since
 * container queries do not pass the HTML checker's CSS validator. Every block also gets that layout on mobile (§9).
 */
export function compactClass(span: number, atMost = 6): string | undefined {
  return span <= atMost ? 'is-compact' : undefined;
}
