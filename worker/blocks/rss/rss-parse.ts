// A small, forgiving parser for RSS 2.0 (and RSS 1.0) items and Atom entries: titles, links, dates and text summaries.

export interface FeedEntry {
  title: string;
  /** an absolute http(s) URL */
  link: string;
  /** ISO 8601, when the feed gave a readable date */
  date?: string;
  /** plain text, tags stripped, at most SUMMARY_MAX characters */
  summary?: string;
}

const SUMMARY_MAX = 240;
const TITLE_MAX = 300;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  middot: '·',
  bull: '•',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  eacute: 'é',
  egrave: 'è',
  agrave: 'à',
  ccedil: 'ç',
  uuml: 'ü',
  ouml: 'ö',
  auml: 'ä',
  szlig: 'ß',
  euro: '€',
  pound: '£',
};

/** Decodes XML/HTML character references; unknown or invalid ones are left as they are. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,31});/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const cp = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      const valid = cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff);
      return valid ? String.fromCodePoint(cp) : whole;
    }
    return NAMED_ENTITIES[ref] ?? NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** Removes markup: script and style contents entirely, then every tag. A lone '<' (as in '<3') is not a tag. */
function stripMarkup(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?[a-z][^>]*>/gi, ' ');
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/**
 * The document with CDATA sections swapped for numbered tokens, so that markup inside them (a '</item>' in a
 * description) cannot confuse the element matching, and the sections' raw text can be restored per element.
 */
interface Masked {
  xml: string;
  cdata: string[];
}

function mask(source: string): Masked {
  const cdata: string[] = [];
  const xml = source
    .replace(/\u0000/g, '')
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, inner: string) => `\u0000${cdata.push(inner) - 1}\u0000`)
    .replace(/<!--[\s\S]*?-->/g, '');
  return { xml, cdata };
}

/** The text of an element's content: character references decoded outside CDATA, CDATA taken as is. */
function contentText(raw: string, m: Masked): string {
  return raw
    .split(/\u0000(\d+)\u0000/)
    .map((part, i) => (i % 2 === 1 ? (m.cdata[Number(part)] ?? '') : decodeEntities(part)))
    .join('');
}

const escapeTag = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An element with content; a self-closing `<link href="…"/>` is not an opening tag (the lookbehind). */
const openClose = (tag: string) => `<${tag}(?:\\s[^>]*)?(?<!/)>([\\s\\S]*?)</${tag}\\s*>`;

/** The raw content of the first `<name …>…</name>` in `xml` (names are matched exactly, prefix included). */
function child(xml: string, name: string): string | undefined {
  const tag = escapeTag(name);
  const m = new RegExp(openClose(tag), 'i').exec(xml);
  return m?.[1];
}

/** Every element `<name …>…</name>` in `xml`, as its raw content. */
function children(xml: string, name: string): string[] {
  const tag = escapeTag(name);
  const re = new RegExp(openClose(tag), 'gi');
  return [...xml.matchAll(re)].map((m) => m[1] ?? '');
}

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) out[m[1]!.toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? '');
  return out;
}

/** Plain text of an element that may hold escaped or CDATA-wrapped HTML. */
function plainText(raw: string | undefined, m: Masked): string {
  if (raw === undefined) return '';
  // Once for the XML layer, then, after the HTML tags are gone, once more for the HTML's own references.
  return collapse(decodeEntities(stripMarkup(contentText(raw, m))));
}

function httpUrl(value: string | undefined, base: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

function isoDate(value: string): string | undefined {
  const text = value.trim();
  if (!text) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

function entry(title: string, link: string | undefined, date: string | undefined, summary: string): FeedEntry | null {
  if (!link) return null;
  const out: FeedEntry = { title: truncate(title || summary || new URL(link).hostname, TITLE_MAX), link };
  if (date) out.date = date;
  if (summary) out.summary = truncate(summary, SUMMARY_MAX);
  return out;
}

function rssItem(xml: string, m: Masked, base: string | undefined): FeedEntry | null {
  const guid = /<guid(\s[^>]*)?>([\s\S]*?)<\/guid\s*>/i.exec(xml);
  const guidIsLink = guid && !/ispermalink\s*=\s*["']false["']/i.test(guid[1] ?? '');
  const link =
    httpUrl(contentText(child(xml, 'link') ?? '', m), base) ?? (guidIsLink ? httpUrl(contentText(guid[2] ?? '', m), base) : undefined);
  const dateRaw = child(xml, 'pubDate') ?? child(xml, 'dc:date');
  const summaryRaw = child(xml, 'description') ?? child(xml, 'content:encoded');
  return entry(plainText(child(xml, 'title'), m), link, dateRaw && isoDate(contentText(dateRaw, m)), plainText(summaryRaw, m));
}

function atomEntry(xml: string, m: Masked, base: string | undefined): FeedEntry | null {
  let link: string | undefined;
  for (const tag of xml.match(/<link\b[^>]*>/gi) ?? []) {
    const attrs = attributes(tag);
    const rel = attrs.rel ?? 'alternate';
    const href = httpUrl(attrs.href, base);
    if (href && rel === 'alternate') {
      link = href;
      break;
    }
    if (href && !link && rel !== 'self' && rel !== 'edit' && rel !== 'enclosure') link = href;
  }
  const dateRaw = child(xml, 'published') ?? child(xml, 'updated');
  const summaryRaw = child(xml, 'summary') ?? child(xml, 'content');
  return entry(plainText(child(xml, 'title'), m), link, dateRaw && isoDate(contentText(dateRaw, m)), plainText(summaryRaw, m));
}

export class FeedParseError extends Error {
  override readonly name = 'FeedParseError';
}

/**
 * The first `limit` entries of an RSS or Atom document that have an http(s) link, in document order.
 * Relative links are resolved against `base` (the feed's own URL) when given. Throws FeedParseError when the text
 * is not an RSS or Atom feed at all.
 */
export function parseFeed(xml: string, limit: number, base?: string): FeedEntry[] {
  const m = mask(xml);
  const isAtom = /<feed\b/i.test(m.xml);
  const isRss = /<(?:rss|rdf:RDF)\b/i.test(m.xml) || /<channel\b/i.test(m.xml);
  if (!isAtom && !isRss) throw new FeedParseError('the document is not an RSS or Atom feed');
  const parts = isRss ? children(m.xml, 'item') : children(m.xml, 'entry');
  const out: FeedEntry[] = [];
  for (const part of parts) {
    if (out.length >= limit) break;
    const e = isRss ? rssItem(part, m, base) : atomEntry(part, m, base);
    if (e) out.push(e);
  }
  return out;
}
