// What one request is, as observability sees it: the site (identifier and host), cf-ray, the deployed version, the
// colo, then what the request came to as it runs (its page type or API route, its snapshot version, its render time,
// the errors it logged, the visitors' reports it carried). Made once at the entry (worker/index.ts) and attached to
// the request itself, so every log line (worker/log.ts) and the request's one data point (data-points.ts) read the
// same facts: code with the request at hand reads them with factsOf(c.req.raw) (worker/log.ts's logOf(c)), and hands
// them on to what it calls (the render state's `log`, a submission's `log`). There is no ambient "current request":
// AsyncLocalStorage (the `nodejs_als` flag) carried them implicitly until 2026-11-29, but workerd then carries the
// context through every promise of a request that runs in it: a tenth of a small page's render when pages ran in it
// (bench/README.md), and every API request (page views, events, forms) still paid it. A line about the isolate rather
// than a request (a setting refused, a Durable Object's own work, a held record found unusable, the census buffer's
// drain) is written through isolateLog and carries no request's facts. Nothing personal is ever put here: no address,
// cookie, query value or form content.
import type { SiteLookup } from '../site/model.ts';

/** The cache tier that answered a page: the isolate's memory, the colo's Cache API, a render, or no cache at all. */
export type CacheTier = 'memory' | 'cache-api' | 'miss' | 'bypass';

export interface RequestFacts {
  /** Date.now() at the entry (the Workers clock moves with I/O, so totals are wall time between I/O) */
  readonly started: number;
  readonly method: string;
  /** the request's host name, lower case (a host is no visitor's data) */
  readonly host: string;
  /** cf-ray, where Cloudflare gave one */
  readonly ray: string | null;
  /** the deployed version's id (CF_VERSION_METADATA), 'dev' where there is none */
  readonly deploy: string;
  /** the colo that ran the request (request.cf.colo), '' locally */
  readonly colo: string;
  /** the site's identifier, once the host's site is known */
  site: string | null;
  /** the published version the request read (snapshot version + content hash) */
  snapshot: string | null;
  /** the page type (HOME, ITEM, NOT_FOUND, LOCK_SCREEN, ERROR, …) or the API route ('/api/events/Trace') or another route */
  route: string | null;
  /** milliseconds from the start of the render to the response's first byte being ready */
  renderMs: number | null;
  /** the body's size when the Worker knows it without reading the body (a page rendered whole, a kept page) */
  bytes: number | null;
  /** error lines logged while the request ran (each is counted in the request's data point, sampled logs or not) */
  errors: number;
  /** visitors' error reports and trace entries this request carried, the ones that reached the logs, and the rest */
  reports: { received: number; logged: number; dropped: number };
}

/** The facts of a request as the entry makes them: nothing of the visitor, only where and by what it is served. */
export function requestFacts(request: Request, deploy: string | undefined, host: string): RequestFacts {
  const colo = ((request as { cf?: unknown }).cf as { colo?: unknown } | undefined)?.colo;
  return {
    started: Date.now(),
    method: request.method,
    host,
    ray: request.headers.get('cf-ray'),
    deploy: deploy ?? 'dev',
    colo: typeof colo === 'string' ? colo : '',
    site: null,
    snapshot: null,
    route: null,
    renderMs: null,
    bytes: null,
    errors: 0,
    reports: { received: 0, logged: 0, dropped: 0 },
  };
}

const byRequest = new WeakMap<Request, RequestFacts>();

/** Makes the request's facts reachable from the request itself (factsOf). */
export function attachFacts(request: Request, facts: RequestFacts): void {
  byRequest.set(request, facts);
}

/** The facts the entry attached to this request; undefined for a request the entry did not make (a test calling a route). */
export function factsOf(request: Request): RequestFacts | undefined {
  return byRequest.get(request);
}

/** Notes what the request came to (its site, page type, render time, …) on its facts; nothing without them. */
export function noteRequest(
  fields: Partial<Pick<RequestFacts, 'site' | 'snapshot' | 'route' | 'renderMs' | 'bytes'>>,
  facts: RequestFacts | undefined,
): void {
  if (facts) Object.assign(facts, fields);
}

/** Notes the site of the request's host as the site middleware found it (worker/middleware/site.ts). */
export function noteSite(lookup: SiteLookup, facts: RequestFacts | undefined): void {
  if (!facts) return;
  if (lookup.kind === 'ok') {
    facts.site = lookup.site.website.identifier;
    facts.snapshot = lookup.site.version;
  } else if (lookup.kind === 'invalid') facts.snapshot = lookup.version;
  else facts.route ??= 'NO_SITE';
}
