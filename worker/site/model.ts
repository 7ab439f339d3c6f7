// A parsed snapshot with the indexes the renderer needs, built once per snapshot version per isolate.
import { plainText } from '../../shared/plain-text.ts';
import { COLLECTION_TYPES, CONTENT_STATUS, HIDDEN_NAVIGATION } from '../../shared/codes.ts';
import type { Collection, Form, Item, Layout, NavigationItem, Page, SiteSnapshot } from '../../shared/snapshot/schema.ts';
import { contentUrl } from '../../shared/urls.ts';

/** The site of a host as the Worker found it: parsed, missing, or published but unusable (worker/hosting/load.ts). */
export type SiteLookup = { kind: 'ok'; site: SiteModel } | { kind: 'missing' } | { kind: 'invalid'; version: string; reason: string };

export type Entry = { kind: 'page'; page: Page } | { kind: 'collection'; collection: Collection };

export interface SearchDocument {
  url: string;
  title: string;
  kind: 'page' | 'item';
  collectionTitle?: string;
  image?: Item['assetImage'];
  /** lower-cased text searched by ?q= */
  haystack: string;
  /** readable text for the result excerpt */
  text: string;
  publishOn?: string;
  /**
   * Worked out once with the index, not per hit of every search (a search read them for each hit: lower-casing every
   * hit's whole text was a fifth of the search): the title and the text lower-cased, and publishOn as a time (0 without).
   */
  lowerTitle: string;
  lowerText: string;
  publishTime: number;
}

/** A search document's lower-cased title and text, each lower-cased once, and the haystack made of them and its labels. */
function searchText(title: string, text: string, labels: string[]): Pick<SearchDocument, 'haystack' | 'lowerTitle' | 'lowerText'> {
  const lowerTitle = title.toLowerCase();
  const lowerText = text.toLowerCase();
  const haystack = [lowerTitle, lowerText, ...labels.map((label) => label.toLowerCase())].join(' ');
  return { haystack, lowerTitle, lowerText };
}

/** What the DONATE and CONTRIBUTION_CONFIRMED pages (§2 /commerce/donate?donatePageId=…) show of their block. */
export interface DonationPage {
  donatePageId: string;
  title: string;
  description?: string | undefined;
  buttonText: string;
  suggestedAmountsCents: readonly number[];
  contributionConfirmedText?: string | undefined;
}

/**
 * What the site model knows of a snapshot only through its blocks, worked out by the block registry (worker/blocks/
 * indexes.ts) and handed to the model when a version is parsed, so the model never reads a block type itself.
 */
export interface BlockIndexes {
  /** the donation pages (§2 /commerce/donate?donatePageId=…) the site's blocks make routable, by id: the first block wins */
  donationPages(): ReadonlyMap<string, DonationPage>;
  /** the forms the site's newsletter blocks sign up to */
  newsletterBlockForms(): readonly string[];
  /** the plain text of a layout, for search and descriptions: each block's own words, in order */
  layoutText(layout: Layout | undefined): string;
}

export class SiteModel {
  readonly byUrlId = new Map<string, Entry>();
  readonly byId = new Map<string, Entry>();
  readonly forms: Map<string, Form>;
  private readonly derivedCache = new Map<string, { epoch: number; value: unknown }>();
  private newsletterFormIds: string[] | undefined;
  /** the publish times of scheduled items, ascending: the moments the visible content of the site changes */
  private readonly scheduledTimes: number[];

  constructor(
    readonly snapshot: SiteSnapshot,
    /** the published version (snapshot version + content hash) */
    readonly version: string,
    /** what only the blocks tell (worker/blocks/indexes.ts: siteModelOf) */
    readonly blocks: BlockIndexes,
  ) {
    for (const page of snapshot.pages) {
      const entry: Entry = { kind: 'page', page };
      this.byUrlId.set(page.urlId, entry);
      this.byId.set(page.id, entry);
    }
    for (const collection of snapshot.collections) {
      const entry: Entry = { kind: 'collection', collection };
      this.byUrlId.set(collection.urlId, entry);
      this.byId.set(collection.id, entry);
    }
    this.scheduledTimes = snapshot.collections
      .flatMap((c) => c.items.filter((i) => i.status === CONTENT_STATUS.SCHEDULED).map((i) => Date.parse(i.publishOn)))
      .filter((t) => Number.isFinite(t))
      .sort((a, b) => a - b);
    this.forms = new Map(snapshot.forms.map((f) => [f.id, f]));
  }

  get website() {
    return this.snapshot.website;
  }
  get settings() {
    return this.snapshot.settings;
  }

  /** A tweak value, looked up by name and by the name with '@' and '.' stripped (§3). */
  tweak(name: string): string | undefined {
    const t = this.snapshot.tweakJSON;
    return t[name] ?? t[name.replace(/[@.]/g, '')];
  }

  collection(id: string): Collection | undefined {
    const e = this.byId.get(id);
    return e?.kind === 'collection' ? e.collection : undefined;
  }

  /** What '/' serves: website.homepageId, else the first page or collection of the main navigation. */
  homepage(): Entry | undefined {
    if (this.website.homepageId) return this.byId.get(this.website.homepageId);
    const first = (items: NavigationItem[]): Entry | undefined => {
      for (const item of items) {
        if (item.kind === 'page') return this.byId.get(item.id);
        if (item.kind === 'folder') {
          const inner = first(item.items);
          if (inner) return inner;
        }
      }
      return undefined;
    };
    return (
      first(this.snapshot.navigation.mainNavigation ?? []) ??
      (this.snapshot.pages[0] ? { kind: 'page', page: this.snapshot.pages[0] } : undefined)
    );
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

  itemUrl(collection: Collection, item: Item): string {
    return `${contentUrl(collection.urlId)}/${item.urlId}`;
  }

  /** Whether visitors may see an item: published, or scheduled with its time passed. */
  isVisible(item: Item, now: Date): boolean {
    if (item.status === CONTENT_STATUS.PUBLISHED) return true;
    if (item.status === CONTENT_STATUS.SCHEDULED) return Date.parse(item.publishOn) <= now.getTime();
    return false;
  }

  /**
   * The last moment before `now` at which a scheduled item became visible (0 if none has): what visitors see of this
   * version is the same for every `now` with the same epoch, so the page cache keys on it.
   */
  visibilityEpoch(now: Date): number {
    const t = now.getTime();
    let lo = 0;
    let hi = this.scheduledTimes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.scheduledTimes[mid]! <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo === 0 ? 0 : this.scheduledTimes[lo - 1]!;
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

  /** Items visitors may see, in the collection's order: by hand for 'user' ordering, newest first otherwise. */
  visibleItems(collection: Collection, now: Date): readonly Item[] {
    // The same for every request of this version until the next scheduled item comes out: worked out once per epoch.
    return this.derived(`visible:${collection.id}`, now, () => {
      const items = collection.items.filter((i) => this.isVisible(i, now));
      if (collection.ordering === 'chronological') items.sort((a, b) => Date.parse(b.publishOn) - Date.parse(a.publishOn));
      return Object.freeze(items);
    });
  }

  /** Navigation section by name; '_hidden' holds pages that are reachable but not linked. */
  navigation(section: string): NavigationItem[] {
    if (section === HIDDEN_NAVIGATION) return [];
    return this.snapshot.navigation[section] ?? [];
  }

  /**
   * The donation page (§2 /commerce/donate?donatePageId=…) that a block of this site makes routable, by its id: the
   * first block that names it. Worked out once per version, on first use.
   */
  donationPage(donatePageId: string): DonationPage | undefined {
    return this.blocks.donationPages().get(donatePageId);
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
      for (const formId of this.blocks.newsletterBlockForms()) ids.add(formId);
      this.newsletterFormIds = [...ids].filter((id) => this.forms.has(id));
    }
    return this.newsletterFormIds;
  }

  /** The search index over pages and visible items, built on first search (again when a scheduled item comes out). */
  searchDocuments(now: Date): SearchDocument[] {
    return this.derived('search', now, () => {
      const docs: SearchDocument[] = [];
      const hidden = new Set((this.snapshot.navigation[HIDDEN_NAVIGATION] ?? []).flatMap((n) => (n.kind === 'page' ? [n.id] : [])));
      for (const page of this.snapshot.pages) {
        if (page.password || hidden.has(page.id) || page.type !== COLLECTION_TYPES.PAGE) continue;
        const text = [plainText(page.description), this.blocks.layoutText(page.layout)].join(' ').trim();
        docs.push({
          url: this.entryUrl({ kind: 'page', page }),
          title: page.title,
          kind: 'page',
          text,
          ...searchText(page.title, text, []),
          publishTime: 0,
        });
      }
      for (const collection of this.snapshot.collections) {
        if (collection.password) continue;
        for (const item of collection.items) {
          if (!this.isVisible(item, now)) continue;
          const text = [plainText(item.excerpt), this.blocks.layoutText(item.body)].join(' ').trim();
          docs.push({
            url: this.itemUrl(collection, item),
            title: item.title,
            kind: 'item',
            collectionTitle: collection.title,
            image: item.assetImage,
            text,
            publishOn: item.publishOn,
            ...searchText(item.title, text, [...item.tags, ...item.categories]),
            publishTime: item.publishOn ? Date.parse(item.publishOn) || 0 : 0,
          });
        }
      }
      return docs;
    });
  }
}
