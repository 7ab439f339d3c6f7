// The cached-page fast path. An anonymous GET or HEAD of a page this isolate already holds in the page cache's memory
// tier is answered before the Hono app runs: no router, no middleware chain, no subrequest. It adds on the way out
// exactly what the full path adds (the same functions: the security headers, which the memory entry carries since it
// was kept, a fresh nonce, the crumb cookie when the visitor has none). It takes exactly the requests the app would
// answer from the cache: the app shares cached pages with every request that has no valid session (a lock never
// reaches the cache: locked pages are never stored), so the fast path takes every GET or HEAD of a page (never /api/)
// without a session, form-outcome or disable-user-scripts cookie, of a site whose pointer this isolate holds fresh (or
// whose custom hostname's metadata carries it): the key is made from the pointer alone, never from the site's records.
// Those cookies, valid or not, and any miss go to the app, which checks them, asks the Cache API before it reads the
// site (worker/middleware/site.ts), and serves the same memory tier after its own checks.
import { parse } from 'hono/utils/cookie';
import { CRUMB_COOKIE, DISABLE_USER_SCRIPTS_COOKIE, disablesUserScripts, FORM_FLASH_COOKIE, SESSION_COOKIE } from '../shared/cookies.ts';
import { normaliseHost } from '../shared/snapshot/records.ts';
import type { Env } from './env.ts';
import { logFor } from './log.ts';
import { crumbCookie, isValidCrumb } from './middleware/crumb.ts';
import { newCrumb, newNonce } from './http/tokens.ts';
import { memoryTierEmpty, memoryTierHas, pageCacheOff, requestPageCacheId, servePageFromMemory } from './render/page-cache.ts';
import { urlOf } from './http/request-url.ts';
import { heldPageFacts, lastPointerFacts, pointerTtl, readPointer } from './hosting/load.ts';
import type { PageFacts } from './site/model.ts';
import { noteRequest, type RequestFacts } from './observability/context.ts';

let served = 0;

/** How many responses the fast path has sent in this isolate (for tests and the benchmark). */
export function fastPathServed(): number {
  return served;
}

/** Requests the fast path could answer once their site's pointer is read again (serveCachedPageAfterPointerRead). */
const afterPointerRead = new WeakMap<Request, { hostname: string; urlHost: string; hasCrumb: boolean }>();

/**
 * The page for this request from the memory tier while this isolate holds its site's pointer fresh; undefined for the
 * app to answer, or for serveCachedPageAfterPointerRead when the pointer was read longer ago than SITE_POINTER_TTL_MS
 * and the page is in memory under the key that pointer made. It runs before the entry attaches the request's facts to
 * the request, so it notes what it served, and logs, with the facts it is given.
 */
export function serveCachedPageFast(request: Request, env: Env, observed?: RequestFacts): Response | undefined {
  const method = request.method;
  // nothing kept in this isolate yet (a cold isolate): nothing to look up
  if ((method !== 'GET' && method !== 'HEAD') || pageCacheOff(env) || memoryTierEmpty()) return undefined;
  try {
    let hasCrumb = false;
    const cookieHeader = request.headers.get('Cookie');
    if (cookieHeader) {
      const cookies = parse(cookieHeader);
      // a session, or the outcome of a form posted without script, is this visitor's alone
      // so is a page without the owner's scripts (§9 disable-user-scripts: another policy, never from the cache)
      if (SESSION_COOKIE in cookies || FORM_FLASH_COOKIE in cookies || disablesUserScripts(cookies[DISABLE_USER_SCRIPTS_COOKIE]))
        return undefined;
      hasCrumb = isValidCrumb(cookies[CRUMB_COOKIE]);
    }
    // parsed once for the whole request: the app reads the same URL if the fast path cannot answer
    const url = urlOf(request);
    // the API is never a cached page (worker/api/root.ts answers whatever no API route does)
    if (url.pathname.startsWith('/api/')) return undefined;
    const hostname = normaliseHost(url.hostname);
    const facts = heldPageFacts(hostname, pointerTtl(env), request.cf);
    if (facts) return fromMemory(request, env, facts, url.hostname, hasCrumb, observed);
    const last = lastPointerFacts(hostname);
    if (last && memoryTierHas(requestPageCacheId(request, last, new Date(), env)))
      afterPointerRead.set(request, { hostname, urlHost: url.hostname, hasCrumb });
    return undefined;
  } catch (error) {
    // with its stack; the app then answers the request as if the fast path had not been there
    logFor(observed).error('fast_path.failed', error);
    return undefined;
  }
}

/**
 * For a request serveCachedPageFast left because its site's pointer was read longer ago than SITE_POINTER_TTL_MS while
 * its page is in memory: the pointer read again here, as the app would read it, and the page served if its key has not
 * changed (a site visited less often than the pointer is kept, one of the thousand an isolate serves in turn, is still
 * answered without the app); undefined, at once or once read, for the app to answer (which finds the pointer held).
 */
export function serveCachedPageAfterPointerRead(
  request: Request,
  env: Env,
  observed?: RequestFacts,
): Promise<Response | undefined> | undefined {
  const noted = afterPointerRead.get(request);
  if (!noted) return undefined;
  return readPointer(env.SITES, noted.hostname, pointerTtl(env), request.cf).then(
    (read) =>
      read.kind === 'ok' && read.facts ? fromMemory(request, env, read.facts, noted.urlHost, noted.hasCrumb, observed) : undefined,
    (error: unknown) => {
      // the app reads the pointer again and answers as it does when KV fails
      logFor(observed).warn('fast_path.pointer_unread', { error: String(error) });
      return undefined;
    },
  );
}

function fromMemory(
  request: Request,
  env: Env,
  facts: PageFacts,
  hostname: string,
  hasCrumb: boolean,
  observed?: RequestFacts,
): Response | undefined {
  noteRequest({ site: facts.identifier, snapshot: facts.version }, observed);
  // the app asks for the same id on a miss, and gets this one
  const id = requestPageCacheId(request, facts, new Date(), env);
  // the entry carries the security headers already (applySecurityHeaders, when it was kept); the crumb is this visitor's
  const response = servePageFromMemory(
    id,
    request.method,
    (html) => ({ nonce: newNonce(), header: hasCrumb || !html ? undefined : ['Set-Cookie', crumbCookie(newCrumb(), hostname)] }),
    observed,
  );
  if (!response) return undefined;
  served++;
  return response;
}
