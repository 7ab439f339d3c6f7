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
