// The site model: a site record (settings, navigation, pages, collections' metadata) and access to the records a page
// reads beside it, by key, each read once per isolate and held while there is room (worker/hosting/records.ts). What a
// page shows of a collection, an item, a filter, a feed or the search index is read from the records made for it at
// publish (shared/snapshot/split.ts), so no request walks the items of a site, however many it has.
import { CONTENT_STATUS, HIDDEN_NAVIGATION } from '../../shared/codes.ts';
import {
  CHUNK_ENTRIES,
  homepageOf,
  shardOf,
  type CollectionIndex,
  type CollectionMeta,
  type DonationPage,
  type Entry,
  type Epoch,
  type FacetRecord,
  type FacetType,
  type FeedRecordEntry,
  type HostPointer,
  type ItemSummary,
  type ListRef,
  type RecordKind,
  type RecordTypes,
  type SearchRecord,
  type SiteRecord,
  type SitemapRecord,
  type StockItem,
} from '../../shared/snapshot/records.ts';
import type { Form, Item, NavigationItem, Page } from '../../shared/snapshot/schema.ts';
import { contentUrl } from '../../shared/urls.ts';
import { all, andThen, type Maybe } from './maybe.ts';

export type { CollectionMeta, DonationPage, Entry, ItemSummary } from '../../shared/snapshot/records.ts';

/** The site of a host as the Worker found it: parsed, missing, or published but unusable (worker/hosting/load.ts). */
export type SiteLookup = { kind: 'ok'; site: SiteModel } | { kind: 'missing' } | { kind: 'invalid'; version: string; reason: string };

/** Where a site model reads the records beside its site record: KV through this isolate's cache, or memory. */
export interface RecordSource {
  read<K extends RecordKind>(key: string, kind: K): Maybe<RecordTypes[K]>;
}

/** The source of a site model made from a snapshot's site record alone (worker/blocks/indexes.ts siteModelOf). */
export const UNINDEXED: RecordSource = {
  read(key) {
    throw new Error(`this site model has its site record only, not the records made at publish (${key})`);
  },
};

/**
 * What a page's cache key needs of its site (worker/render/page-cache.ts): carried by the host pointer, so a cached
 * page is found without reading anything else of the site.
 */
export interface PageFacts {
  version: string;
  /** when scheduled items come out (ms, ascending) */
  schedule: readonly number[];
  websiteId: string;
  /** the site's identifier (what logs and metrics name the site by) */
  identifier: string;
  /** urlIds whose pages show limited stock */
  stock: ReadonlySet<string>;
  stockHome: boolean;
  /** the whole site is locked */
  locked: boolean;
  /** urlIds of pages and collections with a password */
  lockedUrlIds: ReadonlySet<string>;
}

export function factsOfPointer(pointer: HostPointer): PageFacts {
  return {
    version: pointer.version,
    schedule: pointer.schedule,
    websiteId: pointer.websiteId,
    identifier: pointer.identifier,
    stock: new Set(pointer.stock),
    stockHome: pointer.stockHome,
    locked: pointer.locked,
    lockedUrlIds: new Set(pointer.lockedUrlIds),
  };
}

/** The last moment before `now` at which a scheduled item came out (0 if none has): the epoch of what visitors see. */
export function epochAt(schedule: readonly number[], now: Date): number {
  const t = now.getTime();
  let lo = 0;
  let hi = schedule.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (schedule[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? 0 : schedule[lo - 1]!;
}

/** A filter of a collection's list (§2: category, tag, author, month as YYYY-MM). */
export interface ListFilter {
  type: string;
  name: string;
}

/** A slice of a list: the entries asked for (newest first, as the list is ordered) and the list's length. */
export interface ListSlice {
  total: number;
  items: ItemSummary[];
}

/** Links a navigation section renders at most (at any depth); a longer section ends in a "More" link to its own page. */
export const NAVIGATION_LINKS_SHOWN = 60;
/** The page that lists a whole navigation section: `/_navigation/{section}` (no urlId begins with '_'). */
export const NAVIGATION_PAGE_PREFIX = '/_navigation/';

const FACET_OF_FILTER: Record<string, FacetType> = { tag: 'tag', category: 'category', author: 'author', month: 'month' };

export class SiteModel {
  readonly byUrlId = new Map<string, Entry>();
  readonly byId = new Map<string, Entry>();
  readonly forms: Map<string, Form>;
  /** what the page cache's key needs: the same facts the host pointer carries */
  readonly facts: PageFacts;
  private readonly derivedCache = new Map<string, { epoch: number; value: unknown }>();
  private readonly epochStarts: number[];
  private readonly sections = new Map<string, { shown: NavigationItem[]; cut: boolean }>();
  private newsletterFormIds: string[] | undefined;
  private home: { entry: Entry | undefined } | undefined;

  constructor(
    /** the site record: settings, navigation, pages, collections' metadata, and where every other record is */
    readonly record: SiteRecord,
    readonly source: RecordSource,
  ) {
    for (const page of record.pages) {
      const entry: Entry = { kind: 'page', page };
      this.byUrlId.set(page.urlId, entry);
      this.byId.set(page.id, entry);
    }
    for (const collection of record.collections) {
      const entry: Entry = { kind: 'collection', collection };
      this.byUrlId.set(collection.urlId, entry);
      this.byId.set(collection.id, entry);
    }
    this.forms = new Map(record.forms.map((f) => [f.id, f]));
    this.epochStarts = record.epochs.slice(1).map((e) => e.from);
    const stock = new Set([...Object.keys(record.pageStock), ...record.collections.filter((c) => c.stock).map((c) => c.urlId)]);
    const homeUrlId = this.homeUrlId();
    this.facts = {
      version: record.version,
      schedule: this.epochStarts,
      websiteId: record.website.id,
      identifier: record.website.identifier,
      stock,
      stockHome: homeUrlId !== undefined && stock.has(homeUrlId),
      locked: !!record.website.password,
      lockedUrlIds: new Set([...record.pages, ...record.collections].filter((e) => e.password).map((e) => e.urlId)),
    };
  }

  /** The site record, which holds what the snapshot said of the site but its items. */
  get snapshot(): SiteRecord {
    return this.record;
  }
  /** the published version (snapshot version + content hash) */
  get version(): string {
    return this.record.version;
  }
  get website() {
    return this.record.website;
  }
  get settings() {
    return this.record.settings;
  }

  /** A tweak value, looked up by name and by the name with '@' and '.' stripped (§3). */
  tweak(name: string): string | undefined {
    const t = this.record.tweakJSON;
    return t[name] ?? t[name.replace(/[@.]/g, '')];
  }

  collection(id: string): CollectionMeta | undefined {
    const e = this.byId.get(id);
    return e?.kind === 'collection' ? e.collection : undefined;
  }

  /** What '/' serves: website.homepageId, else the first page or collection of the main navigation. */
  homepage(): Entry | undefined {
    this.home ??= { entry: homepageOf(this.record, (id) => this.byId.get(id)) };
    return this.home.entry;
  }

  homeUrlId(): string | undefined {
    const home = this.homepage();
    return home && (home.kind === 'page' ? home.page.urlId : home.collection.urlId);
  }

  isHomepage(id: string): boolean {
    const home = this.homepage();
    return !!home && (home.kind === 'page' ? home.page.id : home.collection.id) === id;
  }

  /** The URL of a page or collection: '/' for the homepage, /{urlId} otherwise. */
  entryUrl(entry: Entry): string {
    const e = entry.kind === 'page' ? entry.page : entry.collection;
    return this.isHomepage(e.id) ? '/' : contentUrl(e.urlId);
  }

  itemUrl(collection: Pick<CollectionMeta, 'urlId'>, item: Pick<Item, 'urlId'>): string {
    return `${contentUrl(collection.urlId)}/${item.urlId}`;
  }

  /** Whether visitors may see an item: published, or scheduled with its time passed. */
  isVisible(item: Pick<Item, 'status' | 'publishOn'>, now: Date): boolean {
    if (item.status === CONTENT_STATUS.PUBLISHED) return true;
    if (item.status === CONTENT_STATUS.SCHEDULED) return Date.parse(item.publishOn) <= now.getTime();
    return false;
  }

  /**
   * The last moment before `now` at which a scheduled item came out (0 if none has since the publish): what visitors
   * see of this version is the same for every `now` with the same epoch, so the page cache keys on it.
   */
  visibilityEpoch(now: Date): number {
    return epochAt(this.epochStarts, now);
  }

  /** The indexes of what visitors see now. */
  epoch(now: Date): Epoch {
    const epochs = this.record.epochs;
    const t = now.getTime();
    let i = epochs.length - 1;
    while (i > 0 && epochs[i]!.from > t) i--;
    return epochs[i]!;
  }

  /**
   * A value worked out from this version alone (and what visitors see of it now): computed once per key and
   * visibility epoch in this isolate, then shared by every request. A compute that throws stores nothing.
   */
  derived<T>(key: string, now: Date, compute: () => T): T {
    const epoch = this.visibilityEpoch(now);
    const kept = this.derivedCache.get(key);
    if (kept?.epoch === epoch) return kept.value as T;
    const value = compute();
    if (this.derivedCache.size >= 256) this.derivedCache.delete(this.derivedCache.keys().next().value!);
    this.derivedCache.set(key, { epoch, value });
    return value;
  }

  /** A record beside the site record (through this isolate's cache of records). */
  read<K extends RecordKind>(key: string, kind: K): Maybe<RecordTypes[K]> {
    return this.source.read(key, kind);
  }

  /** A collection's indexes as visitors see them now; undefined for a collection the site does not have. */
  collectionIndex(collection: Pick<CollectionMeta, 'id'>, now: Date): Maybe<CollectionIndex | undefined> {
    const key = this.epoch(now).collections[collection.id];
    return key === undefined ? undefined : this.read(key, 'coll');
  }

  /** Entries `start` to `start + count` of a list, newest first (as the list is ordered): only the chunks that hold them. */
  slice(list: ListRef, start: number, count: number): Maybe<ItemSummary[]> {
    const { total } = list;
    const from = Math.max(0, start);
    const to = Math.min(total, start + count);
    if (to <= from) return [];
    // positions counted from the end: chunk j holds j·C … j·C + C - 1, oldest first
    const first = Math.floor((total - to) / CHUNK_ENTRIES);
    const last = Math.floor((total - 1 - from) / CHUNK_ENTRIES);
    const chunks: Maybe<RecordTypes['chunk']>[] = [];
    for (let j = first; j <= last; j++) chunks.push(this.read(list.chunks[j]!, 'chunk'));
    return andThen(all(chunks), (read) => {
      const out: ItemSummary[] = [];
      for (let f = from; f < to; f++) {
        const e = total - 1 - f;
        const entry = read[Math.floor(e / CHUNK_ENTRIES) - first]!.entries[e % CHUNK_ENTRIES];
        if (entry) out.push(entry);
      }
      return out;
    });
  }

  /** A filter type's values in a collection as visitors see them now (undefined: no item has one). */
  facet(collection: Pick<CollectionMeta, 'id'>, type: FacetType, now: Date): Maybe<FacetRecord | undefined> {
    return andThen(this.collectionIndex(collection, now), (index) => {
      const key = index?.facets[type];
      return key === undefined ? undefined : this.read(key, 'facet');
    });
  }

  /** The list of a collection, or of one of its filters, as visitors see it now (undefined: the filter matches nothing). */
  list(collection: Pick<CollectionMeta, 'id'>, filter: ListFilter | null | undefined, now: Date): Maybe<ListRef | undefined> {
    return andThen(this.collectionIndex(collection, now), (index) => {
      if (!index) return undefined;
      if (!filter) return index.list;
      const type = FACET_OF_FILTER[filter.type];
      if (!type) return index.list;
      const key = index.facets[type];
      if (key === undefined) return undefined;
      return andThen(this.read(key, 'facet'), (facet) => facet.values[type === 'month' ? filter.name : filter.name.toLowerCase()]?.list);
    });
  }

  /** Entries of a collection's list (or of a filter of it), newest first, with the list's length. */
  listSlice(
    collection: Pick<CollectionMeta, 'id'>,
    filter: ListFilter | null | undefined,
    start: number,
    count: number,
    now: Date,
  ): Maybe<ListSlice> {
    return andThen(this.list(collection, filter, now), (list) =>
      list ? andThen(this.slice(list, start, count), (items) => ({ total: list.total, items })) : { total: 0, items: [] },
    );
  }

  /** A visible item of a collection by its urlId, with its place in the list (counted from the end); undefined if none. */
  itemByUrlId(collection: Pick<CollectionMeta, 'id'>, urlId: string, now: Date): Maybe<{ item: Item; at: number } | undefined> {
    return andThen(this.collectionIndex(collection, now), (index) => {
      if (!index?.slugs.length) return undefined;
      return andThen(this.read(index.slugs[shardOf(urlId, index.slugs.length)]!, 'slugs'), (shard) => {
        const found = Object.hasOwn(shard.entries, urlId) ? shard.entries[urlId] : undefined;
        if (!found) return undefined;
        return andThen(this.read(found[0], 'item'), (record) => ({ item: record.item, at: found[1] }));
      });
    });
  }

  /** The items before and after the one at `at` (counted from the end) in the collection's list. */
  neighbours(collection: Pick<CollectionMeta, 'id'>, at: number, now: Date): Maybe<{ newer?: ItemSummary; older?: ItemSummary }> {
    return andThen(this.collectionIndex(collection, now), (index) => {
      if (!index) return {};
      const front = index.list.total - 1 - at;
      return andThen(this.slice(index.list, front - 1, 3), (around) => {
        const newer = front > 0 ? around[0] : undefined;
        const older = front > 0 ? around[2] : around[1];
        return { ...(newer ? { newer } : {}), ...(older ? { older } : {}) };
      });
    });
  }

  /** A visible item of any collection by its id, with its collection; undefined if visitors cannot see it now. */
  itemById(itemId: string, now: Date): Maybe<{ item: Item; collection: CollectionMeta } | undefined> {
    const shards = this.epoch(now).ids;
    if (!shards.length) return undefined;
    return andThen(this.read(shards[shardOf(itemId, shards.length)]!, 'ids'), (shard) => {
      const found = Object.hasOwn(shard.entries, itemId) ? shard.entries[itemId] : undefined;
      const collection = found && this.collection(found[1]);
      if (!found || !collection) return undefined;
      return andThen(this.read(found[0], 'item'), (record) => ({ item: record.item, collection }));
    });
  }

  /** A collection's feed entries (its newest visible items), their links as paths of the site. */
  feed(collection: Pick<CollectionMeta, 'id'>, now: Date): Maybe<FeedRecordEntry[]> {
    return andThen(this.collectionIndex(collection, now), (index) =>
      index ? andThen(this.read(index.feed, 'feed'), (f) => f.entries) : [],
    );
  }

  /** A collection's visible items with event details, by start date. */
  events(collection: Pick<CollectionMeta, 'id'>, now: Date): Maybe<ItemSummary[]> {
    return andThen(this.collectionIndex(collection, now), (index) =>
      index?.events ? andThen(this.read(index.events, 'events'), (e) => e.entries) : [],
    );
  }

  /** The variants with a count that a collection's pages may show (published counts), if any. */
  collectionStock(collection: CollectionMeta): Maybe<StockItem[] | undefined> {
    return collection.stock ? andThen(this.read(collection.stock, 'stock'), (s) => s.items) : undefined;
  }

  /** The search index as visitors see it now. */
  searchIndex(now: Date): Maybe<SearchRecord> {
    return this.read(this.epoch(now).search, 'search');
  }

  /** The sitemap as visitors see it now. */
  sitemap(now: Date): Maybe<SitemapRecord> {
    return this.read(this.epoch(now).sitemap, 'sitemap');
  }

  /**
   * A navigation section by name as the site renders it: at most NAVIGATION_LINKS_SHOWN links (folders keep what fits),
   * then a "More" link to the section's own page (navigationPage). '_hidden' holds pages that are reachable but not
   * linked. Worked out once per section and version.
   */
  navigation(section: string): NavigationItem[] {
    return this.cutSection(section).shown;
  }

  /** A navigation section whole (its own page draws it). */
  fullNavigation(section: string): NavigationItem[] {
    if (section === HIDDEN_NAVIGATION) return [];
    return this.record.navigation[section] ?? [];
  }

  /** The page that lists a section cut short in the site's navigation; undefined for a section shown whole. */
  navigationPage(section: string): Page | undefined {
    if (!Object.hasOwn(this.record.navigation, section) || !this.cutSection(section).cut) return undefined;
    const words = section
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/[_-]+/g, ' ')
      .trim();
    const title = words ? `${words.charAt(0).toUpperCase()}${words.slice(1).toLowerCase()}` : 'Links';
    return {
      id: `_navigation-${section}`,
      urlId: `_navigation/${section}`,
      title,
      type: 10,
      layout: { blocks: [{ id: `navigation-${section}`, type: 1, span: 12, data: { section, orientation: 'vertical' } }] },
    };
  }

  private cutSection(section: string): { shown: NavigationItem[]; cut: boolean } {
    let kept = this.sections.get(section);
    if (!kept) {
      const whole = this.fullNavigation(section);
      let budget = NAVIGATION_LINKS_SHOWN;
      let cut = false;
      const take = (items: NavigationItem[]): NavigationItem[] => {
        const out: NavigationItem[] = [];
        for (const item of items) {
          if (item.kind === 'folder') {
            const inner = take(item.items);
            if (inner.length) out.push({ ...item, items: inner });
            continue;
          }
          if (budget === 0) {
            cut = true;
            break;
          }
          budget--;
          out.push(item);
        }
        return out;
      };
      const shown = take(whole);
      if (cut)
        shown.push({ kind: 'link', title: 'More', url: `${NAVIGATION_PAGE_PREFIX}${encodeURIComponent(section)}`, newWindow: false });
      kept = { shown: cut ? shown : whole, cut };
      this.sections.set(section, kept);
    }
    return kept;
  }

  /**
   * The donation page (§2 /commerce/donate?donatePageId=…) that a block of this site makes routable, by its id: the
   * first block that names it (worked out at publish).
   */
  donationPage(donatePageId: string): DonationPage | undefined {
    return this.record.donationPages.find((p) => p.donatePageId === donatePageId);
  }

  /**
   * The forms whose submissions make up the site's newsletter list: those of its newsletter blocks and of the popup
   * overlay. Worked out once per version, on first use.
   */
  newsletterForms(): string[] {
    if (!this.newsletterFormIds) {
      const ids = new Set<string>();
      const popup = this.settings.popupOverlaySettings;
      if (popup && popup.style !== 'NONE' && popup.formId) ids.add(popup.formId);
      for (const formId of this.record.newsletterBlockForms) ids.add(formId);
      this.newsletterFormIds = [...ids].filter((id) => this.forms.has(id));
    }
    return this.newsletterFormIds;
  }
}
