// URL rules of §5 (internal URLs, the length rules of tel: and mailto: links, external links) and content-URL parsing of §2.

/** Internal URL: starts with '/' followed by a character that is not a slash; shorter than 150 characters. */
export function isInternalUrl(url: string): boolean {
  return url.length < 150 && url.length >= 2 && url[0] === '/' && url[1] !== '/';
}

function hasScheme(url: string, scheme: string): boolean {
  return url.slice(0, scheme.length).toLowerCase() === scheme;
}

/** §5: a tel: link has fewer than 50 characters, a mailto: link fewer than 1000. */
const SCHEME_LINK_LIMITS: readonly [scheme: string, below: number][] = [
  ['tel:', 50],
  ['mailto:', 1000],
];

/**
 * Whether a link the site draws keeps the §5 rule of its kind: a tel: link under 50 characters, a mailto: link under
 * 1000 (longer, it is no number to call and no address list the product accepts). The other kinds have no rule to
 * apply when a page is drawn: web addresses have none, the snapshot refuses javascript: and ftp: links outright, and
 * the site's own paths are made by the runtime (an item's URL may pass the 150 characters an owner may type).
 */
export function keepsLinkRule(url: string): boolean {
  const limit = SCHEME_LINK_LIMITS.find(([scheme]) => hasScheme(url, scheme));
  return !limit || url.length < limit[1];
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

/** The origin a value is resolved against: it only tells this site's own paths from anything else. */
const OWN_ORIGIN = 'https://same-site.invalid';

/** A backslash, whitespace or a control character: a browser may drop it, or read a backslash as a slash. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what this refuses
const UNSAFE_CHARACTER = /[\\\u0000-\u0020\u007f]/;
/** The same once percent-encoding is undone, where an encoded space is only a space (a parser trims it at the ends alone). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what this refuses
const UNSAFE_DECODED = /[\\\u0000-\u001f\u007f]/;

function normalisesToOwnPath(path: string): boolean {
  try {
    const url = new URL(path, OWN_ORIGIN);
    return url.origin === OWN_ORIGIN && !url.pathname.startsWith('//');
  } catch {
    return false;
  }
}

/**
 * Whether a path (as it will be sent) can only be read as a path of this origin, by the URL parser and by consumers
 * that decode it once more (up to three rounds of percent-encoding undone): one leading '/', never '//' or '/\\',
 * no backslash, whitespace or control character, no scheme in its first segment, and no dot segments that a parser
 * would resolve to '//' once the encoding is undone; the same holds of its compatibility form (full-width '／' is '/').
 */
function isPlainOwnPath(path: string): boolean {
  let decoded = path;
  for (let round = 0; ; round++) {
    const unsafe = round === 0 ? UNSAFE_CHARACTER : UNSAFE_DECODED;
    // full-width solidi, dots and colons read as their ASCII forms once compatibility-normalised (NFKC, as IDNA does)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: any character outside ASCII, control characters included
    for (const form of /[^\u0000-\u007f]/.test(decoded) ? [decoded, decoded.normalize('NFKC')] : [decoded]) {
      if (form[0] !== '/' || form[1] === '/' || unsafe.test(form) || /^\/[a-z][a-z0-9+.-]*:/i.test(form)) return false;
      // what a consumer that decodes and then parses makes of it: dot segments may now meet and leave '//'
      if ((round > 0 || form !== decoded) && !normalisesToOwnPath(form)) return false;
    }
    if (round === 3 || !/%[0-9a-f]{2}/i.test(decoded)) return true;
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      return false;
    }
  }
}

/**
 * The one rule for every path this site sends a browser to on someone's say-so: a login's return path, the redirect
 * after it, a logout's and the editor's frame URL, a form's `@return`, and every redirect target. The decision is
 * made on the value that is used: the URL parser's normalisation of the input against this origin (dot segments,
 * encoded dots, tabs and newlines removed, non-ASCII percent-encoded), which must itself be a plain path of this
 * origin (isPlainOwnPath) and normalise to itself. `/.//evil`, `/a/..//evil` and `/%2e%2e//evil` normalise to
 * `//evil`, so they are refused here, not handed on. The input is also judged raw, so nothing that only the
 * normaliser made safe gets through either. Answers the normalised path with its query and fragment, or `fallback`.
 */
export function sameSitePath<F extends string | null>(
  value: string | null | undefined,
  fallback: F,
  maxLength = RETURN_PATH_MAX_LENGTH,
): string | F {
  if (!value || value.length > maxLength || UNSAFE_CHARACTER.test(value) || !isPlainOwnPath(value.replace(/[?#].*$/s, ''))) return fallback;
  let used: string;
  try {
    const resolved = new URL(value, OWN_ORIGIN);
    if (resolved.origin !== OWN_ORIGIN) return fallback;
    used = resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return fallback;
  }
  if (used.length > maxLength || !isPlainOwnPath(used.replace(/[?#].*$/s, ''))) return fallback;
  // a path that the parser would change again is not the one that was judged
  return new URL(used, OWN_ORIGIN).href === OWN_ORIGIN + used ? used : fallback;
}

/**
 * Where the site may send a visitor back to (the login page's `return`, the redirect after a login, a form posted
 * without script): sameSitePath, or null, so no page ever carries another, even in a hidden field.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  return sameSitePath(value, null);
}

/**
 * The editor frame's target (§2 /config/?frameUrl=): an internal URL of §5 (shorter than 150 characters) that passes
 * the same test as a return path (sameSitePath), or '/'. Absolute and protocol-relative URLs, backslashes, control
 * characters, schemes and encoded tricks all fall back to '/', so the editor can never be made to frame, or redirect
 * to, another site; the query and fragment are kept encoded as given, so `?category=Field%20Notes` survives.
 */
export function safeFrameUrl(value: string | null | undefined): string {
  return value && isInternalUrl(value) ? sameSitePath(value, '/') : '/';
}
