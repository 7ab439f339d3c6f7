// The published-site sub-app: finds the site by host, resolves the URL, checks locks at the edge and streams the page.
import { Hono, type Context } from 'hono';
import { hostKey, HOST_KEY_PREFIX, normaliseHost, type HostPointer } from '../shared/snapshot/publish.ts';
import { clientScriptUrl } from './client-assets.ts';
import { snapshotSchema } from '../shared/snapshot/schema.ts';
import type { AppEnv, Env } from './env.ts';
import { log } from './log.ts';
import type { PageDefinition } from './pages/types.ts';
import type { RenderState, Route } from './render/context.tsx';
import { isCacheablePageType, pageCacheId, servePageFromCache, servePageFromMemory, storePageInCache } from './render/page-cache.ts';
import { DEFAULT_RENDER_TIMEOUT_MS, renderErrorPage, renderPage, renderStatic, wholeBodyOf, type RenderOptions } from './render/stream.tsx';
import { plainStylesheet, sharedStylesheet } from './render/styles.ts';
import { isCrawler } from './routing/crawler.ts';
import { resolve } from './routing/resolve.ts';
import { contentSecurityPolicy, hasOwnerCode } from './security/csp.ts';
import { isIndexHost } from './security/hosts.ts';
import { verifyPassword } from './security/password.ts';
import { isUnlocked, setUnlocked } from './security/unlock.ts';
import { collectionFeed } from './site/feed.ts';
import { SiteModel } from './site/model.ts';

export const WRONG_PASSWORD_MESSAGE = 'Incorrect password. Please try again.';

/** A stand-in site used to render the ERROR page when a host's snapshot cannot be read. */
export function fallbackSite(hostname: string, version: string): SiteModel {
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
  return new SiteModel(snapshot, version);
}

function renderOptions(c: Context<AppEnv>, headers: Headers): RenderOptions {
  const timeout = Number(c.env.RENDER_TIMEOUT_MS);
  return {
    method: c.req.method,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_RENDER_TIMEOUT_MS,
    headers,
    waitForAll: isCrawler(c.req.header('User-Agent')),
  };
}

/** The client scripts a page needs: the keyboard and dialog script where §4's Escape chain or logout can apply. */
function pageScripts(site: SiteModel, session: RenderState['session'], url: URL): string[] {
  const needsKeys = !!session || site.settings.useEscapeKeyToLogin || url.searchParams.get('logout') === 'true';
  return needsKeys ? [clientScriptUrl('site-keys')] : [];
}

/** The render state of one page of a site for this request. */
export function renderState(c: Context<AppEnv>, site: SiteModel, route: Route, now = new Date()): RenderState {
  const url = new URL(c.req.url);
  const session = c.get('session') ?? null;
  const failures = { count: 0 };
  return {
    site,
    route,
    url,
    now,
    nonce: c.get('nonce'),
    session,
    crumb: c.get('crumb'),
    scripts: pageScripts(site, session, url),
    asyncCache: new Map(),
    fetch: (input, init) => fetch(input, init),
    // A collection feed of this site (an RSS block's feedUrl '/journal?format=rss') is built in-process, without a
    // network hop. Only feeds: they render no blocks, so a block can never read its own page in a loop.
    ownFeed: (path) => ownFeed(site, new URL(path, url.origin), now),
    failures,
    reportError: (where, error) => {
      failures.count++;
      log.error('render.part_failed', error, { where, site: site.website.identifier, path: url.pathname, pageType: route.pageType });
    },
  };
}

/** A collection feed of this site, as /{urlId}?format=rss answers it (locked collections excepted); null if none. */
function ownFeed(site: SiteModel, target: URL, now: Date): string | null {
  const resolution = resolve(site, target, now);
  if (resolution.kind !== 'feed' || resolution.lock) return null;
  return collectionFeed(site, resolution.collection, target.origin, now);
}

/** Streams a page with its Content-Security-Policy (strict unless the page carries owner code). */
export function sendPage(c: Context<AppEnv>, state: RenderState, headers: Headers, definition?: PageDefinition): Promise<Response> {
  headers.set('Content-Security-Policy', contentSecurityPolicy(state.nonce, hasOwnerCode(state.site, state.route)));
  if (state.route.pageType === 'ERROR') return renderErrorPage(state, renderOptions(c, headers));
  return renderPage(state, renderOptions(c, headers), definition);
}

/**
 * The page-cache key of an anonymous read of this URL: the URL under the published version, the runtime build (the
 * deployed version and the stylesheet fingerprint) and the moment the last scheduled item came out (which changes what
 * visitors see of the same version); crawlers have entries of their own.
 */
export function anonymousPageCacheId(site: SiteModel, url: URL, now: Date, env: Env, userAgent: string | undefined): string {
  const epoch = site.visibilityEpoch(now);
  const build = `${env.CF_VERSION_METADATA?.id ?? 'dev'}:${sharedStylesheet().href}`;
  return pageCacheId(url, epoch ? `${site.version}@${epoch}` : site.version, build, isCrawler(userAgent));
}

/** The site of this request, or the response for a host whose site is missing or unusable. */
export async function requireSite(c: Context<AppEnv>): Promise<SiteModel | Response> {
  const lookup = c.get('site');
  const url = new URL(c.req.url);
  const hostname = normaliseHost(url.hostname);
  if (lookup.kind === 'ok') return lookup.site;
  if (lookup.kind === 'missing') {
    if (isIndexHost(hostname) && ['GET', 'HEAD'].includes(c.req.method)) return localIndex(c, url);
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>No site here</title></head><body><h1>No site is published at ${hostname.replace(/[<>&"]/g, '')}</h1></body></html>`,
      404,
    );
  }
  log.error('snapshot.invalid', new Error(lookup.reason), { host: hostname, version: lookup.version });
  const state = renderState(c, fallbackSite(hostname, lookup.version), { pageType: 'ERROR', status: 500 });
  return sendPage(c, state, new Headers());
}

export const siteApp = new Hono<AppEnv>();

/** Paths no crawler needs: the editor, the API, and the per-visitor pages (which also say noindex). */
const NOT_FOR_CRAWLERS = ['/config', '/api/', '/login', '/search', '/cart', '/checkout', '/commerce/', '/newsletter/', '/popup-overlay'];

/**
 * /robots.txt for every site, as plain text and before any lock: a site locked as a whole asks crawlers to stay out
 * entirely; a site whose snapshot cannot be read answers 503 with Retry-After, so crawlers come back later rather than
 * take the error page for the rules.
 */
siteApp.get('/robots.txt', (c) => {
  const lookup = c.get('site');
  if (lookup.kind === 'missing') return c.text('Not Found', 404);
  if (lookup.kind === 'invalid')
    return c.text('robots.txt is unavailable for a moment.', 503, { 'Retry-After': '300', 'Cache-Control': 'no-store' });
  const locked = !!lookup.site.website.password;
  const rules = locked ? ['Disallow: /'] : NOT_FOR_CRAWLERS.map((path) => `Disallow: ${path}`);
  return c.text(['User-agent: *', ...rules, ''].join('\n'), 200, { 'Cache-Control': 'public, max-age=3600' });
});

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
  const anonymousRead = (method === 'GET' || method === 'HEAD') && !c.get('session');
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

/** http://127.0.0.1:8787/ locally: every published site, linked by its {identifier}.localhost host. */
async function localIndex(c: Context<AppEnv>, url: URL): Promise<Response> {
  const list = await c.env.SITES.list({ prefix: HOST_KEY_PREFIX });
  const sites: { host: string; pointer: HostPointer | null }[] = await Promise.all(
    list.keys.map(async (k) => {
      const host = k.name.slice(HOST_KEY_PREFIX.length);
      const text = await c.env.SITES.get(hostKey(host));
      try {
        return { host, pointer: text ? (JSON.parse(text) as HostPointer) : null };
      } catch {
        return { host, pointer: null };
      }
    }),
  );
  const port = url.port ? `:${url.port}` : '';
  const element = (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Published sites on this runtime</title>
        <meta name="description" content="The sites published into this runtime's local KV, each served at its own host." />
        <style dangerouslySetInnerHTML={{ __html: plainStylesheet() }} />
      </head>
      <body>
        <main id="main" className="wrap page-body index-page">
          <header className="page-header">
            <h1>Published sites</h1>
            <p className="lead">Each site answers at its own host. Open one to see it as a visitor does.</p>
          </header>
          {sites.length === 0 ? (
            <p>No site is published yet. Publish one with npm run publish:site -- fixtures/sites/fernwood.json.</p>
          ) : (
            <ul>
              {sites.map(({ host, pointer }) => (
                <li key={host}>
                  <a href={`${url.protocol}//${host}${port}/`}>{pointer?.title ?? host}</a>{' '}
                  <span className="meta">
                    — {host}
                    {port}
                    {pointer ? `, version ${pointer.version}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </main>
      </body>
    </html>
  );
  const stream = await renderStatic(element);
  return new Response(c.req.method === 'HEAD' ? null : stream, {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
