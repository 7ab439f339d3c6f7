// §7 POST /api/census/overlay: what happened to a site-wide overlay (the popup's show, close and signup), with the
// visitor cookie, through the request layer. One small function so the other overlays can use it too.
import { COOKIE_CONSENT_COOKIE, VISITOR_RECORD_COOKIE } from '../../shared/visitor-cookies.ts';
import { readCookie } from './cookies.ts';
import { readPageContext } from './page-context.ts';
import { request } from './request.ts';

/**
 * Records an overlay event (`event` names it: 'popup-overlay:show'). Never before consent where the site's restrictive
 * cookie policy asks for it (§6); the edge itself records nothing for logged-in accounts. Best effort: a failure is
 * not the visitor's problem.
 */
export function recordOverlayEvent(payload: { event: string } & Record<string, unknown>): void {
  const context = readPageContext();
  if (context?.websiteSettings.isRestrictiveCookiePolicyEnabled && readCookie(COOKIE_CONSENT_COOKIE) === undefined) return;
  request('/api/census/overlay', {
    method: 'POST',
    json: true,
    keepalive: true,
    data: { ...payload, visitorCookie: readCookie(VISITOR_RECORD_COOKIE) ?? '' },
  }).catch(() => undefined);
}
