// The cached-page fast path. An anonymous GET or HEAD of a page this isolate already holds in the page cache's memory
// tier is answered before the Hono app runs: no router, no middleware chain, no subrequest. It adds on the way out
// exactly what the full path adds (the same functions: the security headers, which the memory entry carries since it
// was kept, a fresh nonce, the crumb cookie when the visitor has none), and it takes only requests for which the full path could not answer differently: no cookie
// other than the crumb (so no session, no unlock, no editor state), a site whose pointer and snapshot this isolate
// holds fresh. Anything else, and any miss, goes to the app, which serves the same memory tier after its checks.
import { generateCookie } from 'hono/cookie';
import { parse } from 'hono/utils/cookie';
import { CRUMB_COOKIE } from '../shared/cookies.ts';
import { normaliseHost } from '../shared/snapshot/publish.ts';
import type { Env } from './env.ts';
import { log } from './log.ts';
import { crumbCookieOptions, isValidCrumb, newCrumb } from './middleware/crumb.ts';
import { newNonce } from './middleware/security-headers.ts';
import { servePageFromMemory } from './render/page-cache.ts';
import { peekSite, pointerTtl } from './site/load.ts';
import { anonymousPageCacheId } from './site-app.tsx';

let served = 0;

/** How many responses the fast path has sent in this isolate (for tests and the benchmark). */
export function fastPathServed(): number {
  return served;
}

export function serveCachedPageFast(request: Request, env: Env): Response | undefined {
  const method = request.method;
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  try {
    let hasCrumb = false;
    const cookieHeader = request.headers.get('Cookie');
    if (cookieHeader) {
      const cookies = parse(cookieHeader);
      for (const name in cookies) if (name !== CRUMB_COOKIE) return undefined;
      hasCrumb = isValidCrumb(cookies[CRUMB_COOKIE]);
    }
    const url = new URL(request.url);
    const site = peekSite(normaliseHost(url.hostname), pointerTtl(env.SITE_POINTER_TTL_MS));
    if (!site) return undefined;
    const id = anonymousPageCacheId(site, url, new Date(), env, request.headers.get('User-Agent') ?? undefined);
    // the entry carries the security headers already (applySecurityHeaders, when it was kept); the crumb is this visitor's
    const cookie: [string, string] | undefined = hasCrumb ? undefined : ['Set-Cookie', generateCookie(CRUMB_COOKIE, newCrumb(), crumbCookieOptions(url.hostname))];
    const response = servePageFromMemory(id, newNonce(), method, cookie);
    if (!response) return undefined;
    served++;
    return response;
  } catch (error) {
    log.warn('fast_path.failed', { error: String(error) });
    return undefined;
  }
}
