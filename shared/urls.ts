// URL rules of §5 (kinds of link, external links, the URL-safe slug) and content-URL parsing of §2.

/** Internal URL: starts with '/' followed by a character that is not a slash; shorter than 150 characters. */
export function isInternalUrl(url: string): boolean {
  return url.length < 150 && url.length >= 2 && url[0] === '/' && url[1] !== '/';
}

/** Anchor: starts with '#'; fewer than 100 characters. */
export function isAnchor(url: string): boolean {
  return url.startsWith('#') && url.length < 100;
}

function hasScheme(url: string, scheme: string): boolean {
  return url.slice(0, scheme.length).toLowerCase() === scheme;
}

/** tel: link, fewer than 50 characters. */
export function isTelLink(url: string): boolean {
  return hasScheme(url, 'tel:') && url.length < 50;
}

/** mailto: link, fewer than 1000 characters. */
export function isMailtoLink(url: string): boolean {
  return hasScheme(url, 'mailto:') && url.length < 1000;
}

/** javascript: link, fewer than 250 characters. */
export function isJavascriptLink(url: string): boolean {
  return hasScheme(url, 'javascript:') && url.length < 250;
}

/** ftp: link, fewer than 100 characters. */
export function isFtpLink(url: string): boolean {
  return hasScheme(url, 'ftp:') && url.length < 100;
}

const IP_HOST = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** IP URL: the host is in dotted four-number form (each number 0-255). */
export function isIpUrl(url: string): boolean {
  const host = hostOf(url);
  const m = host ? IP_HOST.exec(host) : null;
  return !!m && m.slice(1).every((n) => Number(n) <= 255);
}

/** Proper URL: a host with a 2-3 letter top-level domain. */
export function isProperUrl(url: string): boolean {
  const host = hostOf(url);
  return !!host && /\.[a-z]{2,3}$/i.test(host) && /^[a-z0-9.-]+$/i.test(host);
}

/** The host of an absolute (or protocol-relative) URL, lower-cased; null when there is none. */
export function hostOf(url: string): string | null {
  const m = /^(?:[a-z][a-z0-9+.-]*:)?\/\/([^/?#:@]+(?::[^/?#@]*)?@)?([^/?#:]+)/i.exec(url.trim());
  return m ? m[2]!.toLowerCase() : null;
}

/** A link is external when it has a protocol and its host differs from the current host. */
export function isExternalLink(url: string, currentHost: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url.trim())) return false;
  const host = hostOf(url);
  if (!host) return false;
  return host !== currentHost.toLowerCase().replace(/:\d+$/, '');
}

/**
 * URL-safe slug: trim, turn spaces into hyphens, remove any character that is not alphanumeric, '/' or '-',
 * collapse repeats, and lowercase.
 */
export function slugify(text: string): string {
  return text
    .trim()
    .replace(/\s/g, '-')
    .replace(/[^A-Za-z0-9/-]/g, '')
    .replace(/([/-])\1+/g, '$1')
    .toLowerCase();
}

export interface ContentUrl {
  /** path segments, decoded */
  segments: string[];
  /** the filter of §2 (`?{filterType}={filterName}`), read from the first segment's query */
  filter: { type: string; name: string } | null;
}

export const FILTER_TYPES = ['category', 'tag', 'author', 'month'] as const;

/**
 * Parses a content URL (§2). Only internal URLs are content URLs; anything else gives null. The filter is read from
 * the query of the first path segment.
 */
export function parseContentUrl(url: string): ContentUrl | null {
  if (url !== '/' && !isInternalUrl(url)) return null;
  const [pathAndQuery] = url.split('#', 1) as [string];
  const q = pathAndQuery.indexOf('?');
  const path = q === -1 ? pathAndQuery : pathAndQuery.slice(0, q);
  const query = q === -1 ? '' : pathAndQuery.slice(q + 1);
  let segments: string[];
  try {
    segments = path
      .split('/')
      .filter(Boolean)
      .map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
  const params = new URLSearchParams(query);
  let filter: ContentUrl['filter'] = null;
  for (const type of FILTER_TYPES) {
    const name = params.get(type);
    if (name) {
      filter = { type, name };
      break;
    }
  }
  return { segments, filter };
}

/** Builds a content URL: /{urlId}, or /{urlId}?{filterType}={filterName}. */
export function contentUrl(urlId: string, filter?: { type: string; name: string }): string {
  const base = `/${urlId.replace(/^\/+/, '')}`;
  return filter ? `${base}?${encodeURIComponent(filter.type)}=${encodeURIComponent(filter.name)}` : base;
}

/** The longest return path kept (a page's path and query); a longer one is not a page of the site anyway. */
export const RETURN_PATH_MAX_LENGTH = 2000;

/**
 * The one test of a path this site may send a browser to: it starts with a single '/', holds no whitespace, control
 * character or backslash (raw or percent-encoded, however deeply), names no scheme, and resolves to this origin.
 * Answers the path as the URL parser normalises it (query and fragment kept encoded as given), or null.
 */
function ownPath(value: string, maxLength: number): string | null {
  if (value.length > maxLength || value[0] !== '/' || value[1] === '/' || /[\\\u0000-\u0020\u007f]/.test(value)) return null;
  const cut = value.search(/[?#]/);
  let path = cut === -1 ? value : value.slice(0, cut);
  // some consumers decode the path once more: it is judged with (nested) percent-encoding undone
  for (let i = 0; i < 3 && /%[0-9a-f]{2}/i.test(path); i++) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return null;
    }
  }
  if (!path.startsWith('/') || path.startsWith('//') || /[\\\u0000-\u0020\u007f]/.test(path) || /^\/[a-z][a-z0-9+.-]*:/i.test(path))
    return null;
  try {
    const resolved = new URL(value, 'https://own.invalid');
    return resolved.origin === 'https://own.invalid' ? resolved.pathname + resolved.search + resolved.hash : null;
  } catch {
    return null;
  }
}

/**
 * Where the site may send a visitor back to (the login page's `return`, the redirect after a login, a form posted
 * without script): an internal path of this site, normalised, or null. `/\evil.example`, `//evil`, `javascript:…`,
 * absolute URLs and encoded tricks are all null, so no page ever carries one, even in a hidden field.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  return value ? ownPath(value, RETURN_PATH_MAX_LENGTH) : null;
}

/**
 * The editor frame's target (§2 /config/?frameUrl=): an internal URL of §5 (shorter than 150 characters) that passes
 * the same test as a return path (ownPath), or '/'. Absolute and protocol-relative URLs, backslashes, control
 * characters, schemes and encoded tricks all fall back to '/', so the editor can never be made to frame, or redirect
 * to, another site; the query and fragment are kept encoded as given, so `?category=Field%20Notes` survives.
 */
export function safeFrameUrl(value: string | null | undefined): string {
  if (!value || value === '/' || !isInternalUrl(value)) return '/';
  return ownPath(value, value.length) ?? '/';
}
