// Visitor identity at the edge (§3, §4, §6, §9): reads and renews the visitor record and time cookies on census hits,
// and in no-cookie mode neither reads nor sets them and removes the §6 cookies a browser still holds.
import { getCookie } from 'hono/cookie';
import {
  COOKIE_CONSENT_COOKIE,
  formatVisitorRecord,
  isNoCookieMode,
  NO_COOKIE_MODE_REMOVED,
  parseVisitorRecord,
  parseVisitorTime,
  visit,
  VISITOR_ID_COOKIE,
  VISITOR_RECORD_COOKIE,
  VISITOR_RECORD_LIFETIME_MS,
  VISITOR_TIME_COOKIE,
  VISITOR_TIME_LIFETIME_MS,
} from '../../shared/visitor-cookies.ts';
import { isLocalHost } from './hosts.ts';
import type { SiteModel } from '../site/model.ts';
import type { ApiContext } from './request.ts';
import { requestUrl } from './request-url.ts';

export function noCookieMode(c: ApiContext, site: SiteModel): boolean {
  return isNoCookieMode(site.settings.cookieSettings.isRestrictiveCookiePolicyEnabled, getCookie(c, COOKIE_CONSENT_COOKIE));
}

/**
 * A Set-Cookie value. Written by hand rather than with hono's setCookie, which percent-encodes values: the record's
 * '|' must reach client code as §3 writes it. Values here are checked against the §5 patterns before they are set.
 */
function cookie(c: ApiContext, name: string, value: string, maxAgeSeconds: number): string {
  const secure = isLocalHost(requestUrl(c).hostname) ? '' : '; Secure';
  const expires = maxAgeSeconds === 0 ? '; Expires=Thu, 01 Jan 1970 00:00:00 GMT' : '';
  return `${name}=${value}; Max-Age=${maxAgeSeconds}; Path=/${expires}; SameSite=Lax${secure}`;
}

/** §6: the listed cookies this request carries, as expiring Set-Cookie values. */
export function noCookieModeRemovals(c: ApiContext): string[] {
  const present = getCookie(c);
  return NO_COOKIE_MODE_REMOVED.filter((name) => name in present).map((name) => cookie(c, name, '', 0));
}

export interface Visitor {
  /** the record's id, or null when there is none (no-cookie mode, or activity without a record) */
  id: string | null;
  /** this hit starts a session (§4): a new record, or one whose time cookie had expired */
  newSession: boolean;
}

const NONE: Visitor = { id: null, newSession: false };

/**
 * The visitor of a census hit. A page view applies §4's session rule and sets both cookies (the record only when it
 * changed); other activity keeps a live session's time cookie fresh. Invalid cookies count as absent; the record
 * cookie is preferred to the `ss_cvr` value the client sends with the hit.
 */
export function visitorOf(
  c: ApiContext,
  site: SiteModel,
  sent: string | null | undefined,
  kind: 'view' | 'activity',
  now = Date.now(),
): Visitor {
  if (noCookieMode(c, site)) return NONE;
  const record = parseVisitorRecord(getCookie(c, VISITOR_RECORD_COOKIE)) ?? parseVisitorRecord(sent);
  const time = parseVisitorTime(getCookie(c, VISITOR_TIME_COOKIE));
  const timeCookie = () =>
    c.header('Set-Cookie', cookie(c, VISITOR_TIME_COOKIE, String(now), VISITOR_TIME_LIFETIME_MS / 1000), { append: true });
  if (kind === 'activity') {
    if (record && time !== null) timeCookie();
    return record ? { id: record.id, newSession: false } : NONE;
  }
  const v = visit({ record, time, seedId: getCookie(c, VISITOR_ID_COOKIE), now, newId: () => crypto.randomUUID() });
  if (v.newSession) {
    c.header('Set-Cookie', cookie(c, VISITOR_RECORD_COOKIE, formatVisitorRecord(v.record), VISITOR_RECORD_LIFETIME_MS / 1000), {
      append: true,
    });
  }
  timeCookie();
  return { id: v.record.id, newSession: v.newSession };
}
