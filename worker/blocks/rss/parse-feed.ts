// Reads an RSS 2.0, RSS 1.0 or Atom document into feed entries with workerd's HTMLRewriter (lol-html): a streaming
// HTML parser that reads the XML of feeds well once three of its HTML habits are allowed for. It takes CDATA sections
// for comments and `<x/>` for an opening tag, so both are rewritten to their XML meaning first (escaped text, an empty
// element); `<link>` is a void element to it, so an RSS link is the text that follows the tag; and it hands text over
// as written, character references and all, so they are decoded here.
import type { FeedEntry } from '../../site/feed.ts';
import { decodeEntities } from '../../../shared/plain-text.ts';

/**
 * The part of workerd's HTMLRewriter this parser uses. Declared here rather than taken from the Workers types: the
 * block modules are also loaded on Node (publish:site reads their schemas), and only parseFeed needs the runtime.
 */
interface RewriterElement {
  getAttribute(name: string): string | null;
  onEndTag(handler: () => void): void;
}
interface RewriterHandlers {
  element?(element: RewriterElement): void;
  text?(chunk: { text: string }): void;
}
interface Rewriter {
  on(selector: string, handlers: RewriterHandlers): Rewriter;
  transform(response: Response): Response;
}
declare const HTMLRewriter: new () => Rewriter;

export class FeedParseError extends Error {
  override readonly name = 'FeedParseError';
}

/** What one item or entry says, as it is read. */
interface Draft {
  /** the text of the first element of each kind, while it is open and once it has closed */
  text: Map<Field, { value: string; open: boolean }>;
  /** RSS: the text after <link>, until the next element starts */
  link?: { value: string; open: boolean };
  guidIsLink: boolean;
  /** Atom: the href and rel of each <link/> */
  atomLinks: { href: string; rel: string }[];
}

type Field = 'title' | 'guid' | 'date' | 'altDate' | 'description' | 'content';

/** The elements read from each item (RSS 2.0 and 1.0) or entry (Atom), by what they give. */
const FIELDS: [selector: string, field: Field][] = [
  ['item > title, entry > title', 'title'],
  ['item > guid', 'guid'],
  ['item > pubdate, entry > published', 'date'],
  ['item > dc\\:date, entry > updated', 'altDate'],
  ['item > description, entry > summary', 'description'],
  ['item > content\\:encoded, entry > content', 'content'],
];

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** CDATA sections as escaped text, and empty elements written `<x/>` as `<x></x>` (quoted attribute values may hold '>'). */
function asHtmlParserReadsIt(xml: string): string {
  return xml
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, text: string) => escapeText(text))
    .replace(/<([A-Za-z_][\w:.-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/>/g, '<$1$2></$1>');
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

function isoDate(value: string | undefined): string | undefined {
  const time = value?.trim() ? Date.parse(value.trim()) : NaN;
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** Atom: the alternate link (rel absent or 'alternate'), else the first that is not the feed itself, an edit or an enclosure. */
function atomLink(links: Draft['atomLinks'], base: string | undefined): string | undefined {
  let fallback: string | undefined;
  for (const { href, rel } of links) {
    const url = httpUrl(href, base);
    if (!url) continue;
    if (rel === 'alternate') return url;
    if (!fallback && rel !== 'self' && rel !== 'edit' && rel !== 'enclosure') fallback = url;
  }
  return fallback;
}

function toEntry(draft: Draft, base: string | undefined): FeedEntry | undefined {
  const text = (field: Field) => {
    const raw = draft.text.get(field)?.value;
    return raw === undefined ? undefined : decodeEntities(raw);
  };
  const link =
    httpUrl(draft.link && decodeEntities(draft.link.value), base) ??
    (draft.guidIsLink ? httpUrl(text('guid'), base) : undefined) ??
    atomLink(draft.atomLinks, base);
  if (!link) return undefined;
  return {
    title: text('title') ?? '',
    link,
    // an empty element says nothing: the next choice speaks
    date: isoDate(text('date') || text('altDate')),
    description: text('description') || text('content') || '',
  };
}

/**
 * The entries of an RSS or Atom document that have an http(s) link, in document order, their text as the feed gives
 * it (titles and descriptions may hold markup). Relative links are resolved against `base` (the feed's own URL).
 * Throws FeedParseError when the document is not an RSS or Atom feed at all.
 */
export async function parseFeed(xml: string, base?: string): Promise<FeedEntry[]> {
  const drafts: Draft[] = [];
  let draft: Draft | undefined;
  let isFeed = false;

  let rewriter = new HTMLRewriter()
    .on('rss, feed, rdf\\:rdf, channel', {
      element() {
        isFeed = true;
      },
    })
    .on('item, entry', {
      element(element) {
        const current: Draft = { text: new Map(), guidIsLink: true, atomLinks: [] };
        drafts.push(current);
        draft = current;
        element.onEndTag(() => {
          if (draft === current) draft = undefined;
        });
      },
      text({ text }) {
        if (draft?.link?.open) draft.link.value += text;
      },
    })
    // any element inside an item ends the text of an RSS <link> before it (registered first: it runs before the next)
    .on('item *', {
      element() {
        if (draft?.link) draft.link.open = false;
      },
    })
    .on('item > link', {
      element() {
        if (draft && !draft.link) draft.link = { value: '', open: true };
      },
    })
    .on('entry > link', {
      element(element) {
        const href = element.getAttribute('href');
        if (draft && href) draft.atomLinks.push({ href: decodeEntities(href), rel: element.getAttribute('rel') ?? 'alternate' });
      },
    })
    .on('item > guid', {
      element(element) {
        if (draft && element.getAttribute('ispermalink')?.trim().toLowerCase() === 'false') draft.guidIsLink = false;
      },
    });
  for (const [selector, field] of FIELDS) {
    rewriter = rewriter.on(selector, {
      element(element) {
        const current = draft;
        if (!current || current.text.has(field)) return;
        const read = { value: '', open: true };
        current.text.set(field, read);
        element.onEndTag(() => {
          read.open = false;
        });
      },
      text({ text }) {
        const read = draft?.text.get(field);
        if (read?.open) read.value += text;
      },
    });
  }
  await rewriter.transform(new Response(asHtmlParserReadsIt(xml))).arrayBuffer();

  if (!isFeed) throw new FeedParseError('the document is not an RSS or Atom feed');
  return drafts.flatMap((d) => toEntry(d, base) ?? []);
}
