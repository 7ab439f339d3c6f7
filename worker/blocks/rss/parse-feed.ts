// Reads an RSS 2.0, RSS 1.0 or Atom document into feed entries: its bytes in the encoding it names, its XML with
// fast-xml-parser (CDATA apart from text, nothing of a DOCTYPE expanded) and its character references with the
// `entities` package's HTML decoder, so the named references feeds use without declaring them (&hellip;, &eacute;)
// read as a browser reads them. Elements are told apart by namespace, whatever prefix a feed gives them, and links
// are resolved against xml:base and the feed's own URL. Pure JavaScript: block modules are also loaded on Node.
import { decodeHTMLStrict } from 'entities/decode';
import { XMLParser } from 'fast-xml-parser';
import { plainText } from '../../../shared/plain-text.ts';
import type { FeedEntry } from '../../site/feed.ts';

export class FeedParseError extends Error {
  override readonly name = 'FeedParseError';
}

const NS = {
  atom: 'http://www.w3.org/2005/Atom',
  atom03: 'http://purl.org/atom/ns#',
  content: 'http://purl.org/rss/1.0/modules/content/',
  dc: 'http://purl.org/dc/elements/1.1/',
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  xml: 'http://www.w3.org/XML/1998/namespace',
} as const;

/** Prefixes feeds use without declaring them, read as the modules they always name. */
const CONVENTIONAL_PREFIXES: ReadonlyMap<string, string> = new Map([
  ['atom', NS.atom],
  ['content', NS.content],
  ['dc', NS.dc],
  ['rdf', NS.rdf],
  ['xml', NS.xml],
]);

const isAtom = (ns: string) => ns === NS.atom || ns === NS.atom03;

// ----- bytes to text -----

const BOMS: [bytes: number[], encoding: string][] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

function decoderFor(label: string | undefined): TextDecoder | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label.trim());
  } catch {
    // a label TextDecoder does not know: the next clue decides
    return undefined;
  }
}

/**
 * A feed's text from its bytes, in the encoding it is written in: a byte order mark, else the Content-Type's charset,
 * else the encoding its XML declaration names (RFC 7303), else UTF-8. A name no decoder knows is passed over.
 */
export function feedText(bytes: ArrayBuffer | Uint8Array, contentType?: string | null): string {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const bom = BOMS.find(([mark]) => mark.every((b, i) => data[i] === b));
  // without a mark, a UTF-16 document still begins '<?' (XML 1.0 appendix F)
  const utf16 = data[0] === 0x3c && data[1] === 0 ? 'utf-16le' : data[0] === 0 && data[1] === 0x3c ? 'utf-16be' : undefined;
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  const head = String.fromCharCode(...data.subarray(0, 256));
  const declared = /^<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z][\w.:-]*)["']/.exec(head)?.[1];
  const decoder = decoderFor(bom?.[1] ?? utf16) ?? decoderFor(charset) ?? decoderFor(declared) ?? new TextDecoder();
  return decoder.decode(data);
}

// ----- the document as elements -----

/** fast-xml-parser's ordered output: an element is `{ [name]: children, ':@'?: attributes }`, text `{ '#text' }`, CDATA `{ '#cdata': [{ '#text' }] }`. */
type XmlNode = Record<string, unknown>;

interface XmlElement {
  /** the local name, lower-cased: feeds are read as leniently as their readers read them ('pubdate' is 'pubDate') */
  name: string;
  /** the namespace URI ('' for none) */
  ns: string;
  /** attribute values, references decoded, by name as written */
  attributes: Record<string, string>;
  children: XmlNode[];
  /** what relative links inside are resolved against: xml:base over the feed's URL */
  base: string | undefined;
  scope: ReadonlyMap<string, string>;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // text and attribute values as written: references are decoded here, once, with the HTML decoder
  processEntities: false,
  cdataPropName: '#cdata',
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

const decode = (text: string) => decodeHTMLStrict(text);

const ATTRIBUTES = ':@';

/** A node as an element, with its namespace, attributes and base; undefined for text, CDATA and anything else. */
function elementOf(node: XmlNode, parent: Pick<XmlElement, 'base' | 'scope'>): XmlElement | undefined {
  const qualified = Object.keys(node).find((key) => key !== ATTRIBUTES);
  if (!qualified || qualified === '#text' || qualified === '#cdata') return undefined;
  // no prototype: a feed's attribute names are only ever keys here
  const attributes: Record<string, string> = Object.create(null);
  let scope = parent.scope;
  for (const [name, value] of Object.entries((node[ATTRIBUTES] ?? {}) as Record<string, unknown>)) {
    if (typeof value !== 'string') continue;
    const decoded = decode(value);
    attributes[name] = decoded;
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      if (scope === parent.scope) scope = new Map(parent.scope);
      (scope as Map<string, string>).set(name.slice(6), decoded);
    }
  }
  const colon = qualified.indexOf(':');
  const prefix = colon === -1 ? '' : qualified.slice(0, colon);
  const xmlBase = attributes['xml:base'];
  return {
    name: qualified.slice(colon + 1).toLowerCase(),
    ns: scope.get(prefix) ?? CONVENTIONAL_PREFIXES.get(prefix) ?? '',
    attributes,
    children: Array.isArray(node[qualified]) ? (node[qualified] as XmlNode[]) : [],
    base: xmlBase === undefined ? parent.base : (resolve(xmlBase, parent.base) ?? parent.base),
    scope,
  };
}

const elementsIn = (nodes: readonly XmlNode[], parent: Pick<XmlElement, 'base' | 'scope'>): XmlElement[] =>
  nodes.flatMap((node) => elementOf(node, parent) ?? []);

function resolve(value: string, base: string | undefined): string | undefined {
  try {
    return new URL(value.trim(), base).toString();
  } catch {
    return undefined;
  }
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Elements inside a text field (XHTML, or HTML a feed forgot to escape) as markup, their text escaped. */
function markupOf(nodes: readonly XmlNode[], parent: XmlElement): string {
  let markup = '';
  for (const node of nodes) {
    if (typeof node['#text'] === 'string') markup += escapeText(decode(node['#text']));
    else if (Array.isArray(node['#cdata'])) markup += escapeText(cdataOf(node));
    else {
      const element = elementOf(node, parent);
      if (element) markup += `<${element.name}>${markupOf(element.children, element)}</${element.name}>`;
    }
  }
  return markup;
}

const cdataOf = (node: XmlNode) =>
  (node['#cdata'] as XmlNode[]).map((part) => (typeof part['#text'] === 'string' ? part['#text'] : '')).join('');

/**
 * A text field as the feed gives it: its text with references decoded once, and CDATA as written (RSS and Atom's
 * html text are escaped markup). A field written as elements (Atom's XHTML) is read as its text.
 */
function textOf(element: XmlElement): string {
  if (elementsIn(element.children, element).length > 0) return escapeText(plainText(markupOf(element.children, element)));
  let text = '';
  for (const node of element.children) {
    if (typeof node['#text'] === 'string') text += decode(node['#text']);
    else if (Array.isArray(node['#cdata'])) text += cdataOf(node);
  }
  return text;
}

// ----- entries -----

type Field = 'title' | 'guid' | 'date' | 'altDate' | 'description' | 'content';

/** What one item or entry says: the first element of each kind, and its links. */
interface Draft {
  text: Map<Field, string>;
  /** RSS: the text of <link> */
  link?: string;
  guidIsLink: boolean;
  /** Atom's <link/>, and atom:link in RSS: each href (resolved) and rel */
  atomLinks: { href: string; rel: string }[];
  base: string | undefined;
}

/** The field an element of an item gives, by its namespace and name: RSS items (own namespace: none, or RSS 1.0's). */
function rssField(element: XmlElement, own: string): Field | 'link' | 'atomLink' | undefined {
  if (element.ns === own) {
    switch (element.name) {
      case 'title':
      case 'guid':
      case 'description':
        return element.name;
      case 'pubdate':
        return 'date';
      case 'link':
        return 'link';
    }
  }
  if (element.ns === NS.dc && element.name === 'date') return 'altDate';
  if (element.ns === NS.content && element.name === 'encoded') return 'content';
  if (isAtom(element.ns) && element.name === 'link') return 'atomLink';
  return undefined;
}

/** The field an element of an Atom entry gives. */
function atomField(element: XmlElement, own: string): Field | 'atomLink' | undefined {
  if (element.ns === NS.dc && element.name === 'date') return 'altDate';
  if (element.ns !== own) return undefined;
  switch (element.name) {
    case 'title':
    case 'content':
      return element.name;
    case 'summary':
      return 'description';
    case 'published':
      return 'date';
    case 'updated':
      return 'altDate';
    case 'link':
      return 'atomLink';
  }
  return undefined;
}

function draftOf(entry: XmlElement): Draft {
  const atom = entry.name === 'entry';
  const draft: Draft = { text: new Map(), guidIsLink: true, atomLinks: [], base: entry.base };
  for (const element of elementsIn(entry.children, entry)) {
    const field = atom ? atomField(element, entry.ns) : rssField(element, entry.ns);
    if (field === 'atomLink') {
      const href = element.attributes.href;
      const url = href === undefined ? undefined : resolve(href, element.base);
      if (url) draft.atomLinks.push({ href: url, rel: element.attributes.rel?.trim().toLowerCase() || 'alternate' });
    } else if (field === 'link') {
      draft.link ??= textOf(element);
    } else if (field && !draft.text.has(field)) {
      draft.text.set(field, textOf(element));
      if (field === 'guid') {
        const permalink = Object.entries(element.attributes).find(([name]) => name.toLowerCase() === 'ispermalink')?.[1];
        draft.guidIsLink = permalink?.trim().toLowerCase() !== 'false';
      }
    }
  }
  return draft;
}

function httpUrl(value: string | undefined, base: string | undefined): string | undefined {
  if (!value) return undefined;
  const url = resolve(value, base);
  return url && /^https?:/.test(url) ? url : undefined;
}

function isoDate(value: string | undefined): string | undefined {
  const time = value?.trim() ? Date.parse(value.trim()) : NaN;
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** Atom: the alternate link (rel absent or 'alternate'), else the first that is not the feed itself, an edit or an enclosure. */
function atomLink(links: Draft['atomLinks']): string | undefined {
  let fallback: string | undefined;
  for (const { href, rel } of links) {
    const url = httpUrl(href, undefined);
    if (!url) continue;
    if (rel === 'alternate') return url;
    if (!fallback && rel !== 'self' && rel !== 'edit' && rel !== 'enclosure') fallback = url;
  }
  return fallback;
}

function toEntry(draft: Draft): FeedEntry | undefined {
  const text = (field: Field) => draft.text.get(field);
  const link =
    httpUrl(draft.link, draft.base) ?? (draft.guidIsLink ? httpUrl(text('guid'), draft.base) : undefined) ?? atomLink(draft.atomLinks);
  if (!link) return undefined;
  return {
    title: text('title') ?? '',
    link,
    // an empty element says nothing: the next choice speaks
    date: isoDate(text('date') || text('altDate')),
    description: text('description') || text('content') || '',
  };
}

const FEED_ROOTS = new Set(['rss', 'rdf', 'feed', 'channel']);

/** The items and entries under an element, in document order (never inside one another). */
function entriesUnder(element: XmlElement): XmlElement[] {
  return elementsIn(element.children, element).flatMap((child) =>
    (child.name === 'item' && !isAtom(child.ns)) || (child.name === 'entry' && (isAtom(child.ns) || child.ns === ''))
      ? [child]
      : entriesUnder(child),
  );
}

/**
 * The entries of an RSS or Atom document that have an http(s) link, in document order, at most `limit` of them, their
 * text as the feed gives it (titles and descriptions may hold markup). Relative links are resolved against xml:base
 * and `base` (the feed's own URL). Throws FeedParseError when the document is not an RSS or Atom feed at all.
 */
export async function parseFeed(xml: string, base?: string, limit = Infinity): Promise<FeedEntry[]> {
  let nodes: XmlNode[];
  try {
    nodes = parser.parse(xml) as XmlNode[];
  } catch (error) {
    throw new FeedParseError(`the feed is not readable XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  const roots = elementsIn(nodes, { base, scope: new Map() }).filter((element) => FEED_ROOTS.has(element.name));
  if (roots.length === 0) throw new FeedParseError('the document is not an RSS or Atom feed');
  const entries: FeedEntry[] = [];
  for (const entry of roots.flatMap(entriesUnder)) {
    if (entries.length >= limit) break;
    const read = toEntry(draftOf(entry));
    if (read) entries.push(read);
  }
  return entries;
}
