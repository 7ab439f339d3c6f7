// Analytics of site pages (§7 Analytics and Tracking pixels, §4 Visitor session, §6, §9 Heartbeat analytics), all
// through the generic request layer: the page view (RecordHit; a site search on /search with a query), heartbeats of
// active time (the last one as a beacon on page hide), the landing pixel and engagement events (RecordEvent). Nothing
// is sent where §6 says no analytics. Under the restrictive cookie policy without consent everything is sent in §6's
// no-cookie mode (no visitor cookie is read, sent or set: the edge counts the hits without a visitor), and consent
// switches to the full mode on the page it is given (startAnalytics again). Islands call recordEvent() (overlay events:
// client/lib/overlay-census.ts; the button block's views and clicks: its island) and get the same rules.
import { ACTIVITY_EVENTS, flush, newActivityClock, onActivity, trackingStopped } from '../../shared/heartbeat.ts';
import type { PageContext } from '../../shared/page-context.ts';
import { ANALYTICS_DISABLED_GLOBAL, landingQuery, needsConsent, PRODUCT_KEY, tracksPage } from '../../shared/site-runtime.ts';
import { COOKIE_CONSENT_COOKIE, VISITOR_RECORD_COOKIE } from '../../shared/visitor-cookies.ts';
import { CRUMB_COOKIE } from '../../shared/cookies.ts';
import { page } from '../page.ts';
import { readCookie } from './cookies.ts';
import { readPageContext } from './page-context.ts';
import { beacon, pixel, request } from './request.ts';

const RECORD_HIT = '/api/census/RecordHit';
const LANDED_KEY = `${PRODUCT_KEY}_landed`;

let context: PageContext | null | undefined;
const ctx = () => {
  if (context === undefined) context = readPageContext();
  return context;
};

/** §2: /search with a query, whose page view is skipped and whose search is counted (SITE_SEARCH). */
const searched = () => /[?&]q=[^&]/.test(location.search);

/** §6: whether this page records analytics at all, consent aside. */
export function pageTracked(): boolean {
  const c = ctx();
  return (
    !!c &&
    tracksPage({
      pageType: c.pageTypeName,
      surface: c.surface,
      loggedIn: !!c.authenticatedAccount,
      disabled: (window as unknown as Record<string, unknown>)[ANALYTICS_DISABLED_GLOBAL] === true,
      searched: searched(),
    })
  );
}

/** Whether analytics may be sent now: on a tracked page, always (§6: without consent, in no-cookie mode). */
export const analyticsAllowed = pageTracked;

/** §6 no-cookie mode: the restrictive policy on and no consent (yet). */
const noCookies = () => needsConsent(!!ctx()?.websiteSettings.isRestrictiveCookiePolicyEnabled, readCookie(COOKIE_CONSENT_COOKIE));

// in no-cookie mode the runtime has removed the record cookie, so there is none to send
const visitorCookie = () => readCookie(VISITOR_RECORD_COOKIE) ?? '';

/** §7: what every hit carries. */
function hitData(): Record<string, unknown> {
  const c = ctx()!;
  return {
    url: location.pathname,
    title: document.title,
    ...(c.item ? { itemId: c.item.id, recordType: c.item.recordType } : c.collection ? { collectionId: c.collection.id } : {}),
    websiteId: c.website.id,
    templateId: c.templateId,
    userAgent: navigator.userAgent,
    clientDate: Date.now(),
    viewportInnerHeight: innerHeight,
    viewportInnerWidth: innerWidth,
    screenHeight: screen.height,
    screenWidth: screen.width,
  };
}

function localStorageWorks(): boolean {
  try {
    localStorage.setItem(`${PRODUCT_KEY}_probe`, '1');
    localStorage.removeItem(`${PRODUCT_KEY}_probe`);
    return true;
  } catch {
    return false;
  }
}

const quiet = (p: Promise<unknown>) => void p.catch(() => undefined);

/** §7 RecordEvent: an engagement event (View, Like, Share, ...) or an internal one (system_network_error). */
export function recordEvent(event: string, extra: Record<string, unknown> = {}): void {
  if (!analyticsAllowed()) return;
  const c = ctx()!;
  const data = {
    websiteId: c.website.id,
    templateId: c.templateId,
    variantId: c.templateId,
    pagePath: location.pathname,
    ...(location.hash ? { pageHash: location.hash } : {}),
    ...extra,
  };
  quiet(request('/api/events/RecordEvent', { data: { crumb: readCookie(CRUMB_COOKIE), event, data } }));
}

/** §3 AUDIO and VIDEO analytics events: a play of a media block, as a RecordHit of its kind. */
export function recordMediaPlay(kind: 'AUDIO' | 'VIDEO'): void {
  if (!analyticsAllowed()) return;
  quiet(request(RECORD_HIT, { data: { event: kind, ss_cvr: visitorCookie(), data: hitData() } }));
}

/** §7 Landing tracking: once per browser session, on the page the visitor landed on. */
function landingPixel(): void {
  try {
    if (sessionStorage.getItem(LANDED_KEY)) return;
    sessionStorage.setItem(LANDED_KEY, '1');
  } catch {
    // no session storage: every page counts as a landing rather than none
  }
  void pixel(
    '/api/track/Track',
    landingQuery({
      landing: location.href,
      referrer: document.referrer,
      pageQuery: new URLSearchParams(location.search),
      lang: navigator.language,
      screen: { width: screen.width, height: screen.height },
      random: Math.random(),
    }),
  );
}

/** §9 heartbeats: active time counted from activity events, flushed when full, on blur and when the page is hidden. */
function heartbeats(viewStart: number): void {
  const clock = newActivityClock();
  const send = (viaBeacon: boolean) => {
    const due = flush(clock);
    if (!due) return;
    const body = {
      event: 'HEARTBEAT',
      ss_cvr: visitorCookie(),
      data: { ...hitData(), activeMillis: due.activeMillis, viewStartTimeMillis: viewStart, eventLog: due.eventLog },
    };
    if (viaBeacon) beacon(RECORD_HIT, body);
    else quiet(request(RECORD_HIT, { data: body }));
  };
  const options = { capture: true, passive: true };
  const onEvent = (event: Event) => {
    if (onActivity(clock, event.type, Date.now())) send(false);
    if (trackingStopped(clock)) for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onEvent, options);
  };
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onEvent, options);
  window.addEventListener('blur', () => send(false));
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && send(true));
  window.addEventListener('pagehide', () => send(true));
}

let started = false;
/** This page's view went in no-cookie mode: consent on this page sends it again, to start the visitor's record. */
let anonymous = false;

/**
 * The page's view (§7 PAGE_VIEW), or a site search (§3 SITE_SEARCH) on the search page with a query. `consent` marks
 * the view sent again when the visitor consents on this page: the edge starts their record from it and counts no
 * second view.
 */
function pageView(consent?: true): Promise<unknown> {
  anonymous = noCookies();
  return request(RECORD_HIT, {
    data: {
      event: ctx()!.pageTypeName === 'SEARCH' ? 'SITE_SEARCH' : 'PAGE_VIEW',
      ss_cvr: visitorCookie(),
      consent,
      data: {
        ...hitData(),
        queryString: location.search.slice(1),
        referrer: document.referrer,
        localStorageSupported: localStorageWorks(),
      },
    },
    retries: 1,
  }).catch(() => undefined);
}

/**
 * Starts the page's analytics, in no-cookie mode until consent where §6 asks for it. Called again when consent is
 * given on this page: a view that went without cookies goes once more, now in the full mode, and the edge starts the
 * visitor's record (their cookies, the visit); the landing, the item's View and the heartbeats go on as they are.
 */
export function startAnalytics(viewStart: number): void {
  if (!pageTracked()) return;
  if (started) {
    if (anonymous) void pageView(true);
    return;
  }
  started = true;
  const c = ctx()!;
  // what waits for the view (the button blocks' views) follows it, so it carries the visitor record the answer sets
  void pageView().then(() => page.viewRecorded.happen());
  landingPixel();
  if (c.pageTypeName === 'CONTENT_ITEM') recordEvent('View', { itemId: c.item?.id });
  heartbeats(viewStart);
}
