// The published-site sub-app: resolves the URL of the host's site, checks locks at the edge, serves the page cache and
// renders the page.
import { Hono } from 'hono';
import type { AppEnv } from './env.ts';
import { carriesFormFlash, takeFormFlash } from './forms/flash.ts';
import { log } from './log.ts';
import { isCrossSite } from './middleware/crumb.ts';
import type { Route } from './render/context.tsx';
import { wholeBodyOf } from './render/one-pass.tsx';
import {
  anonymousPageCacheId,
  isCacheablePageType,
  servePageFromCache,
  servePageFromMemory,
  storePageInCache,
} from './render/page-cache.ts';
import { sendPage } from './render/send.ts';
import { renderState } from './render/state.ts';
import { resolve } from './routing/resolve.ts';
import { verifyPassword } from './security/password.ts';
import { isUnlocked, setUnlocked } from './security/unlock.ts';
import { collectionFeed } from './site/feed.ts';
import { requireSite } from './site/require.ts';
import { robotsApp } from './site/robots.ts';

export const WRONG_PASSWORD_MESSAGE = 'Incorrect password. Please try again.';

export const siteApp = new Hono<AppEnv>();

siteApp.route('/', robotsApp);

siteApp.all('*', async (c) => {
  const method = c.req.method;
  if (!['GET', 'HEAD', 'POST'].includes(method)) {
    return c.text('Method Not Allowed', 405, { Allow: 'GET, HEAD, POST' });
  }
  const required = await requireSite(c);
  if (required instanceof Response) return required;
  const site = required;
  const url = new URL(c.req.url);
  const now = new Date();

  // Anonymous visitors share cached pages. The key: the URL under the published version, the runtime build, and the
  // moment the last scheduled item came out (that changes what visitors see of the same version).
  // a visitor coming back from a form posted without script sees its outcome on a page rendered for them alone
  const flashed = carriesFormFlash(c);
  const anonymousRead = (method === 'GET' || method === 'HEAD') && !c.get('session') && !flashed;
  const cacheId = anonymousRead ? anonymousPageCacheId(site, url, now, c.env, c.req.header('User-Agent')) : undefined;
  if (cacheId) {
    const kept = servePageFromMemory(cacheId, method, () => ({ nonce: c.get('nonce') }));
    if (kept) return kept;
  }

  const headers = new Headers({ 'Cache-Control': 'public, max-age=0, must-revalidate' });
  const state = (route: Route) => renderState(c, site, route, now);
  const resolution = resolve(site, url, now);
  if (resolution.kind === 'redirect') return c.redirect(resolution.location, resolution.status);

  const lock = resolution.lock;
  if (lock) {
    headers.set('Cache-Control', 'private, no-store');
    if (method === 'POST') {
      // as on the API: another site may not post a password here (the password is never logged, echoed or cached)
      if (isCrossSite(c)) return c.text('Cross-site form posts are not accepted.', 403, { 'Cache-Control': 'no-store' });
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const password = typeof form.password === 'string' ? form.password : '';
      if (!c.env.SESSION_SECRET) {
        log.error('lock.no_secret', new Error('SESSION_SECRET is not configured'), { host: url.hostname });
        return sendPage(c, state({ pageType: 'ERROR', status: 500 }), headers);
      }
      if (await verifyPassword(password, lock.hash)) {
        await setUnlocked(c, lock, c.env.SESSION_SECRET);
        return c.redirect(url.pathname + url.search, 303);
      }
      const route: Route = {
        pageType: 'LOCK_SCREEN',
        status: 403,
        lock: { scope: lock.scope, title: lock.title, text: lock.text, error: WRONG_PASSWORD_MESSAGE },
      };
      return sendPage(c, state(route), headers);
    }
    if (!(await isUnlocked(c, lock))) {
      const route: Route = { pageType: 'LOCK_SCREEN', status: 200, lock: { scope: lock.scope, title: lock.title, text: lock.text } };
      return sendPage(c, state(route), headers);
    }
  } else if (method === 'POST') {
    return c.text('Method Not Allowed', 405, { Allow: 'GET, HEAD' });
  }

  // Anything with a session, a lock or per-visitor content renders afresh.
  const cacheable = !!cacheId && !lock && resolution.kind === 'page' && isCacheablePageType(resolution.route.pageType);
  const cacheKey = cacheable ? cacheId : undefined;
  if (cacheKey) {
    const hit = await servePageFromCache(caches.default, cacheKey, c.get('nonce'), method);
    if (hit) return hit;
  }

  if (resolution.kind === 'feed') {
    const body = collectionFeed(site, resolution.collection, url.origin, now);
    return new Response(method === 'HEAD' ? null : body, {
      headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': headers.get('Cache-Control')! },
    });
  }
  const pageState = state(resolution.route);
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
  );
});
