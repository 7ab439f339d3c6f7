// The published-site sub-app: resolves the URL of the host's site, checks locks at the edge, serves the page cache,
// reads what the page shows (page-data.ts) and renders it. Feeds are kept in the page cache like pages.
import { sameSitePath } from '../../shared/urls.ts';
import { Hono } from 'hono';
import { withStoreData } from './store-data.ts';
import type { AppEnv } from '../env.ts';
import { carriesFormFlash, takeFormFlash } from '../forms/flash.ts';
import { logFor } from '../log.ts';
import { bodyLimit } from '../http/body-limit.ts';
import { siteOrigin, type Route } from '../kit/context.tsx';
import { wholeBodyOf } from '../render/one-pass.tsx';
import {
  edgeMissed,
  isCacheablePageType,
  memoryTierEmpty,
  pageCacheOff,
  requestPageCacheId,
  servePageFromCache,
  servePageFromMemory,
  storePageInCache,
} from '../render/page-cache.ts';
import { sendPage } from '../render/send.ts';
import { PageHeaders } from '../render/page-headers.ts';
import { renderState } from '../render/state.ts';
import { resolve } from '../routing/resolve.ts';
import { userScriptsDisabled } from '../render/policy.ts';
import { isUnlocked } from '../security/unlock.ts';
import { collectionFeed } from '../site/feed.ts';
import { LOCK_BODY_LIMIT, lockScreenRoute, postedPassword, type PasswordOutcome } from './lock-screen.ts';
import { requireSite } from '../middleware/site.ts';
import { robotsApp } from './robots.ts';
import { serveSitemap, sitemapApp, sitemapPart } from './sitemap.ts';
import { withPageData } from './page-data.ts';
import { requestUrl } from '../http/request-url.ts';
import { factsOf, noteRequest } from '../observability/context.ts';

export { WRONG_PASSWORD_MESSAGE } from './lock-screen.ts';

export const siteApp = new Hono<AppEnv>();

siteApp.route('/', robotsApp);
siteApp.route('/', sitemapApp);

siteApp.all('*', requireSite(), async (c) => {
  const method = c.req.method;
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
    return c.text('Method Not Allowed', 405, { Allow: 'GET, HEAD, POST' });
  }
  const site = c.get('site');
  const url = requestUrl(c);
  // a part of a sitemap split in parts (/sitemap-2.xml), which no page's path can be
  const part = method === 'POST' ? undefined : sitemapPart(url.pathname);
  if (part !== undefined) return serveSitemap(c, part);
  const now = new Date();

  // Anonymous visitors share cached pages. The key: the URL under the published version, the runtime build, and the
  // moment the last scheduled item came out (that changes what visitors see of the same version).
  // a visitor coming back from a form posted without script sees its outcome on a page rendered for them alone
  const flashed = carriesFormFlash(c);
  // a browser that turned the owner's scripts off gets a page with another policy: never one from or for the cache
  const scriptsOff = userScriptsDisabled(c);
  const anonymousRead = (method === 'GET' || method === 'HEAD') && !c.get('session') && !flashed && !scriptsOff;
  const shared = anonymousRead && !pageCacheOff(c.env);
  // the page-cache id is made only where it is read: here while the isolate holds pages, and below for a page type the
  // cache keeps (a lock screen, a cart or a search never needs one while the memory tier is empty)
  if (shared && !memoryTierEmpty()) {
    const kept = servePageFromMemory(
      requestPageCacheId(c.req.raw, site.facts, now, c.env),
      method,
      () => ({ nonce: c.get('nonce') }),
      factsOf(c.req.raw),
    );
    if (kept) return kept;
  }

  const headers = new PageHeaders({ 'Cache-Control': scriptsOff ? 'private, no-store' : 'public, max-age=0, must-revalidate' });
  const state = (route: Route) => renderState(c, site, route, now);
  const resolution = await resolve(site, url, now);
  if (resolution.kind === 'redirect') {
    noteRequest({ route: 'REDIRECT' }, factsOf(c.req.raw));
    return c.redirect(sameSitePath(resolution.location, '/'), resolution.status);
  }

  const lock = resolution.lock;
  if (lock) {
    headers.set('Cache-Control', 'private, no-store');
    if (method === 'POST') {
      // as on the API: another site may not post a password here (the password is never logged, echoed or cached)
      if (!c.env.SESSION_SECRET) {
        logFor(factsOf(c.req.raw)).error('lock.no_secret', new Error('SESSION_SECRET is not configured'), { host: url.hostname });
        return sendPage(c, state({ pageType: 'ERROR', status: 500 }), headers);
      }
      let outcome: PasswordOutcome | undefined;
      await bodyLimit(LOCK_BODY_LIMIT)(c, async () => {
        outcome = await postedPassword(c, site, lock);
      });
      if (outcome!.kind === 'unlocked') return c.redirect(sameSitePath(url.pathname + url.search, '/'), 303);
      for (const [name, value] of Object.entries(outcome!.headers ?? {})) headers.set(name, value);
      return sendPage(c, state(lockScreenRoute(lock, outcome!.status, outcome!.error)), headers);
    }
    if (!(await isUnlocked(c, lock))) return sendPage(c, state(lockScreenRoute(lock, 200)), headers);
  } else if (method === 'POST') {
    return c.text('Method Not Allowed', 405, { Allow: 'GET, HEAD' });
  }

  // Anything with a session, a lock or per-visitor content renders afresh; a feed is kept like a page.
  const cacheable = shared && !lock && (resolution.kind === 'feed' || isCacheablePageType(resolution.route.pageType));
  const cacheKey = cacheable ? requestPageCacheId(c.req.raw, site.facts, now, c.env) : undefined;
  // asked already, before the site was read, when this isolate did not hold it (worker/middleware/site.ts)
  if (cacheKey && !edgeMissed(c.req.raw)) {
    const hit = await servePageFromCache(caches.default, cacheKey, c.get('nonce'), method, undefined, factsOf(c.req.raw));
    if (hit) return hit;
  }

  if (resolution.kind === 'feed') {
    noteRequest({ route: 'FEED' }, factsOf(c.req.raw));
    const body = new TextEncoder().encode(await collectionFeed(site, resolution.collection, siteOrigin(site), now));
    const response = new Response(method === 'HEAD' ? null : body, {
      headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': headers.get('Cache-Control')! },
    });
    if (!cacheKey || method !== 'GET') return response;
    return storePageInCache(
      caches.default,
      new Request(cacheKey),
      response,
      c.get('nonce'),
      (p) => c.executionCtx.waitUntil(p),
      () => true,
      body,
      factsOf(c.req.raw),
    );
  }
  // what the page shows of the site's records, then the store's pages the visitor's cart or order (never cached)
  const route = await withStoreData(c, site, await withPageData(site, resolution.route, now), now);
  if (!cacheKey && route.store) headers.set('Cache-Control', 'private, no-store');
  const pageState = state(route);
  if (flashed) {
    headers.set('Cache-Control', 'private, no-store');
    if (method === 'GET') {
      const { flash, clear } = await takeFormFlash(c, site);
      pageState.formFlash = flash;
      headers.append('Set-Cookie', clear);
    }
  }
  const response = await sendPage(c, pageState, headers);
  if (!cacheKey || method !== 'GET') return response;
  return storePageInCache(
    caches.default,
    new Request(cacheKey),
    response,
    pageState.nonce,
    (p) => c.executionCtx.waitUntil(p),
    () => pageState.failures.count === 0,
    wholeBodyOf(response),
    factsOf(c.req.raw),
  );
});
