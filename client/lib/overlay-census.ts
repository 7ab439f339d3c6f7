// §7 POST /api/census/overlay: what happened to a site-wide overlay (the cookie notice accepted, the announcement bar
// dismissed, the popup's show, close and signup), with the visitor cookie, through the request layer. The one place
// for overlay events: the site runtime and the popup overlay island both call it.
import { VISITOR_RECORD_COOKIE } from '../../shared/visitor-cookies.ts';
import { analyticsAllowed } from './analytics.ts';
import { readCookie } from './cookies.ts';
import { request } from './request.ts';

/**
 * Records an overlay event (`event` names it: 'popup-overlay:show'), under the rules of every analytics call: not
 * where §6 says no analytics (a logged-in account, /search, ...), nor before consent where the site's restrictive
 * cookie policy asks for it. Best effort: a failure is not the visitor's problem.
 */
export function recordOverlayEvent(payload: { event: string } & Record<string, unknown>): void {
  if (!analyticsAllowed()) return;
  request('/api/census/overlay', {
    method: 'POST',
    json: true,
    keepalive: true,
    data: { ...payload, visitorCookie: readCookie(VISITOR_RECORD_COOKIE) ?? '' },
  }).catch(() => undefined);
}
