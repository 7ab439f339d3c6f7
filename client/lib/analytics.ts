// Analytics of site pages (§7 Analytics and Tracking pixels, §4 Visitor session, §6, §9 Heartbeat analytics), all
// through the generic request layer: the page view (RecordHit), heartbeats of active time (the last one as a beacon
// on page hide), the landing pixel and engagement events (RecordEvent). Nothing is sent where §6 says no analytics, nor
// before consent under the restrictive cookie policy; islands call recordEvent() (overlay events:
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
    })
  );
}

/** Whether analytics may be sent now: a tracked page, and consent where the restrictive policy asks for it. */
export function analyticsAllowed(): boolean {
  return pageTracked() && !needsConsent(!!ctx()?.websiteSettings.isRestrictiveCookiePolicyEnabled, readCookie(COOKIE_CONSENT_COOKIE));
}

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

/** Starts the page's analytics: at once, or when consent is given (without a reload). */
export function startAnalytics(viewStart: number): void {
  if (started || !analyticsAllowed()) return;
  started = true;
  const c = ctx()!;
  const viewed = request(RECORD_HIT, {
    data: {
      event: 'PAGE_VIEW',
      ss_cvr: visitorCookie(),
      data: {
        ...hitData(),
        queryString: location.search.slice(1),
        referrer: document.referrer,
        localStorageSupported: localStorageWorks(),
      },
    },
    retries: 1,
  }).catch(() => undefined);
  // what waits for the view (the button blocks' views) follows it, so it carries the visitor record the answer sets
  void viewed.then(() => page.viewRecorded.happen());
  landingPixel();
  if (c.pageTypeName === 'CONTENT_ITEM') recordEvent('View', { itemId: c.item?.id });
  heartbeats(viewStart);
}
