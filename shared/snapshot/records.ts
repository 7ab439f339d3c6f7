// How a published site lies in Workers KV: a small pointer per host, and immutable records named by their content that
// the pointer reaches (docs/site-snapshot.md, "How a site is stored"). The snapshot a publisher hands over is split into
// these at publish (split.ts); the Worker reads only the records a page needs, each once per isolate.
import type { Account, Collection, Form, Item, Layout, NavigationItem, Page, Settings, SiteSnapshot } from './schema.ts';

/** The kinds of record, the first part of every record key: `{kind}:{site identifier}:{content hash}`. */
export const RECORD_KINDS = [
  'site',
  'manifest',
  'coll',
  'chunk',
  'facet',
  'slugs',
  'ids',
  'item',
  'feed',
  'events',
  'stock',
  'search',
  'terms',
  'docs',
  'sitemap',
  'smap',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/**
 * Seconds KV may serve a host's pointer from a colo's cache: a publish or an unpublish is seen everywhere within this
 * time, plus what an isolate keeps it (SITE_POINTER_TTL_MS).
 */
export const POINTER_CACHE_TTL = 60;

/** Where host pointers live: `host:{hostname}`. */
export const HOST_KEY_PREFIX = 'host:';
/** The one record of a site published before records existed (the whole snapshot), named by a legacy pointer. */
export const SNAPSHOT_KEY_PREFIX = 'snapshot:';

/**
 * Where the owners of donation pages live: `donate:{donatePageId}` names the site that offers that page, so §2's
 * secure host (secure.{app domain}/commerce/donate?donatePageId=…) can send a visitor to it. Like a host pointer it is
 * rewritten by every publish, not named by its content; publish:site refuses an id another site still offers.
 */
export const DONATE_KEY_PREFIX = 'donate:';

/** What KV accepts in one value (25 MiB): publish:site refuses a larger record, naming it. */
export const KV_VALUE_MAX_BYTES = 25 * 1024 * 1024;
/** What KV accepts as a key. */
export const KV_KEY_MAX_BYTES = 512;

/** Entries of a list held in one chunk record; a page of at most 100 reads at most three. */
export const CHUNK_ENTRIES = 50;
/** Entries aimed at per slug or id shard (the shard count grows with the collection or the site). */
export const SHARD_ENTRIES = 256;
/** Items a collection's feed lists (newest first). */
export const FEED_ITEMS = 20;
/** Search documents per docs record. */
export const DOCS_PER_CHUNK = 32;
/** The text of a search document kept for its result's excerpt. */
export const SEARCH_TEXT_KEPT = 1000;
/** A term shard is split by the next letter of its terms above this many bytes of JSON. */
export const TERM_SHARD_MAX_BYTES = 128 * 1024;
/** Small term shards are packed together, in prefix order, up to this many bytes of JSON. */
export const TERM_SHARD_PACK_BYTES = 32 * 1024;
/** The sitemap protocol's limits for one sitemap file: 50,000 URLs and 50 MB (uncompressed). */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_BYTES = 50 * 1000 * 1000;

export function hostKey(hostname: string): string {
  return HOST_KEY_PREFIX + normaliseHost(hostname);
}

/** Host names compare without port, trailing dot or case. */
export function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

export function donateKey(donatePageId: string): string {
  return DONATE_KEY_PREFIX + donatePageId;
}

/** What `donate:{donatePageId}` holds: the site that offers the page, and the host it was published at. */
export interface DonateOwner {
  identifier: string;
  /** the host publish:site published the site at (its --host, or {identifier}.localhost): where visitors are sent */
  host: string;
}

/** An owner record read from KV, checked; undefined for anything else. */
export function checkDonateOwner(value: unknown): DonateOwner | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { identifier, host } = value as Record<string, unknown>;
  if (!isString(identifier) || !identifier || !isString(host) || !host) return undefined;
  return { identifier, host };
}

export function recordKey(kind: RecordKind, identifier: string, hash: string): string {
  return `${kind}:${identifier}:${hash}`;
}

/** The kind of a record key, or undefined for a key that is no record of ours (a pointer, something else). */
export function kindOfKey(key: string): RecordKind | 'snapshot' | undefined {
  const kind = key.slice(0, key.indexOf(':'));
  if (kind === 'snapshot') return 'snapshot';
  return (RECORD_KINDS as readonly string[]).includes(kind) ? (kind as RecordKind) : undefined;
}

/**
 * What `host:{hostname}` holds: the site record of the version being served, and everything the page cache's key needs
 * (worker/render/page-cache.ts), so a cached page is served after reading this alone, however large the site.
 */
export interface HostPointer {
  format: 2;
  /** the site record: settings, navigation, pages, collections' metadata, and where everything else is */
  site: string;
  /** the manifest record: every record key of this version (publish:site's incremental publish and gc read it) */
  manifest: string;
  /** the snapshot's version plus a content hash, so that any republish changes it */
  version: string;
  identifier: string;
  title: string;
  publishedAt: string;
  websiteId: string;
  /** the whole site has a password: every page is a lock screen, none is ever cached */
  locked: boolean;
  /** the urlIds of pages and collections with a password of their own (their pages are never cached) */
  lockedUrlIds: string[];
  /** when scheduled items still to come at publish are due (ms, ascending): each changes what visitors see */
  schedule: number[];
  /** the urlIds of pages and collections whose pages show limited stock (their cache key carries the stock epoch) */
  stock: string[];
  /** whether the homepage ('/') shows limited stock */
  stockHome: boolean;
}

/** What a pointer held before records existed: the whole snapshot in one record. Still read (and split in memory). */
export interface LegacyPointer {
  snapshotKey: string;
  version: string;
  identifier: string;
  title: string;
  publishedAt: string;
}

export type AnyPointer = HostPointer | LegacyPointer;

export const isLegacyPointer = (p: AnyPointer): p is LegacyPointer => (p as HostPointer).format !== 2;

const isString = (v: unknown): v is string => typeof v === 'string';
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

/** A pointer read from KV or a custom hostname's metadata, checked; the reason otherwise. */
export function checkPointer(value: unknown): { ok: true; pointer: AnyPointer } | { ok: false; reason: string } {
  if (!value || typeof value !== 'object') return { ok: false, reason: 'pointer is not an object' };
  const p = value as Record<string, unknown>;
  if (p.format === 2) {
    const problems: string[] = [];
    for (const name of ['site', 'manifest', 'version', 'identifier', 'websiteId'] as const) if (!isString(p[name])) problems.push(name);
    if (typeof p.locked !== 'boolean') problems.push('locked');
    if (typeof p.stockHome !== 'boolean') problems.push('stockHome');
    if (!isStrings(p.lockedUrlIds)) problems.push('lockedUrlIds');
    if (!isStrings(p.stock)) problems.push('stock');
    if (!Array.isArray(p.schedule) || !p.schedule.every((t) => typeof t === 'number' && Number.isFinite(t))) problems.push('schedule');
    if (problems.length) return { ok: false, reason: `pointer has no valid ${problems.join(', ')}` };
    return { ok: true, pointer: value as HostPointer };
  }
  if (!isString(p.snapshotKey)) return { ok: false, reason: 'pointer has no snapshotKey' };
  return { ok: true, pointer: { ...(value as LegacyPointer), version: isString(p.version) ? p.version : 'unknown' } };
}

/** A visible item as lists, cards and blocks draw it: everything but its body (and the body's first video, for galleries). */
export type ItemSummary = Omit<Item, 'body'> & { video?: ItemVideo | undefined };
export interface ItemVideo {
  html: string;
  title?: string | undefined;
  providerName: string;
}

/** A collection without its items: what the site record holds of it. */
export type CollectionMeta = Omit<Collection, 'items'> & {
  /** the stock record of the variants with a count that its pages may show */
  stock?: string | undefined;
};

/** What the DONATE and CONTRIBUTION_CONFIRMED pages (§2 /commerce/donate?donatePageId=…) show of their block. */
export interface DonationPage {
  donatePageId: string;
  title: string;
  description?: string | undefined;
  buttonText: string;
  suggestedAmountsCents: readonly number[];
  contributionConfirmedText?: string | undefined;
}

/** A variant sold from a count: its stock key, its SKU and the count the snapshot publishes. */
export interface StockItem {
  key: string;
  sku: string;
  qtyInStock: number;
}

/** Entries of a list: its length, and the chunk records that hold it, oldest first (chunk j: positions j·50… from the end). */
export interface ListRef {
  total: number;
  chunks: string[];
}

/** What changes when a scheduled item comes out: the indexes of the visible items, from `from` (ms) on. */
export interface Epoch {
  from: number;
  /** each collection's index record, by collection id */
  collections: Record<string, string>;
  /** id shards (item id → item record), by hash of the id */
  ids: string[];
  search: string;
  sitemap: string;
}

/** The site record: what every page needs, and where everything else is. */
export interface SiteRecord {
  kind: 'site';
  /** the snapshot format it was validated in */
  formatVersion: number;
  version: string;
  website: SiteSnapshot['website'];
  settings: Settings;
  tweakJSON: Record<string, string>;
  navigation: Record<string, NavigationItem[]>;
  pages: Page[];
  collections: CollectionMeta[];
  forms: Form[];
  accounts: Account[];
  /** what only the blocks tell (worker/blocks/indexes.ts), worked out at publish */
  donationPages: DonationPage[];
  newsletterBlockForms: string[];
  /** the variants with a count that each page's blocks show, by the page's urlId */
  pageStock: Record<string, StockItem[]>;
  /** ascending by `from`; the first from 0 */
  epochs: Epoch[];
}

export interface ManifestRecord {
  kind: 'manifest';
  version: string;
  site: string;
  /** every record of the version, the site record and this manifest included */
  keys: string[];
}

/** A collection's indexes at one epoch. */
export interface CollectionIndex {
  kind: 'coll';
  id: string;
  list: ListRef;
  /** slug shards (urlId → item record and position), by hash of the urlId */
  slugs: string[];
  facets: Partial<Record<FacetType, string>>;
  feed: string;
  events?: string | undefined;
}

export interface ChunkRecord {
  kind: 'chunk';
  /** oldest first */
  entries: ItemSummary[];
}

export type FacetType = 'tag' | 'category' | 'author' | 'month';

export interface FacetValue {
  /** as first written (the month as YYYY-MM) */
  name: string;
  count: number;
  list: ListRef;
}

/** A filter type's values in one collection, by lower-cased name (the month as YYYY-MM), in the collection's order of first use. */
export interface FacetRecord {
  kind: 'facet';
  type: FacetType;
  values: Record<string, FacetValue>;
}

export interface SlugShard {
  kind: 'slugs';
  /** urlId → [item record, position from the end of the collection's list] */
  entries: Record<string, [string, number]>;
}

export interface IdShard {
  kind: 'ids';
  /** item id → [item record, collection id] */
  entries: Record<string, [string, string]>;
}

export interface ItemRecord {
  kind: 'item';
  item: Item;
}

/** One entry of a collection's feed, its link as a path of the site. */
export interface FeedRecordEntry {
  title: string;
  path: string;
  date: string;
  description: string;
  author?: string | undefined;
  categories: string[];
}

export interface FeedRecord {
  kind: 'feed';
  entries: FeedRecordEntry[];
}

/** A collection's events (items with event details), by start date. */
export interface EventsRecord {
  kind: 'events';
  /** visible items with event details, by start date */
  entries: ItemSummary[];
}

export interface StockRecord {
  kind: 'stock';
  items: StockItem[];
}

export interface SearchRecord {
  kind: 'search';
  /** term shards by prefix (several prefixes may share one): a term lies in the shard of its longest prefix listed */
  shards: Record<string, string>;
  docs: number;
  docChunks: string[];
  /** documents not visible yet at this epoch (scheduled items still to come) */
  hidden: number[];
}

export interface TermShard {
  kind: 'terms';
  /** term → postings: document number × 2, plus 1 where the term is in the document's title; ascending */
  terms: Record<string, number[]>;
}

export interface SearchDoc {
  url: string;
  title: string;
  kind: 'page' | 'item';
  collectionTitle?: string | undefined;
  publishOn?: string | undefined;
  /** the start of its text (SEARCH_TEXT_KEPT characters) */
  text: string;
}

export interface DocsRecord {
  kind: 'docs';
  docs: SearchDoc[];
}

export interface SitemapRecord {
  kind: 'sitemap';
  total: number;
  /** each a sitemap of at most 50,000 URLs and 50 MB */
  parts: string[];
}

export interface SitemapPart {
  kind: 'smap';
  urls: number;
  /** the whole <urlset> document */
  xml: string;
}

export interface RecordTypes {
  site: SiteRecord;
  manifest: ManifestRecord;
  coll: CollectionIndex;
  chunk: ChunkRecord;
  facet: FacetRecord;
  slugs: SlugShard;
  ids: IdShard;
  item: ItemRecord;
  feed: FeedRecord;
  events: EventsRecord;
  stock: StockRecord;
  search: SearchRecord;
  terms: TermShard;
  docs: DocsRecord;
  sitemap: SitemapRecord;
  smap: SitemapPart;
}

/** Which fields each kind must have, checked as the Worker reads it (once per record and isolate). */
const REQUIRED: { [K in RecordKind]: readonly string[] } = {
  site: ['version', 'website', 'settings', 'tweakJSON', 'navigation', 'pages', 'collections', 'forms', 'accounts', 'epochs'],
  manifest: ['site', 'keys'],
  coll: ['id', 'list', 'slugs', 'facets', 'feed'],
  chunk: ['entries'],
  facet: ['type', 'values'],
  slugs: ['entries'],
  ids: ['entries'],
  item: ['item'],
  feed: ['entries'],
  events: ['entries'],
  stock: ['items'],
  search: ['shards', 'docChunks', 'hidden'],
  terms: ['terms'],
  docs: ['docs'],
  sitemap: ['parts'],
  smap: ['xml'],
};

/** A record's JSON read back: what it claims to be, with the fields its kind needs; an Error naming the key otherwise. */
export function parseRecord<K extends RecordKind>(key: string, kind: K, text: string): RecordTypes[K] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`record ${key} is not JSON: ${(e as Error).message}`);
  }
  const record = value as Record<string, unknown> | null;
  if (!record || typeof record !== 'object' || record.kind !== kind) throw new Error(`record ${key} is not a ${kind} record`);
  const missing = REQUIRED[kind].filter((field) => !(field in record));
  if (missing.length) throw new Error(`record ${key} has no ${missing.join(', ')}`);
  return record as unknown as RecordTypes[K];
}

/** FNV-1a over a string's UTF-16 code units: the shard a slug or an id lies in (the same at publish and at read). */
export function shardOf(text: string, shards: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % shards;
}

/** How many shards a map of this many entries gets. */
export function shardCount(entries: number): number {
  return Math.max(1, Math.ceil(entries / SHARD_ENTRIES));
}

/** The words of a text as search reads them (§2 /search): lower-cased runs of letters and digits. */
export function searchTerms(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** A page or a collection of the site record. */
export type Entry = { kind: 'page'; page: Page } | { kind: 'collection'; collection: CollectionMeta };

/** What '/' serves: website.homepageId, else the first page or collection of the main navigation, else the first page. */
export function homepageOf(
  record: Pick<SiteRecord, 'website' | 'navigation' | 'pages'>,
  byId: (id: string) => Entry | undefined,
): Entry | undefined {
  if (record.website.homepageId) return byId(record.website.homepageId);
  const first = (items: NavigationItem[]): Entry | undefined => {
    for (const item of items) {
      if (item.kind === 'page') return byId(item.id);
      if (item.kind === 'folder') {
        const inner = first(item.items);
        if (inner) return inner;
      }
    }
    return undefined;
  };
  return first(record.navigation.mainNavigation ?? []) ?? (record.pages[0] ? { kind: 'page', page: record.pages[0] } : undefined);
}

/** The layouts a site record holds (pages and collection headers), for checks that walk blocks. */
export function siteLayouts(record: Pick<SiteRecord, 'pages' | 'collections'>): Layout[] {
  return [...record.pages.map((p) => p.layout), ...record.collections.flatMap((c) => (c.headerLayout ? [c.headerLayout] : []))];
}
