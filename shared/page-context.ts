// The page and website context of §3, serialised once into the document for client code, and its codec.
import type { PageTypeName } from './codes.ts';

/** The id of the <script type="application/json"> element that carries the context. */
export const PAGE_CONTEXT_ELEMENT_ID = 'site-context';

export interface PageContext {
  pageType: number;
  pageTypeName: PageTypeName;
  /** a page of the runtime's own drawn as a site page (the login page), not a page of the site: never counted */
  surface: 'login' | null;
  collection: { id: string; title: string; type: number; urlId: string } | null;
  item: { id: string; title: string; recordType: number } | null;
  templateId: string;
  authenticatedAccount: { id: string; displayName: string } | null;
  permissions: Record<string, boolean>;
  appDomain: string;
  /** whether the app domain belongs to the product (§6) */
  isProductionEnvironment: boolean;
  website: {
    id: string;
    identifier: string;
    baseUrl: string;
    developerMode: boolean;
    websiteType: number;
    title: string;
    language: string;
    timeZone: string;
  };
  tweakJSON: Record<string, string>;
  betaFeatureFlags: string[];
  websiteSettings: {
    storeSettings: { selectedCurrency: string; measurementStandard: number; expressCheckout: boolean };
    commentsEnabled: boolean;
    useEscapeKeyToLogin: boolean;
    isRestrictiveCookiePolicyEnabled: boolean;
    announcementBarSettings: unknown;
    mobileInfoBarSettings: unknown;
    popupOverlaySettings: unknown;
    pinOverlayMode: string;
    cookieNotice: { position: string; text: string; buttonLabel: string } | null;
  };
  /** the published version the page was rendered from */
  version: string;
}

/**
 * JSON that is safe inside a <script> element: '<' is escaped (no '</script>' or '<!--' can appear), and so are
 * U+2028/U+2029 which some parsers treat as line ends.
 */
const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function encodeForScript(value: unknown): string {
  // one pass over the JSON (island props of a long list run to tens of kilobytes)
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);
}

/** The inverse of encodeForScript: the element's text is plain JSON. */
export function decodeFromScript<T>(text: string): T {
  return JSON.parse(text) as T;
}
