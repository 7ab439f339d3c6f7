// Beta features (§3, §4): the known features grouped for the panel, the enabled set read from cookies and the
// context's betaFeatureFlags, and the cookie changes that setting a new enabled set makes. What a feature changes is
// done where it shows: the reservation widget (restaurant-booking.island.ts) and relative dates (relative-time.island.ts)
// read the enabled set with client/ui/beta.ts.
import { PLATFORM_PREVIEW_COOKIE, PLATFORM_PREVIOUS_COOKIE } from './platform-cookies.ts';

export interface BetaFeature {
  cookieKey: string;
  title: string;
  description: string;
  /**
   * what it changes on a published site, for the features this runtime has (the panel offers only these; the rest of
   * §3's keys belong to the editor, and the panel shows them as not available here)
   */
  here?: string;
}

/** §2: the panel's groups, with the known cookieKeys of §3 (the three unnamed hashed keys are not offered). */
export const BETA_FEATURE_GROUPS: { label: 'General' | 'i18n' | 'Commerce' | 'Developers'; features: BetaFeature[] }[] = [
  {
    label: 'General',
    features: [
      { cookieKey: 'singleSignOn', title: 'Single sign-on', description: 'Single sign-on across websites.' },
      { cookieKey: 'existingContentPagePicker', title: 'Page and file picker', description: 'New page and file picker for links.' },
      {
        cookieKey: 'addPostStraightToInlineEditing',
        title: 'Straight to inline editing',
        description: 'New posts open in inline editing.',
      },
      { cookieKey: 'removeInsertPoints', title: 'Block tray', description: 'The block insert menu moves to a slide-out tray.' },
      { cookieKey: 'ssl', title: 'SSL', description: 'Customer-facing SSL configuration.' },
      { cookieKey: 'seoPlus', title: 'SEO Plus', description: 'More search engine settings.' },
      {
        cookieKey: 'restaurantBookingV2',
        title: 'Reservation block v2',
        description: 'A new reservation block that works with SSL and multiple regions.',
        here: 'Reservation blocks load the new reservation widget, from the service’s site in the restaurant’s region.',
      },
    ],
  },
  {
    label: 'i18n',
    features: [
      {
        cookieKey: 'i18nShowFormattedDates',
        title: 'Formatted dates',
        description: 'Dates formatted for the site language.',
        here: 'Post and event dates show as dates in the site’s language, not as times ago.',
      },
    ],
  },
  {
    label: 'Commerce',
    features: [
      { cookieKey: 'giftCards', title: 'Gift cards', description: 'Merchant gift cards.' },
      { cookieKey: 'showLegacyCommercePlanUpdate', title: 'Legacy plan update', description: 'Show the legacy commerce plan update.' },
    ],
  },
  {
    label: 'Developers',
    features: [
      { cookieKey: 'tweakV2ExperimentalFeatures', title: 'Style Editor experiments', description: 'Experimental Style Editor features.' },
      { cookieKey: 'tweakV2ImportExport', title: 'Style Editor import/export', description: 'Import and export Style Editor values.' },
      { cookieKey: 'devAutoRefresh', title: 'Template auto-refresh', description: 'Reload the page when the template changes.' },
      // §9's two platform-version cookies (worker/hosting/platform-versions.ts): read by the Worker, per browser
      {
        cookieKey: PLATFORM_PREVIEW_COOKIE,
        title: 'Newer platform version',
        description: 'Preview the newer platform version.',
        here: 'While a newer version of the platform is being rolled out, this browser is served by it. Takes precedence over the older version.',
      },
      {
        cookieKey: PLATFORM_PREVIOUS_COOKIE,
        title: 'Older platform version',
        description: 'Stay on the older platform version.',
        here: 'While a newer version of the platform is being rolled out, this browser is served by the version before it.',
      },
    ],
  },
];

export const BETA_FEATURE_KEYS: readonly string[] = BETA_FEATURE_GROUPS.flatMap((g) => g.features.map((f) => f.cookieKey));

/** §4: a feature is enabled when its cookie equals 'true'; the context's betaFeatureFlags are added. */
export function enabledBetaFeatures(cookies: Record<string, string | undefined>, flags: readonly string[]): Set<string> {
  const enabled = new Set(flags);
  for (const key of BETA_FEATURE_KEYS) if (cookies[key] === 'true') enabled.add(key);
  return enabled;
}

/** §4: setting the enabled set writes 'true' cookies for newly enabled keys and expires the cookies of removed keys. */
export function betaCookieChanges(current: ReadonlySet<string>, next: ReadonlySet<string>): { write: string[]; expire: string[] } {
  return { write: [...next].filter((k) => !current.has(k)), expire: [...current].filter((k) => !next.has(k)) };
}
