// When the site-wide overlays of §4 show: pure rules shared by the server render and the client.
import { ANNOUNCEMENT_BAR_STYLES, BADGE_TYPES, COLLECTION_TYPES, MOBILE_INFO_BAR_STYLES, type PageTypeName } from './codes.ts';

export interface OverlayPage {
  pageType: PageTypeName;
  /** the collection type of the page's collection, if any: a 404 inside a splash-page collection is special */
  collectionType?: number | undefined;
}

const isSplash404 = (p: OverlayPage) => p.pageType === 'NOT_FOUND' && p.collectionType === COLLECTION_TYPES.SPLASH_PAGE;

/** §4 Announcement bar: style not NONE with text, not on splash, lock screen, splash 404 or commerce e-mail preview. */
export function showAnnouncementBar(settings: { style: number; text?: string | undefined } | undefined, page: OverlayPage): boolean {
  if (!settings || settings.style === ANNOUNCEMENT_BAR_STYLES.NONE || !settings.text) return false;
  if (page.pageType === 'SPLASH_PAGE' || page.pageType === 'LOCK_SCREEN' || page.pageType === 'COMMERCE_EMAIL_PREVIEW') return false;
  return !isSplash404(page);
}

/** §4 Popup overlay: the page-level part of the rule (the client adds mobile, stored record and frequency). */
export function popupAllowedOnPage(
  settings: { style: string; enableMobile: boolean } | undefined,
  page: OverlayPage,
  query: URLSearchParams,
  isMobile: boolean,
): boolean {
  if (!settings || settings.style === 'NONE') return false;
  if (!settings.enableMobile && isMobile) return false;
  if (page.pageType === 'LOCK_SCREEN' || isSplash404(page)) return false;
  return query.get('sqsscreenshot') !== 'true';
}

/** §4 Mobile information bar: settings present and a style that is not NONE (the width rule is applied by CSS). */
export function showMobileInfoBar(settings: { style: number } | undefined): boolean {
  return !!settings && settings.style !== MOBILE_INFO_BAR_STYLES.NONE;
}

/** §4 Platform badge: ssBadgeType present and not NONE. */
export function showBadge(ssBadgeType: number | undefined): boolean {
  return ssBadgeType !== undefined && ssBadgeType !== BADGE_TYPES.NONE;
}

/**
 * The page types a visitor reads, where the product badge features its product (§1 lists it among the site-wide
 * overlays; the spec gives it no rule): not the store's own flow (cart, checkout, confirmations, donations), which
 * must not send the buyer elsewhere; not the lock screen, a 404 or error page, the popup overlay page, newsletter
 * unsubscribe or the e-mail preview; not a splash page, which has no site chrome.
 */
const PRODUCT_BADGE_PAGES: ReadonlySet<PageTypeName> = new Set<PageTypeName>([
  'MAIN_CONTENT',
  'CONTENT_COLLECTION',
  'PAGE',
  'CONTENT_ITEM',
  'SEARCH',
]);

/**
 * The product badge (settings.productBadge): on the pages a visitor reads (PRODUCT_BADGE_PAGES), never on the runtime's
 * own pages drawn as site pages (login), nor on the featured product's own page or the list of the collection it is
 * sold from (the store's list and its filters), where it has its card already. Whether the product is there to show
 * (published and visible now) and its collection are the server's to find out (`product`: until then, the page's part
 * of the rule alone); whether this browser closed it, the browser's.
 */
export function showProductBadge(
  settings: { productId: string } | undefined,
  page: { pageType: PageTypeName; surface?: string | null | undefined; itemId?: string | undefined; collectionId?: string | undefined },
  product?: { collectionId: string },
): boolean {
  if (!settings || page.surface || !PRODUCT_BADGE_PAGES.has(page.pageType)) return false;
  if (page.pageType === 'CONTENT_ITEM') return page.itemId !== settings.productId;
  const list = page.pageType === 'MAIN_CONTENT' || page.pageType === 'CONTENT_COLLECTION';
  return !(list && product && page.collectionId === product.collectionId);
}

/** §3: the popup overlay's record in the browser's local storage, under one product-named key. */
export const POPUP_STORAGE_KEY = 'sitebuilder-popup-overlay';

/** §3 Popup local storage record: the settings version it was made under, a signup, and when it was closed (ms). */
export interface PopupRecord {
  version: number;
  submitted: boolean;
  'date-closed'?: number | undefined;
}

/** The stored record, or null when there is none or it is not one (a record that cannot be read counts as none). */
export function readPopupRecord(text: string | null): PopupRecord | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<PopupRecord> | null;
    if (!value || typeof value !== 'object' || typeof value.version !== 'number') return null;
    const closed = value['date-closed'];
    return {
      version: value.version,
      submitted: value.submitted === true,
      'date-closed': typeof closed === 'number' && Number.isFinite(closed) ? closed : undefined,
    };
  } catch {
    return null;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * §4 Popup overlay, the visitor's part (the page's part is popupAllowedOnPage): it shows when there is no stored
 * record, or the record's version is older than the settings'; once submitted it stays hidden if showUntilSignup is
 * set; after a close it shows again once date-closed + displayFrequency days is in the past, never with -1 (§9).
 */
export function popupShowsFor(
  settings: { version: number; showUntilSignup: boolean; displayFrequency: number },
  record: PopupRecord | null,
  now: number,
): boolean {
  if (!record || record.version < settings.version) return true;
  if (record.submitted && settings.showUntilSignup) return false;
  const closed = record['date-closed'];
  if (closed === undefined) return true;
  if (settings.displayFrequency === -1) return false;
  return closed + settings.displayFrequency * DAY_MS < now;
}
