// Splits a validated snapshot into the records a version is published as (records.ts): the site record, one record per
// visible item, each collection's list, filters, slugs, feed and events, the item ids, the search index and the sitemap.
// Every record is named by its content, so an item or a chunk that did not change keeps its key from one publish to
// the next and is not written again; a scheduled item still to come gives the indexes it changes an epoch of their own.
import { COLLECTION_TYPES, CONTENT_STATUS, HIDDEN_NAVIGATION } from '../codes.ts';
import { cutText, plainText } from '../plain-text.ts';
import { contentUrl } from '../urls.ts';
import {
  CHUNK_ENTRIES,
  DOCS_PER_CHUNK,
  FEED_ITEMS,
  homepageOf,
  recordKey,
  SEARCH_TEXT_KEPT,
  searchTerms,
  shardCount,
  shardOf,
  SITEMAP_MAX_BYTES,
  SITEMAP_MAX_URLS,
  TERM_SHARD_MAX_BYTES,
  TERM_SHARD_PACK_BYTES,
  type CollectionIndex,
  type CollectionMeta,
  type DonationPage,
  type Entry,
  type Epoch,
  type FacetType,
  type FacetValue,
  type FeedRecordEntry,
  type HostPointer,
  type ItemVideo,
  type ListRef,
  type ManifestRecord,
  type RecordKind,
  type SearchDoc,
  type SiteRecord,
  type StockItem,
} from './records.ts';
import type { Collection, Item, Layout, SiteSnapshot } from './schema.ts';

/** What only the block types can tell of a snapshot (worker/blocks/indexes.ts hands them over: shared/ knows no blocks). */
export interface SplitTraits {
  /** the plain text of a layout, for search and descriptions: each block's own words, in order */
  layoutText(layout: Layout | undefined): string;
  /** the donation pages the site's blocks make routable, the first block of an id winning */
  donationPages(snapshot: SiteSnapshot): DonationPage[];
  /** the forms the site's newsletter blocks sign up to */
  newsletterBlockForms(snapshot: SiteSnapshot): string[];
  /** the first video of an item's body, for a video gallery's slide */
  itemVideo(item: Item): ItemVideo | undefined;
  /** the variants with a count the pages of each page and collection may show, by its urlId */
  stockPages(snapshot: SiteSnapshot): ReadonlyMap<string, readonly StockItem[]>;
}

export interface SplitSite {
  /** the published version: the snapshot's version and a hash of its content */
  version: string;
  siteKey: string;
  manifestKey: string;
  /** the pointer without its publishedAt */
  pointer: Omit<HostPointer, 'publishedAt'>;
  /** every record of the version by key, as the JSON text stored; the site record and the manifest among them */
  records: Map<string, string>;
}

const encoder = new TextEncoder();

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(text));
  let out = '';
  for (const b of new Uint8Array(digest)) out += b.toString(16).padStart(2, '0');
  return out;
}

/** The records of one version as they are made, each named by kind, site and a hash of its JSON. */
class Records {
  readonly map = new Map<string, string>();
  constructor(private readonly identifier: string) {}
  async put(kind: RecordKind, json: string): Promise<string> {
    const key = recordKey(kind, this.identifier, (await sha256Hex(json)).slice(0, 20));
    this.map.set(key, json);
    return key;
  }
}

/** A visible item made ready once for every list, epoch and index it appears in. */
interface Prepared {
  item: Item;
  collection: Collection;
  /** its summary (everything but the body) as JSON */
  json: string;
  /** its item record */
  key: string;
  /** when it becomes visible: -Infinity for a published item */
  at: number;
  /** its index in the collection as the snapshot lists it */
  index: number;
}

const visibleFrom = (item: Item): number | undefined =>
  item.status === CONTENT_STATUS.PUBLISHED
    ? Number.NEGATIVE_INFINITY
    : item.status === CONTENT_STATUS.SCHEDULED && Number.isFinite(Date.parse(item.publishOn))
      ? Date.parse(item.publishOn)
      : undefined;

/** Splits a validated snapshot (in the current format; `documentJson` is the document as validated) into its records. */
export async function splitSnapshot(snapshot: SiteSnapshot, documentJson: string, traits: SplitTraits, now: Date): Promise<SplitSite> {
  const { website } = snapshot;
  const out = new Records(website.identifier);
  const version = `${snapshot.version}+${(await sha256Hex(documentJson)).slice(0, 12)}`;
  const publishedAt = now.getTime();

  // every item a visitor may ever see of this version, with its record and summary
  const prepared = new Map<string, Prepared[]>();
  await Promise.all(
    snapshot.collections.map(async (collection) => {
      const list: Prepared[] = [];
      await Promise.all(
        collection.items.map(async (item, index) => {
          const at = visibleFrom(item);
          if (at === undefined) return;
          const { body: _body, ...rest } = item;
          const video = traits.itemVideo(item);
          const json = JSON.stringify(video ? { ...rest, video } : rest);
          const key = await out.put('item', JSON.stringify({ kind: 'item', item }));
          list[index] = { item, collection, json, key, at, index };
        }),
      );
      prepared.set(collection.id, list.filter(Boolean));
    }),
  );

  // the collection's order: by hand, or newest first (stable, as the snapshot lists items of the same moment)
  for (const collection of snapshot.collections) {
    const list = prepared.get(collection.id)!;
    if (collection.ordering === 'chronological') list.sort((a, b) => Date.parse(b.item.publishOn) - Date.parse(a.item.publishOn));
  }

  // the moments still to come at which a scheduled item comes out: each starts an epoch of its own
  const schedule = [...new Set([...prepared.values()].flatMap((list) => list.map((p) => p.at)).filter((at) => at > publishedAt))].sort(
    (a, b) => a - b,
  );

  const stock = traits.stockPages(snapshot);
  const collections: CollectionMeta[] = await Promise.all(
    snapshot.collections.map(async ({ items: _items, ...meta }) => {
      const found = stock.get(meta.urlId);
      return found?.length ? { ...meta, stock: await out.put('stock', JSON.stringify({ kind: 'stock', items: found })) } : meta;
    }),
  );
  const pageStock: Record<string, StockItem[]> = {};
  for (const page of snapshot.pages) {
    const found = stock.get(page.urlId);
    if (found?.length) pageStock[page.urlId] = [...found];
  }

  const byId = new Map<string, Entry>();
  for (const page of snapshot.pages) byId.set(page.id, { kind: 'page', page });
  for (const collection of collections) byId.set(collection.id, { kind: 'collection', collection });
  const home = homepageOf(snapshot, (id) => byId.get(id));
  const homeId = home && (home.kind === 'page' ? home.page.id : home.collection.id);
  const entryPath = (id: string, urlId: string) => (id === homeId ? '/' : contentUrl(urlId));

  const search = await searchIndex(snapshot, prepared, traits, entryPath, out);
  const chunks = new Map<string, Promise<string>>();
  const epochs: Epoch[] = [];
  for (const from of [0, ...schedule]) {
    const threshold = from === 0 ? publishedAt : from;
    const visibleNow = (p: Prepared) => p.at <= threshold;
    const indexes: Record<string, string> = {};
    const ids: Record<string, [string, string]> = {};
    let idCount = 0;
    for (const collection of snapshot.collections) {
      const visible = prepared.get(collection.id)!.filter(visibleNow);
      indexes[collection.id] = await collectionIndex(collection, visible, traits, out, chunks);
      for (const p of visible) {
        if (ids[p.item.id]) continue;
        ids[p.item.id] = [p.key, collection.id];
        idCount++;
      }
    }
    const idShards = await shards('ids', ids, idCount, out);
    const hidden = search.scheduled.filter((d) => d.at > threshold).map((d) => d.doc);
    const searchKey = await out.put('search', JSON.stringify({ kind: 'search', ...search.root, hidden }));
    const sitemap = await sitemapOf(snapshot, prepared, visibleNow, entryPath, out);
    epochs.push({ from, collections: indexes, ids: idShards, search: searchKey, sitemap });
  }

  const record: SiteRecord = {
    kind: 'site',
    formatVersion: snapshot.formatVersion,
    version,
    website: snapshot.website,
    settings: snapshot.settings,
    tweakJSON: snapshot.tweakJSON,
    navigation: snapshot.navigation,
    pages: snapshot.pages,
    collections,
    forms: snapshot.forms,
    accounts: snapshot.accounts,
    donationPages: traits.donationPages(snapshot),
    newsletterBlockForms: traits.newsletterBlockForms(snapshot),
    pageStock,
    epochs,
  };
  const siteKey = await out.put('site', JSON.stringify(record));
  const keys = [...out.map.keys()].sort();
  const manifestJson = (manifestKey: string) =>
    JSON.stringify({ kind: 'manifest', version, site: siteKey, keys: [...keys, manifestKey] } satisfies ManifestRecord);
  // the manifest names itself: its key is the hash of the list without it
  const manifestKey = recordKey('manifest', website.identifier, (await sha256Hex(JSON.stringify(keys))).slice(0, 20));
  out.map.set(manifestKey, manifestJson(manifestKey));

  const stockUrlIds = [...stock].filter(([, items]) => items.length > 0).map(([urlId]) => urlId);
  const homeUrlId = home && (home.kind === 'page' ? home.page.urlId : home.collection.urlId);
  return {
    version,
    siteKey,
    manifestKey,
    records: out.map,
    pointer: {
      format: 2,
      site: siteKey,
      manifest: manifestKey,
      version,
      identifier: website.identifier,
      title: website.title,
      websiteId: website.id,
      locked: !!website.password,
      lockedUrlIds: [
        ...snapshot.pages.filter((p) => p.password).map((p) => p.urlId),
        ...snapshot.collections.filter((c) => c.password).map((c) => c.urlId),
      ],
      schedule,
      stock: stockUrlIds,
      stockHome: !!homeUrlId && stockUrlIds.includes(homeUrlId),
    },
  };
}

/** The chunks of a list given newest first: chunk j holds positions j·50 … j·50+49 counted from the end, oldest first. */
async function listOf(entries: readonly Prepared[], out: Records, memo: Map<string, Promise<string>>): Promise<ListRef> {
  const n = entries.length;
  const chunks: Promise<string>[] = [];
  for (let start = 0; start < n; start += CHUNK_ENTRIES) {
    const slice: Prepared[] = [];
    for (let p = start; p < Math.min(n, start + CHUNK_ENTRIES); p++) slice.push(entries[n - 1 - p]!);
    // the same items make the same chunk, whichever list or epoch it is for: made once
    const id = slice.map((e) => e.key).join(' ');
    let key = memo.get(id);
    if (!key) {
      key = out.put('chunk', `{"kind":"chunk","entries":[${slice.map((e) => e.json).join(',')}]}`);
      memo.set(id, key);
    }
    chunks.push(key);
  }
  return { total: n, chunks: await Promise.all(chunks) };
}

/** Entries spread over shard records by a hash of their key (records.ts shardOf); the shard records' keys. */
async function shards<T>(kind: 'ids' | 'slugs', entries: Record<string, T>, count: number, out: Records): Promise<string[]> {
  const n = shardCount(count);
  const parts: Record<string, T>[] = Array.from({ length: n }, () => ({}));
  for (const [name, value] of Object.entries(entries)) parts[shardOf(name, n)]![name] = value;
  return Promise.all(parts.map((entries) => out.put(kind, JSON.stringify({ kind, entries }))));
}

const FACET_KEYS: Record<FacetType, (item: Item) => string[]> = {
  tag: (item) => item.tags,
  category: (item) => item.categories,
  author: (item) => (item.author ? [item.author.displayName] : []),
  month: (item) => [item.publishOn.slice(0, 7)],
};

async function collectionIndex(
  collection: Collection,
  visible: Prepared[],
  traits: SplitTraits,
  out: Records,
  memo: Map<string, Promise<string>>,
): Promise<string> {
  const n = visible.length;
  const list = await listOf(visible, out, memo);

  const slugs: Record<string, [string, number]> = {};
  visible.forEach((p, i) => {
    slugs[p.item.urlId] ??= [p.key, n - 1 - i];
  });
  const slugShards = await shards('slugs', slugs, n, out);

  const facets: CollectionIndex['facets'] = {};
  for (const type of Object.keys(FACET_KEYS) as FacetType[]) {
    const groups = new Map<string, { name: string; entries: Prepared[] }>();
    for (const p of visible) {
      for (const name of FACET_KEYS[type](p.item)) {
        const key = type === 'month' ? name : name.toLowerCase();
        const group = groups.get(key);
        if (!group) groups.set(key, { name, entries: [p] });
        else if (group.entries.at(-1) !== p) group.entries.push(p);
      }
    }
    if (!groups.size) continue;
    const values: Record<string, FacetValue> = {};
    for (const [key, { name, entries }] of groups) values[key] = { name, count: entries.length, list: await listOf(entries, out, memo) };
    facets[type] = await out.put('facet', JSON.stringify({ kind: 'facet', type, values }));
  }

  const newest = visible.slice().sort((a, b) => Date.parse(b.item.publishOn) - Date.parse(a.item.publishOn));
  const entries: FeedRecordEntry[] = newest.slice(0, FEED_ITEMS).map(({ item }) => ({
    title: item.title,
    path: `${contentUrl(collection.urlId)}/${item.urlId}`,
    date: new Date(item.publishOn).toISOString(),
    description: item.excerpt ? plainText(item.excerpt) : cutText(traits.layoutText(item.body), FEED_DESCRIPTION_MAX),
    ...(item.author ? { author: item.author.displayName } : {}),
    categories: item.categories,
  }));
  const feed = await out.put('feed', JSON.stringify({ kind: 'feed', entries }));

  const withEvents = visible
    .filter((p) => p.item.event)
    .sort((a, b) => Date.parse(a.item.event!.startDate) - Date.parse(b.item.event!.startDate));
  const events = withEvents.length
    ? await out.put('events', `{"kind":"events","entries":[${withEvents.map((p) => p.json).join(',')}]}`)
    : undefined;

  const index: CollectionIndex = { kind: 'coll', id: collection.id, list, slugs: slugShards, facets, feed, ...(events ? { events } : {}) };
  return out.put('coll', JSON.stringify(index));
}

/** An entry without an excerpt is described in its feed by the start of its body. */
const FEED_DESCRIPTION_MAX = 400;

/**
 * The search index of every document a visitor may ever see of this version: pages (not locked, hidden or templates)
 * and items of collections without a password. Documents are numbered by publish time, oldest first (pages, which have
 * none, first), so that a new post adds to the end of the postings and of the last docs record, and among equal scores
 * the higher number ranks first: newest first, then in the snapshot's order, as search always ranked. Built once for
 * every epoch; an epoch lists the documents it does not show yet.
 */
async function searchIndex(
  snapshot: SiteSnapshot,
  prepared: Map<string, Prepared[]>,
  traits: SplitTraits,
  entryPath: (id: string, urlId: string) => string,
  out: Records,
): Promise<{ root: { shards: Record<string, string>; docs: number; docChunks: string[] }; scheduled: { doc: number; at: number }[] }> {
  interface Source {
    doc: SearchDoc;
    time: number;
    order: number;
    at: number;
    title: string;
    text: string;
    labels: string[];
  }
  const sources: Source[] = [];
  const hiddenPages = new Set((snapshot.navigation[HIDDEN_NAVIGATION] ?? []).flatMap((n) => (n.kind === 'page' ? [n.id] : [])));
  for (const page of snapshot.pages) {
    if (page.password || hiddenPages.has(page.id) || page.type !== COLLECTION_TYPES.PAGE) continue;
    const text = [plainText(page.description), traits.layoutText(page.layout)].join(' ').trim();
    sources.push({
      doc: { url: entryPath(page.id, page.urlId), title: page.title, kind: 'page', text: text.slice(0, SEARCH_TEXT_KEPT) },
      time: 0,
      order: sources.length,
      at: Number.NEGATIVE_INFINITY,
      title: page.title,
      text,
      labels: [],
    });
  }
  for (const collection of snapshot.collections) {
    if (collection.password) continue;
    // the snapshot's order of items, as the index always went through them
    const items = prepared
      .get(collection.id)!
      .slice()
      .sort((a, b) => a.index - b.index);
    for (const { item, at } of items) {
      const text = [plainText(item.excerpt), traits.layoutText(item.body)].join(' ').trim();
      sources.push({
        doc: {
          url: `${contentUrl(collection.urlId)}/${item.urlId}`,
          title: item.title,
          kind: 'item',
          collectionTitle: collection.title,
          publishOn: item.publishOn,
          text: text.slice(0, SEARCH_TEXT_KEPT),
        },
        time: item.publishOn ? Date.parse(item.publishOn) || 0 : 0,
        order: sources.length,
        at,
        title: item.title,
        text,
        labels: [...item.tags, ...item.categories],
      });
    }
  }
  sources.sort((a, b) => a.time - b.time || b.order - a.order);

  const postings = new Map<string, number[]>();
  sources.forEach((source, doc) => {
    const inTitle = new Set(searchTerms(source.title));
    const terms = new Set([...inTitle, ...searchTerms(source.text), ...source.labels.flatMap(searchTerms)]);
    for (const term of terms) {
      const list = postings.get(term);
      const posting = doc * 2 + (inTitle.has(term) ? 1 : 0);
      if (list) list.push(posting);
      else postings.set(term, [posting]);
    }
  });

  // A shard holds the terms that start with its prefix. One too large is split: its terms longer than the prefix go
  // to shards one letter longer, and it keeps only the terms as long as its prefix. Small ones are then packed together
  // (in prefix order) up to TERM_SHARD_PACK_BYTES, so a small site has a few shards, not one per pair of letters.
  const leaves: { prefix: string; terms: [string, number[]][]; bytes: number }[] = [];
  const place = (prefix: string, terms: [string, number[]][]) => {
    const bytes = JSON.stringify(Object.fromEntries(terms)).length;
    const depth = prefix.length;
    const longer = terms.filter(([term]) => term.length > depth);
    if (bytes <= TERM_SHARD_MAX_BYTES || depth >= 8 || longer.length === 0) {
      leaves.push({ prefix, terms, bytes });
      return;
    }
    const own = terms.filter(([term]) => term.length <= depth);
    if (own.length) leaves.push({ prefix, terms: own, bytes: JSON.stringify(Object.fromEntries(own)).length });
    const children = new Map<string, [string, number[]][]>();
    for (const entry of longer) {
      const child = entry[0].slice(0, depth + 1);
      const list = children.get(child);
      if (list) list.push(entry);
      else children.set(child, [entry]);
    }
    for (const [child, list] of children) place(child, list);
  };
  const byPrefix = new Map<string, [string, number[]][]>();
  for (const entry of postings) {
    const prefix = entry[0].slice(0, 2);
    const list = byPrefix.get(prefix);
    if (list) list.push(entry);
    else byPrefix.set(prefix, [entry]);
  }
  for (const [prefix, terms] of byPrefix) place(prefix, terms);
  leaves.sort((a, b) => (a.prefix < b.prefix ? -1 : a.prefix > b.prefix ? 1 : 0));
  const shardKeys: Record<string, Promise<string>> = {};
  let pack: typeof leaves = [];
  let packBytes = 0;
  const flush = () => {
    if (!pack.length) return;
    const key = out.put('terms', JSON.stringify({ kind: 'terms', terms: Object.fromEntries(pack.flatMap((leaf) => leaf.terms)) }));
    for (const leaf of pack) shardKeys[leaf.prefix] = key;
    pack = [];
    packBytes = 0;
  };
  for (const leaf of leaves) {
    if (pack.length && packBytes + leaf.bytes > TERM_SHARD_PACK_BYTES) flush();
    pack.push(leaf);
    packBytes += leaf.bytes;
  }
  flush();

  const docChunks: Promise<string>[] = [];
  for (let start = 0; start < sources.length; start += DOCS_PER_CHUNK) {
    const docs = sources.slice(start, start + DOCS_PER_CHUNK).map((s) => s.doc);
    docChunks.push(out.put('docs', JSON.stringify({ kind: 'docs', docs })));
  }
  const shardEntries = await Promise.all(Object.entries(shardKeys).map(async ([prefix, key]) => [prefix, await key] as const));
  return {
    root: { shards: Object.fromEntries(shardEntries), docs: sources.length, docChunks: await Promise.all(docChunks) },
    scheduled: sources.flatMap((s, doc) => (Number.isFinite(s.at) ? [{ doc, at: s.at }] : [])),
  };
}

function xmlText(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

/**
 * The sitemap of one epoch (sitemaps.org): the homepage, every page a visitor can open that is not hidden, locked or a
 * template, every collection without a password and its visible items; nothing of a site locked as a whole. Split in
 * sitemaps of at most 50,000 URLs and 50 MB each, made whole at publish with the site's own origin.
 */
async function sitemapOf(
  snapshot: SiteSnapshot,
  prepared: Map<string, Prepared[]>,
  visibleNow: (p: Prepared) => boolean,
  entryPath: (id: string, urlId: string) => string,
  out: Records,
): Promise<string> {
  const origin = `https://${new URL(snapshot.website.baseUrl).host}`;
  const urls: string[] = [];
  const add = (path: string, lastmod?: string) =>
    urls.push(`<url><loc>${xmlText(origin + path)}</loc>${lastmod ? `<lastmod>${xmlText(lastmod.slice(0, 10))}</lastmod>` : ''}</url>`);
  if (!snapshot.website.password) {
    const hidden = new Set((snapshot.navigation[HIDDEN_NAVIGATION] ?? []).flatMap((n) => (n.kind === 'page' ? [n.id] : [])));
    const seen = new Set<string>();
    const once = (path: string, lastmod?: string) => {
      if (!seen.has(path)) {
        seen.add(path);
        add(path, lastmod);
      }
    };
    for (const page of snapshot.pages) {
      if (page.password || hidden.has(page.id) || page.type === COLLECTION_TYPES.TEMPLATE_PAGE) continue;
      once(entryPath(page.id, page.urlId));
    }
    for (const collection of snapshot.collections) {
      if (collection.password) continue;
      once(entryPath(collection.id, collection.urlId));
      for (const p of prepared.get(collection.id)!) {
        if (visibleNow(p)) once(`${contentUrl(collection.urlId)}/${p.item.urlId}`, p.item.updatedOn ?? p.item.publishOn);
      }
    }
  }
  const head = '<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';
  const tail = '</urlset>';
  const parts: Promise<string>[] = [];
  let part: string[] = [];
  let bytes = head.length + tail.length;
  const flush = () => {
    const xml = head + part.join('') + tail;
    parts.push(out.put('smap', JSON.stringify({ kind: 'smap', urls: part.length, xml })));
    part = [];
    bytes = head.length + tail.length;
  };
  for (const url of urls) {
    if (part.length >= SITEMAP_MAX_URLS || bytes + url.length > SITEMAP_MAX_BYTES) flush();
    part.push(url);
    bytes += url.length;
  }
  if (part.length || parts.length === 0) flush();
  return out.put('sitemap', JSON.stringify({ kind: 'sitemap', total: urls.length, parts: await Promise.all(parts) }));
}
