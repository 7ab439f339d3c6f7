// The site of the request's host: looked up once for every route (site(), which also lets a route see a host without a
// usable site), and required by the routes that serve one (requireSite() for pages, requireApiSite() for /api/), which
// set a typed `c.get('site')` or answer for the host themselves. An anonymous page the page cache holds is answered from
// the host's pointer alone, before its site record is read (a cache hit costs one small read however large the site).
import type { Context, MiddlewareHandler, Next } from 'hono';
import { createMiddleware } from 'hono/factory';
import { parse } from 'hono/utils/cookie';
import { CRUMB_COOKIE, DISABLE_USER_SCRIPTS_COOKIE, disablesUserScripts, FORM_FLASH_COOKIE, SESSION_COOKIE } from '../../shared/cookies.ts';
import { normaliseHost } from '../../shared/snapshot/records.ts';
import { snapshotSchema } from '../../shared/snapshot/schema.ts';
import { keptOrMade } from '../../shared/kept.ts';
import { siteModelOf } from '../blocks/indexes.ts';
import type { AppEnv } from '../env.ts';
import { heldSite, logInvalidSnapshot, pointerTtl, readPointer, siteOfPointerRead } from '../hosting/load.ts';
import { apiError } from '../http/errors.ts';
import { UNAVAILABLE_MESSAGE } from '../http/request.ts';
import { requestUrl } from '../http/request-url.ts';
import { newCrumb } from '../http/tokens.ts';
import { factsOf, noteRequest, noteSite } from '../observability/context.ts';
import { PageHeaders } from '../render/page-headers.ts';
import {
  mayBeKept,
  memoryTierEmpty,
  noteEdgeMiss,
  pageCacheOff,
  requestPageCacheId,
  servePageFromCache,
  servePageFromMemory,
} from '../render/page-cache.ts';
import { sendPage } from '../render/send.ts';
import { renderState } from '../render/state.ts';
import type { PageFacts, SiteModel } from '../site/model.ts';
import { crumbCookie, isValidCrumb } from './crumb.ts';

/**
 * Whether a request may be answered with a page the cache shares between visitors: a GET or HEAD outside /api/ without
 * a session, the outcome of a form posted without script, or owner scripts turned off (any of those cookies, valid or
 * not: the app checks them); and whether it carries a valid crumb (else the answer gives it one). The fast path
 * (worker/fast-path.ts) and the site lookup below decide alike.
 */
export function sharedRead(request: Request, pathname: string): { shared: boolean; hasCrumb: boolean } {
  const method = request.method;
  if ((method !== 'GET' && method !== 'HEAD') || pathname.startsWith('/api/')) return { shared: false, hasCrumb: false };
  const header = request.headers.get('Cookie');
  if (!header) return { shared: true, hasCrumb: false };
  const cookies = parse(header);
  if (SESSION_COOKIE in cookies || FORM_FLASH_COOKIE in cookies || disablesUserScripts(cookies[DISABLE_USER_SCRIPTS_COOKIE]))
    return { shared: false, hasCrumb: false };
  return { shared: true, hasCrumb: isValidCrumb(cookies[CRUMB_COOKIE]) };
}

export function site(): MiddlewareHandler<AppEnv> {
  return function site(c, next) {
    const host = normaliseHost(requestUrl(c).hostname);
    const ttl = pointerTtl(c.env);
    // a site this isolate holds goes on at once; another is looked up first
    const held = heldSite(host, ttl, c.req.raw.cf);
    if (held !== undefined) {
      noteSite(held, factsOf(c.req.raw));
      c.set('lookup', held);
      return next();
    }
    return lookUp(c, next, host, ttl);
  };
}

async function lookUp(c: Context<AppEnv>, next: Next, host: string, ttl: number): Promise<Response | undefined> {
  const cf = c.req.raw.cf;
  const read = await readPointer(c.env.SITES, host, ttl, cf);
  if (read.kind === 'ok' && read.facts) {
    noteRequest({ site: read.facts.identifier, snapshot: read.facts.version }, factsOf(c.req.raw));
    const kept = await keptPage(c, read.facts);
    if (kept) return kept;
  }
  const lookup = await siteOfPointerRead(c.env.SITES, read);
  noteSite(lookup, factsOf(c.req.raw));
  c.set('lookup', lookup);
  await next();
  return undefined;
}

/**
 * A page the cache holds for this anonymous request, found from the host's pointer (PageFacts) before the site record
 * is read: the memory tier, then the Cache API. With the same headers, nonce and crumb the fast path and the pages
 * route give a hit. A miss is noted, so that the pages route does not ask the Cache API again.
 */
async function keptPage(c: Context<AppEnv>, facts: PageFacts): Promise<Response | undefined> {
  const request = c.req.raw;
  const url = requestUrl(c);
  const { shared, hasCrumb } = sharedRead(request, url.pathname);
  // ?noredirect sets a cookie on the way out (the editor redirect): the app answers it
  if (!shared || pageCacheOff(c.env) || !mayBeKept(facts, url.pathname) || (url.search.length > 1 && url.searchParams.has('noredirect')))
    return undefined;
  const id = requestPageCacheId(request, facts, new Date(), c.env);
  const crumb = (html: boolean): [string, string] | undefined =>
    hasCrumb || !html ? undefined : ['Set-Cookie', crumbCookie(newCrumb(), url.hostname)];
  if (!memoryTierEmpty()) {
    const kept = servePageFromMemory(id, request.method, (html) => ({ nonce: c.get('nonce'), header: crumb(html) }), factsOf(request));
    if (kept) return kept;
  }
  const hit = await servePageFromCache(caches.default, id, c.get('nonce'), request.method, crumb, factsOf(request));
  if (!hit) noteEdgeMiss(request);
  return hit;
}

/**
 * The site a page route serves, as `c.get('site')`; for a host without one, a plain 404 page, and for a snapshot that
 * cannot be read, the ERROR page type (logged once a while per host and version).
 */
export const requireSite = () =>
  createMiddleware<AppEnv>(async function requireSite(c, next) {
    const lookup = c.get('lookup');
    if (lookup.kind === 'ok') {
      c.set('site', lookup.site);
      return next();
    }
    const hostname = normaliseHost(requestUrl(c).hostname);
    if (lookup.kind === 'missing') {
      return c.html(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>No site here</title></head><body><h1>No site is published at ${hostname.replace(/[<>&"]/g, '')}</h1></body></html>`,
        404,
      );
    }
    logInvalidSnapshot(hostname, lookup, factsOf(c.req.raw));
    const state = renderState(c, fallbackSite(hostname, lookup.version), { pageType: 'ERROR', status: 500 });
    return sendPage(c, state, new PageHeaders());
  });

/** The site an /api/ route serves, as `c.get('site')`: the API's JSON 404 for a host without one, 503 for an unusable one. */
export const requireApiSite = () =>
  createMiddleware<AppEnv>(async function requireApiSite(c, next) {
    const lookup = c.get('lookup');
    if (lookup.kind === 'ok') {
      c.set('site', lookup.site);
      return next();
    }
    if (lookup.kind === 'missing') throw apiError(404, 'No site is published at this host.');
    logInvalidSnapshot(requestUrl(c).hostname, lookup, factsOf(c.req.raw));
    throw apiError(503, UNAVAILABLE_MESSAGE);
  });

/** The stand-ins made in this isolate, by host and version (a broken site is asked for again and again until fixed). */
const fallbacks = new Map<string, SiteModel>();
const MAX_FALLBACKS = 64;

/** A stand-in site used to render the ERROR page when a host's snapshot cannot be read (made once per host and version). */
export function fallbackSite(hostname: string, version: string): SiteModel {
  return keptOrMade(fallbacks, `${hostname} ${version}`, MAX_FALLBACKS, () => makeFallbackSite(hostname, version));
}

function makeFallbackSite(hostname: string, version: string): SiteModel {
  const snapshot = snapshotSchema.parse({
    version,
    website: {
      id: 'unavailable',
      identifier: 'unavailable',
      baseUrl: `https://${hostname.replace(/[^a-z0-9.-]/gi, '') || 'localhost'}`,
      websiteType: 1,
      appDomain: 'sitebuilder.app',
      title: 'This site is temporarily unavailable',
      templateId: 'base',
    },
    settings: {},
    tweakJSON: {},
    navigation: {},
    pages: [],
    collections: [],
    forms: [],
    accounts: [],
  });
  return siteModelOf(snapshot, version);
}
