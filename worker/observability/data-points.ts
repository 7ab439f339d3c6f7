// One Analytics Engine data point per request (REQUEST_METRICS, a dataset per environment in wrangler.toml), written
// at the entry (worker/index.ts) once the response is known: writeDataPoint is synchronous and buffered by the runtime,
// so it needs no waitUntil and adds nothing to the response's time. The columns are fixed here and named in
// docs/operations.md ("Request metrics"), whose queries and `npm run ops:report` read them by position. Nothing personal
// is written: no address, cookie, query value, path or form content; the host and the site are the site's own.
import type { Env } from '../env.ts';
import type { CacheTier, RequestFacts } from './context.ts';

/** The data point's columns, in order: AE names them blob1…blob20 and double1…double20. */
export const BLOBS = ['site', 'host', 'route', 'cacheTier', 'snapshot', 'deploy', 'colo', 'method'] as const;
export const DOUBLES = ['status', 'renderMs', 'totalMs', 'bytes', 'errors', 'reportsReceived', 'reportsLogged', 'reportsDropped'] as const;

export type RequestPoint = Record<(typeof BLOBS)[number], string> & Record<(typeof DOUBLES)[number], number>;

/** AE keeps a blob of at most this many bytes (a data point's blobs together at most 16 KB). */
const BLOB_MAX = 256;

/**
 * The tier that answered, from the response's own headers (worker/render/page-cache.ts sets them): a hit from the
 * isolate's memory (the fast path's and the app's) or from the colo's Cache API, a page rendered and offered to the
 * cache ('miss'), or a response the page cache was never asked for ('bypass': the API, a lock screen, a session).
 */
export function cacheTierOf(response: Response): CacheTier {
  const cache = response.headers.get('X-Page-Cache');
  if (cache === 'hit') return response.headers.get('X-Page-Cache-Tier') === 'memory' ? 'memory' : 'cache-api';
  return cache === 'miss' ? 'miss' : 'bypass';
}

/** The route of a request nothing more precise was noted for: the API's, the media's, or any other. */
function fallbackRoute(pathname: string): string {
  if (pathname.startsWith('/api/')) return 'api:other';
  if (pathname.startsWith('/media/')) return 'media';
  if (pathname.startsWith('/_runtime/')) return 'stylesheet';
  return 'other';
}

/** The request's data point, as written (for tests and docs: the same object names the columns). */
export function requestPoint(facts: RequestFacts, response: Response, pathname: string, now = Date.now()): RequestPoint {
  const length = Number(response.headers.get('Content-Length') ?? NaN);
  return {
    site: facts.site ?? '',
    host: facts.host,
    route: facts.route ?? fallbackRoute(pathname),
    cacheTier: cacheTierOf(response),
    snapshot: facts.snapshot ?? '',
    deploy: facts.deploy,
    colo: facts.colo,
    method: facts.method,
    status: response.status,
    renderMs: facts.renderMs ?? 0,
    totalMs: Math.max(0, now - facts.started),
    bytes: Number.isFinite(length) ? length : (facts.bytes ?? 0),
    errors: facts.errors,
    reportsReceived: facts.reports.received,
    reportsLogged: facts.reports.logged,
    reportsDropped: facts.reports.dropped,
  };
}

/**
 * Writes the request's data point; the site (or, without one, the host) is the index, AE's sampling key, so a busy
 * site never crowds a small one out of the sample. A missing binding (the benchmark's workerd) or a refusal costs
 * nothing but the point.
 */
export function writeRequestPoint(env: Env, facts: RequestFacts, response: Response, pathname: string): void {
  const dataset = (env as Partial<Env>).REQUEST_METRICS;
  if (!dataset) return;
  const point = requestPoint(facts, response, pathname);
  try {
    dataset.writeDataPoint({
      indexes: [(point.site || point.host).slice(0, 96)],
      blobs: BLOBS.map((name) => point[name].slice(0, BLOB_MAX)),
      doubles: DOUBLES.map((name) => point[name]),
    });
  } catch {
    // a data point is never worth a failed response
  }
}
