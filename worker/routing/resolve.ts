// Resolves a request URL on a site to a page type (§2 routes and URLs), a redirect, or a collection feed.
import { COLLECTION_TYPES, PRODUCT_TYPES } from '../../shared/codes.ts';
import type { PasswordHash } from '../../shared/snapshot/common.ts';
import { parseContentUrl } from '../../shared/urls.ts';
import { visibleProduct } from '../site/catalog.ts';
import type { Route } from '../kit/context.tsx';
import { andThen, type Maybe } from '../site/maybe.ts';
import { NAVIGATION_PAGE_PREFIX, type CollectionMeta, type Entry, type SiteModel } from '../site/model.ts';

/** What must be unlocked before the route renders: the site, a page or a collection (its items included). */
export interface LockRequirement {
  scope: 'site' | 'page' | 'collection';
  /** the site and the id the unlock cookie is bound to: another site with the same lock never accepts it */
  siteId: string;
  id: string;
  hash: PasswordHash;
  title: string;
  text?: string | undefined;
}

export type Resolution =
  | { kind: 'page'; route: Route; lock?: LockRequirement | undefined }
  | { kind: 'redirect'; location: string; status: 301 | 302 | 303 }
  | { kind: 'feed'; collection: CollectionMeta; lock?: LockRequirement | undefined };

const notFound = (): Route => ({ pageType: 'NOT_FOUND', status: 404 });

function entryLock(site: SiteModel, entry: Entry): LockRequirement | undefined {
  const target = entry.kind === 'page' ? entry.page : entry.collection;
  if (!target.password) return undefined;
  return {
    scope: entry.kind,
    siteId: site.website.id,
    id: target.id,
    hash: target.password,
    title: target.title,
    text: entry.kind === 'page' ? entry.page.lockScreenText : undefined,
  };
}

function siteLock(site: SiteModel): LockRequirement | undefined {
  const { website } = site;
  return website.password
    ? { scope: 'site', siteId: website.id, id: website.id, hash: website.password, title: website.title, text: website.lockScreenText }
    : undefined;
}

function entryRoute(site: SiteModel, entry: Entry, url: URL): Route {
  if (entry.kind === 'page') {
    const { page } = entry;
    return { pageType: page.type === COLLECTION_TYPES.SPLASH_PAGE ? 'SPLASH_PAGE' : 'PAGE', status: 200, page };
  }
  const { collection } = entry;
  // §2: the filter is read from the content URL's query, and only for internal URLs
  const filter: Route['filter'] = parseContentUrl(url.pathname + url.search)?.filter ?? null;
  const pageNumber = Math.max(1, Math.min(1000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  return {
    pageType: site.isHomepage(collection.id) ? 'MAIN_CONTENT' : 'CONTENT_COLLECTION',
    status: 200,
    collection,
    filter,
    pageNumber,
  };
}

/** The gift card a /checkout/giftcard URL names: this site's, visible, a gift card, and one of its amounts (§2). */
function giftCardOf(site: SiteModel, q: URLSearchParams, now: Date): Maybe<{ productId: string; sku: string } | undefined> {
  const productId = q.get('giftCardProductId') ?? '';
  if (q.get('websiteId') !== site.website.id || !productId) return undefined;
  return andThen(visibleProduct(site, productId, now), (found) => {
    const product = found?.product;
    if (product?.productType !== PRODUCT_TYPES.GIFT_CARD) return undefined;
    const sku = q.get('sku') ?? product.variants[0]?.sku;
    return sku && product.variants.some((v) => v.sku === sku) ? { productId, sku } : undefined;
  });
}

/**
 * The route of a URL of the site. At once for every URL but an item's and a gift card's, which read the item's record
 * (by its slug, or its id) first: the value itself or a promise of it.
 */
export function resolve(site: SiteModel, url: URL, now: Date): Maybe<Resolution> {
  const path = url.pathname;
  // one canonical form per page: no trailing slash, no repeated slashes
  if (path.length > 1 && (path.endsWith('/') || path.includes('//'))) {
    const clean = `/${path.split('/').filter(Boolean).join('/')}`;
    return { kind: 'redirect', location: clean + url.search, status: 301 };
  }
  const lock = siteLock(site);
  const page = (route: Route, own?: LockRequirement): Resolution => ({ kind: 'page', route, lock: lock ?? own });
  const q = url.searchParams;

  switch (path) {
    case '/': {
      const home = site.homepage();
      return home ? page(entryRoute(site, home, url), entryLock(site, home)) : page(notFound());
    }
    case '/search':
      return page({ pageType: 'SEARCH', status: 200, query: (q.get('q') ?? '').trim().slice(0, 200) });
    case '/cart':
      return page({ pageType: site.settings.storeSettings.cartVersion === 2 ? 'COMMERCE_CART_V2' : 'SHOW_CART', status: 200 });
    case '/checkout':
      return page({ pageType: 'CHECKOUT', status: 200 });
    case '/checkout/giftcard': {
      // §2: /checkout/giftcard?websiteId={id}&giftCardProductId={id}&sku={sku}, for a gift card of this site
      return andThen(giftCardOf(site, q, now), (giftCard) =>
        page(giftCard ? { pageType: 'CHECKOUT', status: 200, store: { giftCard } } : notFound()),
      );
    }
    case '/commerce/order-confirmed':
      return page({ pageType: 'ORDER_CONFIRMED', status: 200 });
    case '/commerce/donate':
    case '/commerce/contribution-confirmed': {
      const id = q.get('donatePageId');
      if (!id || !site.donationPage(id)) return page(notFound());
      return page({ pageType: path === '/commerce/donate' ? 'DONATE' : 'CONTRIBUTION_CONFIRMED', status: 200, donationBlockId: id! });
    }
    case '/newsletter/unsubscribe':
      // a link in a newsletter must always let its reader leave, even a site behind a password
      return { kind: 'page', route: { pageType: 'NEWSLETTER_UNSUBSCRIBE', status: 200 } };
    case '/commerce/email-preview':
      return page({ pageType: 'COMMERCE_EMAIL_PREVIEW', status: 200 });
    case '/popup-overlay':
      return page({ pageType: 'POPUP_OVERLAY', status: 200 });
  }

  let segments: string[];
  try {
    segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return page(notFound());
  }
  // a navigation section too long for the site's menus, whole on a page of its own (SiteModel.navigation)
  if (path.startsWith(NAVIGATION_PAGE_PREFIX) && segments.length === 2) {
    const sectionPage = site.navigationPage(segments[1]!);
    return page(sectionPage ? { pageType: 'PAGE', status: 200, page: sectionPage } : notFound());
  }
  const entry = segments[0] ? site.byUrlId.get(segments[0]) : undefined;
  if (!entry) return page(notFound());
  const own = entryLock(site, entry);

  if (segments.length === 1) {
    if (entry.kind === 'collection' && q.get('format') === 'rss') return { kind: 'feed', collection: entry.collection, lock: lock ?? own };
    return page(entryRoute(site, entry, url), own);
  }
  if (segments.length === 2 && entry.kind === 'collection') {
    const { collection } = entry;
    // the item's record, found by its slug among what visitors see now
    return andThen(site.itemByUrlId(collection, segments[1]!, now), (found) =>
      found ? page({ pageType: 'CONTENT_ITEM', status: 200, collection, item: found.item, itemAt: found.at }, own) : page(notFound()),
    );
  }
  return page(notFound());
}
