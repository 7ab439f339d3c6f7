// §6: analytics are recorded only when no account is authenticated and the page is neither not-found nor a lock
// screen. The page type is derived here from the hit's path, the way the site app resolves it, rather than trusted
// from the client: a hit cannot claim to be a page the visitor was never shown.
import { resolve } from '../routing/resolve.ts';
import { isUnlocked } from '../security/unlock.ts';
import type { SiteModel } from '../site/model.ts';
import type { ApiContext } from '../http/request.ts';
import { requestUrl } from '../http/request-url.ts';

/**
 * Whether a hit is recorded. `path` is the page the hit is about (a path on this site, a query allowed), or null for
 * hits that name no page (quick views, overlays, the landing pixel): those follow the account rule only.
 */
export async function isRecorded(c: ApiContext, site: SiteModel, path: string | null): Promise<boolean> {
  if (c.get('session')) return false;
  if (path === null) return true;
  let url: URL;
  try {
    url = new URL(path, requestUrl(c).origin);
  } catch {
    return false;
  }
  const resolution = await resolve(site, url, new Date());
  // a redirect or a feed is not a page a visitor views
  if (resolution.kind !== 'page') return false;
  if (resolution.route.pageType === 'NOT_FOUND') return false;
  if (resolution.lock && !(await isUnlocked(c, resolution.lock))) return false;
  return true;
}
