// What every page and block component can read while rendering one request: the site, the route and helpers.
import { createContext, use, useContext } from 'react';
import type { PageTypeName } from '../../shared/codes.ts';
import type { FormFlash } from '../../shared/form-post.ts';
import type { Item, Page } from '../../shared/snapshot/schema.ts';
import type { Session } from './session-type.ts';
import type { FeedEntry } from '../site/feed.ts';
import type { Maybe } from '../site/maybe.ts';
import type { CollectionMeta, ItemSummary, ListSlice, SiteModel } from '../site/model.ts';
import type { SearchHit } from '../site/search.ts';

export interface Route {
  pageType: PageTypeName;
  /** the HTTP status the page is sent with */
  status: number;
  page?: Page | undefined;
  collection?: CollectionMeta | undefined;
  item?: Item | undefined;
  /** an item's place in its collection's list, counted from the end (its neighbours are read from there) */
  itemAt?: number | undefined;
  /** the §2 filter narrowing a collection list */
  filter?: { type: string; name: string } | null | undefined;
  /** 1-based page of a collection list */
  pageNumber?: number | undefined;
  /** the search query of /search */
  query?: string | undefined;
  /** what the page shows, read before it renders (worker/routes/page-data.ts): a collection page's entries */
  list?: ListSlice | undefined;
  /** an item page's neighbours in its collection */
  neighbours?: { newer?: ItemSummary | undefined; older?: ItemSummary | undefined } | undefined;
  /** the search page's results */
  searchHits?: SearchHit[] | undefined;
  /** a lock screen: what is locked and the error of a wrong password */
  lock?: { scope: 'site' | 'page' | 'collection'; title: string; text?: string | undefined; error?: string | undefined } | undefined;
  /** the donation block a DONATE or CONTRIBUTION_CONFIRMED page is for */
  donationBlockId?: string | undefined;
  /** the store's pages: the visitor's cart, order or contribution, a gift card being bought, a form sent back */
  store?: import('../../shared/store-api.ts').StoreRouteData | undefined;
  /** a page of the runtime's own that is not a site page type (the login page); the context still names pageType */
  surface?: 'login' | undefined;
}

export interface RenderState {
  site: SiteModel;
  route: Route;
  /**
   * the page's URL: https, the request's host name, path and the query the page reads (page-cache.ts pageUrl), all of
   * it in the page-cache key; absolute URLs come from the site's own origin (siteOrigin), never from this
   */
  url: URL;
  now: Date;
  /** per-response CSP nonce for scripts the runtime emits */
  nonce: string;
  /** the logged-in account on this site, if any */
  session: Session | null;
  /** this visitor's CSRF crumb, for forms that post to /api/ */
  crumb: string;
  /** client modules this page loads (none for most visitors' pages) */
  scripts: string[];
  /** the islands this render has drawn, by id (worker/kit/island.tsx): their props go to the page's tail */
  islands: { name: string; props: unknown }[];
  /** where this render has got to on the page (worker/blocks/layout.tsx: the first layout's first row is above the fold) */
  placement: { layoutDrawn: boolean };
  /** promises of async parts, per request, so Suspense re-renders find the same promise */
  asyncCache: Map<string, Promise<unknown>>;
  /** outbound fetch for parts that gather remote data (an RSS feed on another site) */
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** the entries of a feed of this site by path ('/journal?format=rss'), read in-process; null if there is none */
  ownFeed: (path: string) => Maybe<FeedEntry[] | null>;
  /** records a failure of one part of the page (a block, a Suspense section) */
  reportError: (where: string, error: unknown) => void;
  /** this request's log lines, with its facts: worker/log.ts's logFor */
  log: {
    info(event: string, fields?: Record<string, unknown>): void;
    warn(event: string, fields?: Record<string, unknown>): void;
    error(event: string, error: unknown, fields?: Record<string, unknown>): void;
  };
  /** parts of this render that failed or timed out; a page with any is not stored in the page cache */
  failures: { count: number };
  /** the outcome of this visitor's form posted without script (worker/forms/flash.ts); such a page is never cached */
  formFlash?: FormFlash | undefined;
}

export const RenderContext = createContext<RenderState | null>(null);

/** Whether the block being rendered is on the page's first screen (layout.tsx rowsAboveFold): its images load at once. */
export const AboveFoldContext = createContext(false);
export const useAboveFold = (): boolean => useContext(AboveFoldContext);

export function useRender(): RenderState {
  const state = useContext(RenderContext);
  if (!state) throw new Error('useRender() outside a page render');
  return state;
}

/** A promise React's `use` reads synchronously: marked fulfilled the way React marks the promises it has seen settle. */
function fulfilled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled', value });
}

/**
 * Reads a value inside a Suspense boundary. The loader runs once per request and key, so the streamed render can
 * retry the component after it suspends. A loader that answers from memory returns the value itself and nothing
 * suspends (the page renders in one pass); one that returns a promise suspends its boundary until it settles.
 */
export function useAsync<T>(key: string, load: () => T | Promise<T>): T {
  const state = useRender();
  let promise = state.asyncCache.get(key) as Promise<T> | undefined;
  if (!promise) {
    const result = load();
    promise = result instanceof Promise ? result : fulfilled(result);
    state.asyncCache.set(key, promise);
  }
  return use(promise);
}

const origins = new WeakMap<SiteModel, string>();

/**
 * The site's own origin: its primary domain (website.baseUrl) over https, what the snapshot says the site is. Every
 * absolute URL a page carries (canonical, og:url, feeds, e-mail links, comment links) is made from it, never from the
 * request, whose scheme and port are not in the page-cache key.
 */
export function siteOrigin(site: SiteModel): string {
  let origin = origins.get(site);
  if (origin === undefined) {
    origin = `https://${new URL(site.website.baseUrl).host}`;
    origins.set(site, origin);
  }
  return origin;
}

/** The absolute URL of a path on the site being served (siteOrigin). */
export function absoluteUrl(state: RenderState, path: string): string {
  return new URL(path, siteOrigin(state.site)).toString();
}
