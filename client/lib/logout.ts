// Logout (§4): runs only once at a time, fires a logout event, then sends the top window where the Worker says (the
// site root, or the preview frame's page, with logout=true). The Worker clears the session and ss_lastid.
// The request layer is handed in: on site pages this is an on-demand chunk of the runtime, which must import nothing
// the runtime's own file holds (client/lib/ui.ts says why).
import { LOGOUT_API } from '../../shared/editor/protocol.ts';
import { safeFrameUrl } from '../../shared/urls.ts';
import type { request as Request } from './request.ts';

/** Fired on window just before the redirect (§4: a logout event, for code outside ours that listens for it). */
export const LOGOUT_EVENT = 'site:logout';

let pending: Promise<void> | null = null;

async function run(request: typeof Request, frameUrl: string | undefined): Promise<void> {
  const answer = await request<{ redirect?: unknown } | null>(LOGOUT_API, { method: 'POST', data: frameUrl ? { frameUrl } : {} });
  const redirect = typeof answer?.redirect === 'string' ? answer.redirect : '/?logout=true';
  window.dispatchEvent(new CustomEvent(LOGOUT_EVENT));
  // only ever a page of this site, whatever the answer says
  (window.top ?? window).location.assign(safeFrameUrl(redirect));
}

/**
 * Logs the account out. A second call while one runs gets the same promise; after a success the page is leaving, so
 * the lock stays; after a failure it is released for another try.
 */
export function logout(request: typeof Request, frameUrl?: string): Promise<void> {
  pending ??= run(request, frameUrl).catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
