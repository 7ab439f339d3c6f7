// The site of a request, or the answer for a host without a usable one: the local index of published sites on the bare
// local hosts, a plain 404 for an unknown host, and the ERROR page type for a snapshot that cannot be read.
import type { Context } from 'hono';
import { normaliseHost } from '../../shared/snapshot/publish.ts';
import { snapshotSchema } from '../../shared/snapshot/schema.ts';
import type { AppEnv } from '../env.ts';
import { sendPage } from '../render/send.ts';
import { PageHeaders } from '../render/page-headers.ts';
import { renderState } from '../render/state.ts';
import { isIndexHost } from '../http/hosts.ts';
import { localIndex } from '../routes/local-index.tsx';
import { keptOrMade } from '../../shared/kept.ts';
import { logInvalidSnapshot, MAX_CACHED_SNAPSHOTS } from '../hosting/load.ts';
import type { SiteModel } from '../site/model.ts';
import { siteModelOf } from '../blocks/indexes.ts';
import { requestUrl } from '../http/request-url.ts';

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

/** The site of this request, or the response for a host whose site is missing or unusable. */
export async function requireSite(c: Context<AppEnv>): Promise<SiteModel | Response> {
  const lookup = c.get('site');
  const url = requestUrl(c);
  const hostname = normaliseHost(url.hostname);
  if (lookup.kind === 'ok') return lookup.site;
  if (lookup.kind === 'missing') {
    if (isIndexHost(hostname) && ['GET', 'HEAD'].includes(c.req.method)) return localIndex(c, url);
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>No site here</title></head><body><h1>No site is published at ${hostname.replace(/[<>&"]/g, '')}</h1></body></html>`,
      404,
    );
  }
  logInvalidSnapshot(hostname, lookup);
  const state = renderState(c, fallbackSite(hostname, lookup.version), { pageType: 'ERROR', status: 500 });
  return sendPage(c, state, new PageHeaders());
}
