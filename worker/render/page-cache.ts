// The anonymous-page cache at the edge (Workers Cache API). Pages rendered for anonymous visitors are stored under a
// key of host, path, normalised query and snapshot version, so publishing retires every old entry. What belongs to
// one response is never stored: the CSP nonce is rewritten into each copy on the way out (HTMLRewriter), and cookies
// are added after the cache by the middleware that owns them.
import type { PageTypeName } from '../../shared/codes.ts';
import { log } from '../log.ts';

/** Page types whose content depends on the visitor or their request, never shared between visitors. */
const NEVER_CACHED: ReadonlySet<PageTypeName> = new Set([
  'SEARCH',
  'LOCK_SCREEN',
  'SHOW_CART',
  'COMMERCE_CART_V2',
  'CHECKOUT',
  'ORDER_CONFIRMED',
  'CONTRIBUTION_CONFIRMED',
  'NEWSLETTER_UNSUBSCRIBE',
  'ERROR',
]);

/** How long an entry may live at the edge; the version in the key retires it sooner on publish. */
export const PAGE_CACHE_TTL_SECONDS = 24 * 60 * 60;
/** The placeholder that stands for the nonce in a stored entry's CSP header. */
const NONCE_PLACEHOLDER = '__RUNTIME_NONCE__';
/** Internal bookkeeping on stored entries; removed before anything reaches a visitor. */
const STORED_AT = 'x-internal-page-cache-stored';

export function isCacheablePageType(pageType: PageTypeName): boolean {
  return !NEVER_CACHED.has(pageType);
}

/**
 * The cache key: host, path and the query with its parameters sorted, under the published version and the build of
 * the runtime that rendered it (the deployed Worker version and the stylesheet fingerprint: a page must never outlive
 * the stylesheet it links). Crawlers get the page complete in place (no streaming scripts), so they have entries of
 * their own.
 */
export function pageCacheKey(url: URL, version: string, build: string, complete = false): Request {
  const params = [...url.searchParams.entries()].sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  const query = new URLSearchParams(params).toString();
  const key = new URL(
    `https://${url.hostname}/__page-cache/${encodeURIComponent(version)}/${encodeURIComponent(build)}/${complete ? 'complete' : 'streamed'}${url.pathname}`,
  );
  key.search = query;
  return new Request(key.toString(), { method: 'GET' });
}

export interface PageCache {
  match(key: Request): Promise<Response | undefined>;
  put(key: Request, response: Response): Promise<void>;
}

/** Serves a stored page with this response's nonce in its scripts, styles and CSP; undefined on a miss. */
export async function servePageFromCache(cache: PageCache, key: Request, nonce: string, method: string): Promise<Response | undefined> {
  let stored: Response | undefined;
  try {
    stored = await cache.match(key);
  } catch (error) {
    log.warn('page_cache.match_failed', { error: String(error) });
    return undefined;
  }
  if (!stored) return undefined;
  const headers = new Headers(stored.headers);
  headers.delete(STORED_AT);
  headers.set('Cache-Control', 'public, max-age=0, must-revalidate');
  headers.set('X-Page-Cache', 'hit');
  const csp = headers.get('Content-Security-Policy');
  if (csp) headers.set('Content-Security-Policy', csp.replaceAll(NONCE_PLACEHOLDER, nonce));
  if (method === 'HEAD') {
    await stored.body?.cancel();
    return new Response(null, { status: stored.status, headers });
  }
  const withNonce = new HTMLRewriter()
    .on('script[nonce], style[nonce], link[nonce]', {
      element(el) {
        el.setAttribute('nonce', nonce);
      },
    })
    .transform(new Response(stored.body, { status: stored.status, headers }));
  return withNonce;
}

/**
 * Sends a freshly rendered page to the visitor and stores a copy: the stream is split, so the visitor still gets the
 * first bytes as soon as they are rendered. Responses that set cookies of their own are never stored.
 */
export function storePageInCache(
  cache: PageCache,
  key: Request,
  response: Response,
  nonce: string,
  waitUntil: (p: Promise<unknown>) => void,
  /** asked once the page has finished: a page with a failed or timed-out part is sent but not stored */
  renderedCleanly: () => boolean,
): Response {
  if (!response.body || response.headers.has('Set-Cookie') || (response.status !== 200 && response.status !== 404)) return response;
  const [forVisitor, forCache] = response.body.tee();
  const headers = new Headers(response.headers);
  const csp = headers.get('Content-Security-Policy');
  if (csp) headers.set('Content-Security-Policy', csp.replaceAll(nonce, NONCE_PLACEHOLDER));
  headers.set('Cache-Control', `public, max-age=${PAGE_CACHE_TTL_SECONDS}`);
  headers.set(STORED_AT, new Date().toISOString());
  // The copy is read to its end before it is stored: only then is it known whether every part rendered.
  waitUntil(
    new Response(forCache)
      .arrayBuffer()
      .then((body) => {
        if (!renderedCleanly()) {
          log.info('page_cache.not_stored', { reason: 'a part of the page failed or timed out' });
          return;
        }
        return cache.put(key, new Response(body, { status: response.status, headers }));
      })
      .catch((error: unknown) => log.warn('page_cache.put_failed', { error: String(error) })),
  );
  const sent = new Response(forVisitor, response);
  sent.headers.set('X-Page-Cache', 'miss');
  return sent;
}
