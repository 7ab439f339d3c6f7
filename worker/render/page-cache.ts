// The anonymous-page cache at the edge (Workers Cache API). Pages rendered for anonymous visitors are stored under a
// key of host, path, normalised query and snapshot version, so publishing retires every old entry. What belongs to
// one response is never stored as such: the nonce the page was rendered with is recorded beside it and replaced by
// this response's nonce on the way out, and cookies are added after the cache by the middleware that owns them.
//
// Two tiers: the colo's Cache API, and in front of it a small store in this isolate's memory, filled only from a hit
// of the Cache API (so it never holds what the edge would not) and bounded in bytes and age. A page served from memory
// costs no subrequest and no stream: its body is kept split at the recorded nonce and joined with the new one.
import type { PageTypeName } from '../../shared/codes.ts';
import { CLIENT_BUILD } from '../kit/client-assets.ts';
import { knownStockEpoch, STOCK_EPOCH_TRUST_MS } from '../site/live-stock.ts';
import { urlIdOfPath } from '../blocks/stock-pages.ts';
import type { Env } from '../env.ts';
import { logFor } from '../log.ts';
import { noteRequest, type RequestFacts } from '../observability/context.ts';
import { checkSettings, settingsOf } from '../http/config.ts';
import { applySecurityHeaders, HSTS_WITH_SUBDOMAINS, withSecurityHeaders } from '../http/security-headers.ts';
import { isCrawler } from '../routing/crawler.ts';
import { urlOf } from '../http/request-url.ts';
import { epochAt, type PageFacts } from '../site/model.ts';
import { sharedStylesheet } from './styles.ts';

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
/** The nonce a stored page was rendered with (random, so it cannot occur in the page by chance). */
const STORED_NONCE = 'x-internal-page-cache-nonce';
/** The page type (or FEED) the stored page was rendered as, which a hit's data point names (observability/). */
const STORED_ROUTE = 'x-internal-page-cache-route';

/**
 * The isolate's memory tier: at most this many bytes of pages, each counted with its headers and key (an isolate has
 * 128 MB: beside the 40 MiB of held records, docs/site-snapshot.md, "What an isolate holds"). 16 MiB keeps the home pages
 * of some 1,600 small sites (9 KiB each, with some 1.2 KB of headers, key and bookkeeping): an isolate that serves a
 * thousand sites in turn answers each from memory, where a tier smaller than the round keeps none of them (least
 * recently used first) ...
 */
const MEMORY_TIER_BYTES = 16 * 1024 * 1024;
/** ... what an entry costs beside its bytes, headers and key (the entry, its Headers, the arrays of its parts) ... */
const MEMORY_ENTRY_OVERHEAD_BYTES = 512;
/** ... none larger than this ... */
const MEMORY_TIER_MAX_ENTRY_BYTES = 1024 * 1024;
/** ... and each kept this long before the Cache API is asked again (a purge at the edge reaches memory within it). */
const MEMORY_TIER_TTL_MS = 60_000;

interface MemoryEntry {
  status: number;
  /**
   * Every header of a hit but the CSP, ready: the stored ones without the internal ones, the hit's Cache-Control and
   * X-Page-Cache, and the security headers every response gets (worked out once, the host being part of the key).
   * A Headers object, never changed, that each response copies: the runtime copies one in a third of the time it takes
   * to read the same headers from a list of pairs.
   */
  headers: Headers;
  /** the CSP split at the nonce placeholder (one part when it has no nonce); undefined when there is none */
  csp: string[] | undefined;
  /** the body split at the nonce it was rendered with, as UTF-8 (copying bytes is cheaper than encoding a string) */
  parts: Uint8Array[];
  bytes: number;
  expires: number;
  /** an HTML page (a visitor without a crumb gets one with it), not a feed or a sitemap */
  html: boolean;
  /** the page type it was rendered as (null for an entry stored before the route was recorded) */
  route: string | null;
}

/** Least recently used first (a Map keeps insertion order; a hit re-inserts). */
const memory = new Map<string, MemoryEntry>();
let memoryBytes = 0;

function forget(id: string): void {
  const entry = memory.get(id);
  if (!entry) return;
  memory.delete(id);
  memoryBytes -= entry.bytes;
}

function remember(id: string, entry: MemoryEntry): void {
  forget(id);
  if (entry.bytes > MEMORY_TIER_MAX_ENTRY_BYTES) return;
  while (memoryBytes + entry.bytes > MEMORY_TIER_BYTES && memory.size) forget(memory.keys().next().value!);
  memory.set(id, entry);
  memoryBytes += entry.bytes;
}

/** A stored response made into a memory entry; undefined if it lacks the recorded nonce (it is then treated as a miss). */
async function toEntry(stored: Response, id: string, hostname: string): Promise<MemoryEntry | undefined> {
  const storedNonce = stored.headers.get(STORED_NONCE);
  if (!storedNonce) {
    await stored.body?.cancel();
    return undefined;
  }
  const body = await stored.text();
  const ready = new Headers(stored.headers);
  ready.delete(STORED_AT);
  ready.delete(STORED_NONCE);
  ready.delete(STORED_ROUTE);
  ready.set('Cache-Control', 'public, max-age=0, must-revalidate');
  ready.set('X-Page-Cache', 'hit');
  ready.set('X-Page-Cache-Tier', 'memory');
  // the stored page was sent with its site's HSTS (sendPage): kept as it was
  applySecurityHeaders(ready, hostname, true, stored.headers.get('Strict-Transport-Security') === HSTS_WITH_SUBDOMAINS);
  const csp = ready.get('Content-Security-Policy');
  ready.delete('Content-Security-Policy');
  const parts = body.split(storedNonce).map((part) => encoder.encode(part));
  // what the entry holds: its body, its headers (the CSP among them) and its key, one byte a character (ASCII)
  let bytes = MEMORY_ENTRY_OVERHEAD_BYTES + id.length + (csp?.length ?? 0);
  for (const part of parts) bytes += part.length;
  for (const [name, value] of ready) bytes += name.length + value.length;
  return {
    status: stored.status,
    headers: ready,
    csp: csp === null ? undefined : csp.split(NONCE_PLACEHOLDER),
    parts,
    bytes,
    expires: Date.now() + MEMORY_TIER_TTL_MS,
    html: (stored.headers.get('Content-Type') ?? '').startsWith('text/html'),
    route: stored.headers.get(STORED_ROUTE),
  };
}

const encoder = new TextEncoder();

/** The body with this response's nonce (ASCII, base64) written between the parts. */
function joinBody(parts: Uint8Array[], nonce: string): Uint8Array {
  let total = nonce.length * (parts.length - 1);
  for (const part of parts) total += part.length;
  const out = new Uint8Array(total);
  let at = 0;
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) {
      for (let k = 0; k < nonce.length; k++) out[at + k] = nonce.charCodeAt(k);
      at += nonce.length;
    }
    out.set(parts[i]!, at);
    at += parts[i]!.length;
  }
  return out;
}

/** A kept entry as this request's response; its page type and size noted on the request's facts (noteRequest). */
function respond(
  entry: MemoryEntry,
  nonce: string,
  method: string,
  extra: [string, string] | undefined,
  observed?: RequestFacts,
): Response {
  const headers = new Headers(entry.headers);
  if (entry.csp) headers.set('Content-Security-Policy', entry.csp.join(nonce));
  if (extra) headers.append(extra[0], extra[1]);
  const body = method === 'HEAD' ? null : joinBody(entry.parts, nonce);
  noteRequest({ route: entry.route, bytes: body?.length ?? 0 }, observed);
  // the entry's headers were given the security headers when it was kept (toEntry)
  return withSecurityHeaders(new Response(body, { status: entry.status, headers }));
}

/**
 * Whether ops turned the page cache off (PAGE_CACHE = "off"): every page is then rendered, and nothing stored. A
 * configuration the Worker refuses (worker/http/config.ts) caches nothing either: the app answers it with a 503.
 */
export function pageCacheOff(env: Env): boolean {
  const checked = checkSettings(env);
  return !checked.ok || !checked.settings.pageCache;
}

export function isCacheablePageType(pageType: PageTypeName): boolean {
  return !NEVER_CACHED.has(pageType);
}

/**
 * The query a page reads, as it reads it: each parameter's first value (what `searchParams.get` answers; a later
 * duplicate is never read), by name in code-unit order (the same for every locale, and cheap). One parameter is kept
 * as spelled: another spelling of the same value only makes another entry, never a wrong one, since the page reads
 * this very string (pageUrl).
 */
export function pageQuery(url: URL): string {
  if (url.search.length <= 1) return '';
  if (!url.search.includes('&')) return url.search.slice(1);
  const first = new Map<string, string>();
  for (const [name, value] of url.searchParams) if (!first.has(name)) first.set(name, value);
  return new URLSearchParams([...first].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).toString();
}

/** The page URL of each request, made once (the render state and the cache key read the same object). */
const pageUrlOf = new WeakMap<URL, URL>();

/**
 * The URL a page is rendered from: https, the request's host name, its path and pageQuery, and nothing else of the
 * request (no port, no scheme, no duplicate or reordered parameters). Everything in it is in the page-cache key, so
 * two requests that share a key render the same page; absolute links use the site's own origin (siteOrigin).
 */
export function pageUrl(url: URL): URL {
  let made = pageUrlOf.get(url);
  if (made === undefined) {
    const query = pageQuery(url);
    made = new URL(`https://${url.hostname}${url.pathname}${query ? `?${query}` : ''}`);
    pageUrlOf.set(url, made);
  }
  return made;
}

/**
 * The cache key: host, path and the query the page reads (pageQuery), under the published version and the build of
 * the runtime that rendered it (the deployed Worker version and the stylesheet fingerprint: a page must never outlive
 * the stylesheet it links). Crawlers get the page complete in place (no streaming scripts), so they have entries of
 * their own. A URL as a string: the memory tier's key, made into a Request only for the Cache API.
 */
export function pageCacheId(url: URL, version: string, build: string, complete = false): string {
  const query = pageQuery(url);
  const path = `/__page-cache/${encodeURIComponent(version)}/${encodeURIComponent(build)}/${complete ? 'complete' : 'streamed'}${url.pathname}`;
  return `https://${url.hostname}${path}${query ? `?${query}` : ''}`;
}

/**
 * The page-cache key of an anonymous read of this URL: the URL under the published version, the runtime build (the
 * deployed version and the stylesheet fingerprint) and the moment the last scheduled item came out (which changes what
 * visitors see of the same version); crawlers have entries of their own. Everything it needs of the site is in its host
 * pointer (PageFacts), so a cached page is found without reading the site.
 */
export function anonymousPageCacheId(facts: PageFacts, url: URL, now: Date, env: Env, userAgent: string | undefined): string {
  const epoch = epochAt(facts.schedule, now);
  const build = `${env.CF_VERSION_METADATA?.id ?? 'dev'}:${sharedStylesheet().href}:${CLIENT_BUILD}`;
  const version = (epoch ? `${facts.version}@${epoch}` : facts.version) + stockKeyPart(facts, url, now, env);
  return pageCacheId(url, version, build, isCrawler(userAgent));
}

/** Whether a page at this path may show limited stock (its urlId is among the pointer's; '/' by the homepage's flag). */
function showsStock(facts: PageFacts, pathname: string): boolean {
  if (!facts.stock.size) return false;
  if (pathname === '/') return facts.stockHome;
  const urlId = urlIdOfPath(pathname, undefined);
  return urlId !== undefined && facts.stock.has(urlId);
}

/**
 * The stock part of the key of a page that offers limited stock (docs/store.md, "Stock on cached pages"): the site's
 * stock epoch as this isolate last read it, so a sale made or seen here retires the page at once; or, when this isolate
 * has not read it within STOCK_EPOCH_TRUST_MS, the current window of that length, so a copy cached before a sale made
 * elsewhere is not served past it. Nothing for other pages, and nothing with API_ORIGIN (the stock is the origin's).
 * No I/O: a lookup by the path's first segment and one in this isolate's memory.
 */
function stockKeyPart(facts: PageFacts, url: URL, now: Date, env: Env): string {
  if (settingsOf(env).apiOrigin || !showsStock(facts, url.pathname)) return '';
  const epoch = knownStockEpoch(facts.websiteId, now.getTime());
  return epoch === undefined ? `~sw${Math.floor(now.getTime() / STOCK_EPOCH_TRUST_MS)}` : `~s${epoch}`;
}

/** The id each request was given, with the facts it was made from: made once, though both the fast path and the app ask. */
const idOfRequest = new WeakMap<Request, { facts: PageFacts; id: string }>();

/**
 * anonymousPageCacheId of this request, made once per request and site: a request the fast path could not answer
 * reaches the site app, which asks for the same id (the facts are the same object while the pointer stays in memory).
 */
export function requestPageCacheId(request: Request, facts: PageFacts, now: Date, env: Env): string {
  const made = idOfRequest.get(request);
  // the fast path's facts are the pointer's, the app's the site record's: the same version makes the same key
  if (made !== undefined && made.facts.version === facts.version) return made.id;
  const id = anonymousPageCacheId(facts, urlOf(request), now, env, request.headers.get('User-Agent') ?? undefined);
  idOfRequest.set(request, { facts, id });
  return id;
}

/**
 * Paths whose page is never kept (worker/routing/resolve.ts names their page types at these paths): no cache is asked
 * for them before the site is read. Any other page of an unlocked page or collection may have been kept.
 */
const NEVER_KEPT_PATHS: ReadonlySet<string> = new Set([
  '/search',
  '/cart',
  '/checkout',
  '/checkout/giftcard',
  '/commerce/order-confirmed',
  '/commerce/contribution-confirmed',
  '/newsletter/unsubscribe',
]);

/**
 * Whether the cache may hold a page for this path, as far as the pointer tells: not on a site or a page locked by a
 * password (a lock screen is never kept), not a page type that is never kept. A page found in the cache under the
 * version's key was shareable when it was kept, so nothing else about the route can differ.
 */
export function mayBeKept(facts: PageFacts, pathname: string): boolean {
  if (facts.locked || NEVER_KEPT_PATHS.has(pathname)) return false;
  if (!facts.lockedUrlIds.size) return true;
  const urlId = urlIdOfPath(pathname, undefined);
  return urlId === undefined || !facts.lockedUrlIds.has(urlId);
}

/** Requests whose page the Cache API was asked for before the site was read, and did not have. */
const missedAtEdge = new WeakSet<Request>();

/** Notes that this request's page is not at the edge (asked before the site was read), so the app does not ask again. */
export function noteEdgeMiss(request: Request): void {
  missedAtEdge.add(request);
}

/** Whether the Cache API was asked for this request's page already, and did not have it. */
export function edgeMissed(request: Request): boolean {
  return missedAtEdge.has(request);
}

/** Whether the memory tier holds a page under this id that has not expired (a lookup that changes nothing). */
export function memoryTierHas(id: string): boolean {
  const kept = memory.get(id);
  return kept !== undefined && kept.expires > Date.now();
}

/** Whether the memory tier holds any page at all (a cold isolate's fast path then has nothing to look up). */
export function memoryTierEmpty(): boolean {
  return memory.size === 0;
}

export interface PageCache {
  match(key: Request): Promise<Response | undefined>;
  put(key: Request, response: Response): Promise<void>;
}

/**
 * The memory tier alone, without a subrequest: the site app asks it first, before it even resolves the route (an
 * entry exists only for a URL that rendered a shareable page of this version, so nothing about the route can differ).
 */
export function servePageFromMemory(
  id: string,
  method: string,
  /**
   * what belongs to this response, made only on a hit: its nonce, and a header to add (the crumb cookie of a visitor
   * without one, which only an HTML page gives)
   */
  perResponse: (html: boolean) => { nonce: string; header?: [string, string] | undefined },
  /** the request's facts (observability/context.ts) */
  observed?: RequestFacts,
): Response | undefined {
  const kept = memory.get(id);
  if (!kept) return undefined;
  if (kept.expires <= Date.now()) {
    forget(id);
    return undefined;
  }
  memory.delete(id);
  memory.set(id, kept);
  const { nonce, header } = perResponse(kept.html);
  return respond(kept, nonce, method, header, observed);
}

/**
 * Serves a page from the Cache API with this response's nonce in its scripts, styles and CSP, and keeps it in the
 * memory tier (which callers ask first, with servePageFromMemory); undefined on a miss.
 */
export async function servePageFromCache(
  cache: PageCache,
  id: string,
  nonce: string,
  method: string,
  /** a header to add to a hit (the crumb cookie of a visitor without one, when the entry is a page) */
  extra?: (html: boolean) => [string, string] | undefined,
  /** the request's facts, for its log line */
  facts?: RequestFacts,
): Promise<Response | undefined> {
  let entry: MemoryEntry | undefined;
  try {
    const stored = await cache.match(new Request(id, { method: 'GET' }));
    if (!stored) return undefined;
    entry = await toEntry(stored, id, new URL(id).hostname);
  } catch (error) {
    logFor(facts).warn('page_cache.match_failed', { error: String(error) });
    return undefined;
  }
  if (!entry) return undefined;
  remember(id, entry);
  const response = respond(entry, nonce, method, extra?.(entry.html), facts);
  response.headers.set('X-Page-Cache-Tier', 'edge');
  return response;
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
  /** the page's complete HTML, as the bytes sent, when it was rendered in one pass (one-pass.tsx's wholeBodyOf) */
  whole?: Uint8Array,
  /** the request's facts: its page type is stored with the page, its size noted, its lines carry them */
  facts?: RequestFacts,
): Response {
  if (!response.body || response.headers.has('Set-Cookie') || (response.status !== 200 && response.status !== 404)) return response;
  const headers = new Headers(response.headers);
  const csp = headers.get('Content-Security-Policy');
  if (csp) headers.set('Content-Security-Policy', csp.replaceAll(nonce, NONCE_PLACEHOLDER));
  headers.set('Cache-Control', `public, max-age=${PAGE_CACHE_TTL_SECONDS}`);
  headers.set(STORED_AT, new Date().toISOString());
  headers.set(STORED_NONCE, nonce);
  const log = logFor(facts);
  const route = facts?.route;
  if (route) headers.set(STORED_ROUTE, route);
  // A page rendered in one pass is complete already: it is stored as it is, with no second reading of the stream.
  if (whole !== undefined) {
    noteRequest({ bytes: whole.length }, facts);
    if (renderedCleanly()) {
      waitUntil(
        cache
          .put(key, new Response(whole, { status: response.status, headers }))
          .catch((error: unknown) => log.warn('page_cache.put_failed', { error: String(error) })),
      );
    } else log.info('page_cache.not_stored', { reason: 'a part of the page failed or timed out' });
    response.headers.set('X-Page-Cache', 'miss');
    return response;
  }
  const [forVisitor, forCache] = response.body.tee();
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
  // the rendered response's headers, security headers included (sendPage)
  const sent = withSecurityHeaders(new Response(forVisitor, response));
  sent.headers.set('X-Page-Cache', 'miss');
  return sent;
}
