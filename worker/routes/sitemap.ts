// /sitemap.xml of every site (sitemaps.org): the indexable pages of what visitors see now, made at publish
// (shared/snapshot/split.ts). Up to 50,000 URLs it is the one sitemap; past that it is a sitemap index of
// /sitemap-1.xml, /sitemap-2.xml, … each of at most 50,000 URLs and 50 MB. Kept in the page cache like a page; a site
// locked as a whole has none (its robots.txt keeps crawlers out).
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { requestUrl } from '../http/request-url.ts';
import { siteOrigin } from '../kit/context.tsx';
import { requireSite, sharedRead } from '../middleware/site.ts';
import {
  edgeMissed,
  memoryTierEmpty,
  pageCacheOff,
  requestPageCacheId,
  servePageFromCache,
  servePageFromMemory,
  storePageInCache,
} from '../render/page-cache.ts';
import { andThen } from '../site/maybe.ts';
import type { SiteModel } from '../site/model.ts';
import { factsOf } from '../observability/context.ts';

export const sitemapApp = new Hono<AppEnv>();

const XML_HEADERS = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=0, must-revalidate' };

/** The sitemap index of a sitemap split in parts. */
function sitemapIndex(site: SiteModel, parts: number): string {
  const origin = siteOrigin(site);
  const entries = Array.from({ length: parts }, (_, i) => `<sitemap><loc>${origin}/sitemap-${i + 1}.xml</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</sitemapindex>`;
}

/** The sitemap document at `part` (0: /sitemap.xml, the index when there are several), or null for none. */
function sitemapDocument(site: SiteModel, part: number, now: Date) {
  return andThen(site.sitemap(now), (sitemap) => {
    if (part === 0 && sitemap.parts.length > 1) return sitemapIndex(site, sitemap.parts.length);
    const key = part === 0 ? sitemap.parts[0] : sitemap.parts.length > 1 ? sitemap.parts[part - 1] : undefined;
    return key === undefined ? null : andThen(site.read(key, 'smap'), (record) => record.xml);
  });
}

/** The sitemap document at `part` of the request's site (0: /sitemap.xml), from the page cache or made and kept there. */
export async function serveSitemap(c: Context<AppEnv>, part: number): Promise<Response> {
  const site = c.get('site');
  if (site.website.password) return c.text('Not Found', 404);
  const method = c.req.method;
  const now = new Date();
  const shared = sharedRead(c.req.raw, requestUrl(c).pathname).shared && !pageCacheOff(c.env);
  const id = shared ? requestPageCacheId(c.req.raw, site.facts, now, c.env) : undefined;
  if (id) {
    const kept = memoryTierEmpty() ? undefined : servePageFromMemory(id, method, () => ({ nonce: c.get('nonce') }), factsOf(c.req.raw));
    if (kept) return kept;
    const hit = edgeMissed(c.req.raw)
      ? undefined
      : await servePageFromCache(caches.default, id, c.get('nonce'), method, undefined, factsOf(c.req.raw));
    if (hit) return hit;
  }
  const xml = await sitemapDocument(site, part, now);
  if (xml === null) return c.text('Not Found', 404);
  const body = new TextEncoder().encode(xml);
  const response = new Response(method === 'HEAD' ? null : body, { headers: XML_HEADERS });
  if (!id || method !== 'GET') return response;
  return storePageInCache(
    caches.default,
    new Request(id),
    response,
    c.get('nonce'),
    (p) => c.executionCtx.waitUntil(p),
    () => true,
    body,
    factsOf(c.req.raw),
  );
}

sitemapApp.on(['GET', 'HEAD'], '/sitemap.xml', requireSite(), (c) => serveSitemap(c, 0));

const SITEMAP_PART = /^\/sitemap-([1-9][0-9]*)\.xml$/;

/**
 * The part a path names (/sitemap-3.xml: 3), or undefined for any other path. The parts are told apart from pages by
 * the pages route (worker/routes/pages.tsx), not by a route of their own: a parameter with a pattern beside the site's
 * static routes would send the whole app from Hono's RegExpRouter to its trie router (test/routing-engine.test.ts), and
 * a layer of its own in front of the pages route was one more async step of every page's read.
 */
export function sitemapPart(pathname: string): number | undefined {
  if (!pathname.startsWith('/sitemap-')) return undefined;
  const part = SITEMAP_PART.exec(pathname)?.[1];
  return part === undefined ? undefined : Number(part);
}
