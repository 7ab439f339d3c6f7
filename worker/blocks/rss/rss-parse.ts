// A small, forgiving parser for RSS 2.0 (and RSS 1.0) items and Atom entries: titles, links, dates and text summaries.
import type { FeedEntry } from '../../site/feed.ts';
import { decodeEntities } from './entries.ts';

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

function entry(title: string, link: string | undefined, date: string | undefined, description: string): FeedEntry | null {
  return link ? { title, link, date, description } : null;
}

function rssItem(xml: string, m: Masked, base: string | undefined): FeedEntry | null {
  const guid = /<guid(\s[^>]*)?>([\s\S]*?)<\/guid\s*>/i.exec(xml);
  const guidIsLink = guid && !/ispermalink\s*=\s*["']false["']/i.test(guid[1] ?? '');
  const link =
    httpUrl(contentText(child(xml, 'link') ?? '', m), base) ?? (guidIsLink ? httpUrl(contentText(guid[2] ?? '', m), base) : undefined);
  const dateRaw = child(xml, 'pubDate') ?? child(xml, 'dc:date');
  const summaryRaw = child(xml, 'description') ?? child(xml, 'content:encoded');
  return entry(
    contentText(child(xml, 'title') ?? '', m),
    link,
    dateRaw && isoDate(contentText(dateRaw, m)),
    contentText(summaryRaw ?? '', m),
  );
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
  return entry(
    contentText(child(xml, 'title') ?? '', m),
    link,
    dateRaw && isoDate(contentText(dateRaw, m)),
    contentText(summaryRaw ?? '', m),
  );
}

export class FeedParseError extends Error {
  override readonly name = 'FeedParseError';
}

/**
 * The entries of an RSS or Atom document that have an http(s) link, in document order, their text as the feed gives it.
 * Relative links are resolved against `base` (the feed's own URL) when given. Throws FeedParseError when the text
 * is not an RSS or Atom feed at all.
 */
export function parseFeed(xml: string, base?: string): FeedEntry[] {
  const m = mask(xml);
  const isAtom = /<feed\b/i.test(m.xml);
  const isRss = /<(?:rss|rdf:RDF)\b/i.test(m.xml) || /<channel\b/i.test(m.xml);
  if (!isAtom && !isRss) throw new FeedParseError('the document is not an RSS or Atom feed');
  const parts = isRss ? children(m.xml, 'item') : children(m.xml, 'entry');
  const out: FeedEntry[] = [];
  for (const part of parts) {
    const e = isRss ? rssItem(part, m, base) : atomEntry(part, m, base);
    if (e) out.push(e);
  }
  return out;
}
