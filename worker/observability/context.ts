// What one request is, as observability sees it: the site (identifier and host), cf-ray, the deployed version, the
// colo, then what the request came to as it runs (its page type or API route, its snapshot version, its render time,
// the errors it logged, the visitors' reports it carried). Made once at the entry (worker/index.ts), so every log line
// (worker/log.ts) and the request's one data point (data-points.ts) read the same facts. Every request but a page's
// read carries them by AsyncLocalStorage (the `nodejs_als` flag), so no function there passes them on; a page's read
// (a GET or HEAD outside /api/, the hot path) runs outside that context, whose carrying through every promise of the
// request is a tenth of a small page's render (bench/README.md), and its code hands the facts on itself: factsOf(the
// request) in the app, the render state's `log` in a render. A line about the isolate rather than the request (a
// setting refused, a held record found unusable: once per isolate or record) carries no request's facts when a page's
// read caused it. Nothing personal is ever put here: no address, cookie, query value or form content.
import { AsyncLocalStorage } from 'node:async_hooks';
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

const storage = new AsyncLocalStorage<RequestFacts>();

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

/** Runs the request's work with its facts in reach of everything it calls (and everything those calls schedule). */
export function withRequest<T>(facts: RequestFacts, work: () => T): T {
  return storage.run(facts, work);
}

/** The facts of the request running now; undefined outside one (a Durable Object's alarm, a test calling a module). */
export function currentRequest(): RequestFacts | undefined {
  return storage.getStore();
}

const byRequest = new WeakMap<Request, RequestFacts>();

/** Makes the request's facts reachable from the request itself (factsOf), for code that runs outside their context. */
export function attachFacts(request: Request, facts: RequestFacts): void {
  byRequest.set(request, facts);
}

/** The facts of this request: its context's, or the ones the entry attached to it (a page's read runs without one). */
export function factsOf(request: Request): RequestFacts | undefined {
  return byRequest.get(request) ?? storage.getStore();
}

/**
 * Whether a request is a page's read, which runs outside the async context (its code hands its facts on): a GET or
 * HEAD outside /api/.
 */
export function isPageRead(method: string, pathname: string): boolean {
  return (method === 'GET' || method === 'HEAD') && !pathname.startsWith('/api/');
}

/**
 * Notes what the request came to (its site, page type, render time, …) on the running request's facts, or on the facts
 * given by code that runs outside their context (the fast path: worker/fast-path.ts); nothing outside a request.
 */
export function noteRequest(
  fields: Partial<Pick<RequestFacts, 'site' | 'snapshot' | 'route' | 'renderMs' | 'bytes'>>,
  facts = storage.getStore(),
): void {
  if (facts) Object.assign(facts, fields);
}

/** Notes the site of the request's host as the site middleware found it (worker/middleware/site.ts). */
export function noteSite(lookup: SiteLookup, facts = storage.getStore()): void {
  if (!facts) return;
  if (lookup.kind === 'ok') {
    facts.site = lookup.site.website.identifier;
    facts.snapshot = lookup.site.version;
  } else if (lookup.kind === 'invalid') facts.snapshot = lookup.version;
  else facts.route ??= 'NO_SITE';
}
