// Small pieces shared by the interactive blocks: embed checks (§5), durations, the store currency and label helpers.
import type { ReactNode } from 'react';
import { IMAGE_BUCKETS, imageVariantUrl } from '../../../shared/images.ts';
import type { Image } from '../../../shared/snapshot/common.ts';
import { useRender } from '../../render/context.tsx';

/** Text read by assistive technology only. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className="visually-hidden">{children}</span>;
}

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

/** A small inline icon; decorative, so hidden from assistive technology. */
export function Icon({ name, size = 20 }: { name: 'play' | 'prev' | 'next' | 'pin' | 'external' | 'calendar' | 'music'; size?: number }) {
  const paths: Record<typeof name, ReactNode> = {
    play: <path d="M8 5.5v13l11-6.5z" fill="currentColor" />,
    prev: <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />,
    next: <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />,
    pin: (
      <path
        d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z"
        fill="currentColor"
      />
    ),
    external: (
      <path
        d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    ),
    calendar: (
      <path
        d="M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM4 10h16M8 3v4M16 3v4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    ),
    music: (
      <path
        d="M9 18V5l11-2v13M9 18a3 3 0 1 1-3-3 3 3 0 0 1 3 3zm11-2a3 3 0 1 1-3-3 3 3 0 0 1 3 3z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
    ),
  };
  return (
    <svg className={`icon icon-${name}`} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      {paths[name]}
    </svg>
  );
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
