// The rules of the site-wide visitor runtime (§2, §4, §6, §7, §9) that do not need a browser: which pages are
// tracked, when consent is needed and the cookie notice shows, the landing pixel's query, and the product's names for
// its storage keys. client/entries/site.ts applies them.
import { COOKIE_NOTICE_POSITIONS, type PageTypeName } from './codes.ts';

/** The product's name as its storage keys carry it (§4 next-load actions); PRODUCT_NAME (shared/dialogs.ts) is the
 * name its messages show. */
export const PRODUCT_KEY = 'sitebuilder';

/** §4: next-load actions are kept under a product-prefixed key ending in '_actions_for_next_load'. */
export const NEXT_LOAD_KEY = `${PRODUCT_KEY}_actions_for_next_load`;
/** Where a dismissed announcement bar is remembered (with the text it showed, so a new announcement shows again). */
export const ANNOUNCEMENT_DISMISSED_KEY = `${PRODUCT_KEY}_announcement_dismissed`;
/** §8: the app name of the site runtime's error reports: 'interface_error_site'. */
export const ERROR_APP = 'site';
/** A global an owner's code injection may set (before the runtime runs) to switch analytics off (§6's global flag). */
export const ANALYTICS_DISABLED_GLOBAL = 'siteAnalyticsDisabled';

/** §9: the consent cookie lives 30 days on path /. */
export const CONSENT_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const CONSENT_VALUE = 'true';

/** §9 cookie notice defaults. */
export const COOKIE_NOTICE_DEFAULTS = {
  position: 'top-left',
  text: 'We use cookies to help us improve, promote, and protect our services. By continuing to use the site, you agree to our cookie policy.',
  buttonLabel: 'Continue',
} as const;

export type CookieNoticePosition = (typeof COOKIE_NOTICE_POSITIONS)[number];

/** Page types that are never counted as a view: §2 skips /search, §6 not-found and lock screens; error pages, the
 * popup overlay's own frame and the commerce e-mail preview are not pages a visitor came to read. */
const UNTRACKED: readonly PageTypeName[] = ['SEARCH', 'NOT_FOUND', 'LOCK_SCREEN', 'ERROR', 'POPUP_OVERLAY', 'COMMERCE_EMAIL_PREVIEW'];

export interface TrackingInput {
  pageType: PageTypeName;
  /** the runtime's own pages drawn as site pages (login) */
  surface?: string | null | undefined;
  loggedIn: boolean;
  /** §6's global disable flag */
  disabled: boolean;
  /** the search page shows a search (a query): counted as a site search (§3 SITE_SEARCH) instead of a view */
  searched?: boolean;
}

/** §2, §6: whether this page records analytics at all (consent aside: without it they go in no-cookie mode). */
export function tracksPage({ pageType, surface, loggedIn, disabled, searched }: TrackingInput): boolean {
  return !loggedIn && !disabled && !surface && (!UNTRACKED.includes(pageType) || (pageType === 'SEARCH' && !!searched));
}

/** The restrictive policy without ss_cookieAllowed: nothing that identifies a visitor may be sent or stored yet. */
export function needsConsent(restrictivePolicy: boolean, consent: string | null | undefined): boolean {
  return restrictivePolicy && !consent;
}

/**
 * §4 Cookie notice: shown until accepted. A site with the restrictive policy always gets one (with the §9 defaults
 * when the owner set none), since without it consent could never be given.
 */
export function cookieNotice(
  settings: { position: string; text: string; buttonLabel: string } | null,
  restrictivePolicy: boolean,
  consent: string | null | undefined,
): { position: CookieNoticePosition; text: string; buttonLabel: string } | null {
  if (consent || (!settings && !restrictivePolicy)) return null;
  const position = (COOKIE_NOTICE_POSITIONS as readonly string[]).includes(settings?.position ?? '')
    ? (settings!.position as CookieNoticePosition)
    : COOKIE_NOTICE_DEFAULTS.position;
  return {
    position,
    text: settings?.text || COOKIE_NOTICE_DEFAULTS.text,
    buttonLabel: settings?.buttonLabel || COOKIE_NOTICE_DEFAULTS.buttonLabel,
  };
}

/** §7 Landing tracking: the fields copied from the page's query when present. */
export const TRACK_COPIED_PARAMS = ['source', 'campaign', 'subcampaign', 'channel', 'subchannel', 'refer', 'variation', 'mkwid'] as const;

/** §7 Landing tracking: the pixel's query, with the marketing fields copied from the page's own query. */
export function landingQuery(input: {
  landing: string;
  referrer: string;
  pageQuery: URLSearchParams;
  lang: string;
  screen: { width: number; height: number };
  random: number;
}): Record<string, string> {
  const query: Record<string, string> = {
    landing: input.landing,
    refer: input.referrer,
    rk: String(Math.floor(input.random * 99_999_999) + 1),
    lang: input.lang,
    screen: `${Math.round(input.screen.width)}x${Math.round(input.screen.height)}`,
  };
  for (const key of TRACK_COPIED_PARAMS) {
    const value = input.pageQuery.get(key);
    if (value !== null) query[key] = value;
  }
  return query;
}

/** A short, stable fingerprint of a text (which announcement was dismissed). */
export function textKey(text: string): string {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h << 5) + h + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}
