// The site of the request's host: looked up once for every route (site(), which also lets a route see a host without a
// usable site), and required by the routes that serve one (requireSite() for pages, requireApiSite() for /api/), which
// set a typed `c.var.site` or answer for the host themselves.
import { createMiddleware } from 'hono/factory';
import type { MiddlewareHandler } from 'hono';
import { normaliseHost } from '../../shared/snapshot/publish.ts';
import { snapshotSchema } from '../../shared/snapshot/schema.ts';
import { keptOrMade } from '../../shared/kept.ts';
import { siteModelOf } from '../blocks/indexes.ts';
import type { AppEnv } from '../env.ts';
import { heldSite, loadSite, logInvalidSnapshot, MAX_CACHED_SNAPSHOTS, pointerTtl } from '../hosting/load.ts';
import { apiError } from '../http/errors.ts';
import { UNAVAILABLE_MESSAGE } from '../http/request.ts';
import { requestUrl } from '../http/request-url.ts';
import { PageHeaders } from '../render/page-headers.ts';
import { sendPage } from '../render/send.ts';
import { renderState } from '../render/state.ts';
import type { SiteModel } from '../site/model.ts';

export function site(): MiddlewareHandler<AppEnv> {
  return function site(c, next) {
    const host = normaliseHost(requestUrl(c).hostname);
    const ttl = pointerTtl(c.env);
    // a site this isolate holds goes on at once; another is loaded first
    const held = heldSite(host, ttl);
    if (held !== undefined) {
      c.set('lookup', held);
      return next();
    }
    return loadSite(c.env.SITES, host, ttl).then((loaded) => {
      c.set('lookup', loaded);
      return next();
    });
  };
}

/**
 * The site a page route serves, as `c.var.site`; for a host without one, a plain 404 page, and for a snapshot that
 * cannot be read, the ERROR page type (logged once a while per host and version).
 */
export const requireSite = () =>
  createMiddleware<AppEnv>(async function requireSite(c, next) {
    const lookup = c.var.lookup;
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
    logInvalidSnapshot(hostname, lookup);
    const state = renderState(c, fallbackSite(hostname, lookup.version), { pageType: 'ERROR', status: 500 });
    return sendPage(c, state, new PageHeaders());
  });

/** The site an /api/ route serves, as `c.var.site`: the API's JSON 404 for a host without one, 503 for an unusable one. */
export const requireApiSite = () =>
  createMiddleware<AppEnv>(async function requireApiSite(c, next) {
    const lookup = c.var.lookup;
    if (lookup.kind === 'ok') {
      c.set('site', lookup.site);
      return next();
    }
    if (lookup.kind === 'missing') throw apiError(404, 'No site is published at this host.');
    logInvalidSnapshot(requestUrl(c).hostname, lookup);
    throw apiError(503, UNAVAILABLE_MESSAGE);
  });

/** The stand-ins made in this isolate, by host and version (a broken site is asked for again and again until fixed). */
const fallbacks = new Map<string, SiteModel>();

/** A stand-in site used to render the ERROR page when a host's snapshot cannot be read (made once per host and version). */
export function fallbackSite(hostname: string, version: string): SiteModel {
  return keptOrMade(fallbacks, `${hostname} ${version}`, MAX_CACHED_SNAPSHOTS, () => makeFallbackSite(hostname, version));
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
