// Bench probe, run inside the same workerd as the Worker: times our streamed render of a page against React's
// renderToString of the same tree, and the render of the largest page, with the Worker's own modules.
import type { Context } from 'hono';
import { renderToReadableStream, renderToString } from 'react-dom/server';
import type { AppEnv, Env } from '../../worker/env.ts';
import { newCrumb } from '../../worker/http/tokens.ts';
import { PAGES } from '../../worker/pages/registry.ts';
import type { RenderState, Route } from '../../worker/kit/context.tsx';
import { Document } from '../../worker/render/document.tsx';
import { resolve } from '../../worker/routing/resolve.ts';
import { loadSite } from '../../worker/hosting/load.ts';
import type { SiteModel } from '../../worker/site/model.ts';
import { sendPage } from '../../worker/render/send.ts';
import { PageHeaders } from '../../worker/render/page-headers.ts';
import { renderState } from '../../worker/render/state.ts';
import { fallbackSite } from '../../worker/middleware/site.ts';
import { withPageData } from '../../worker/routes/page-data.ts';

interface Page {
  site: SiteModel;
  route: Route;
  url: URL;
  now: Date;
}

function nonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/** The site and route a GET of host + path resolves to, as the site sub-app decides them for an anonymous visitor. */
async function locate(env: Env, host: string, path: string): Promise<Page> {
  const url = new URL(`http://${host}${path}`);
  const now = new Date();
  const lookup = await loadSite(env.SITES, host);
  if (lookup.kind === 'missing') throw new Error(`no site at ${host}`);
  if (lookup.kind === 'invalid') return { site: fallbackSite(host, lookup.version), route: { pageType: 'ERROR', status: 500 }, url, now };
  const resolution = await resolve(lookup.site, url, now);
  if (resolution.kind !== 'page') throw new Error(`${host}${path} is a ${resolution.kind}, not a page`);
  const { lock } = resolution;
  // what the page shows of the site's records, read before it renders, as the pages route reads it
  const route: Route = lock
    ? { pageType: 'LOCK_SCREEN', status: 200, lock: { scope: lock.scope, title: lock.title, text: lock.text } }
    : await withPageData(lookup.site, resolution.route, now);
  return { site: lookup.site, route, url, now };
}

/**
 * The part of Hono's context that the site sub-app's renderState and sendPage read, for an anonymous GET: what the
 * middleware chain (site, security headers, crumb, session) has set by the time a page renders.
 */
function requestContext(page: Page, env: Env): Context<AppEnv> {
  const vars: Record<string, unknown> = { nonce: nonce(), crumb: newCrumb(), session: null };
  const headers = new Headers({ 'User-Agent': 'Mozilla/5.0 (bench probe)' });
  return {
    env,
    req: {
      url: page.url.href,
      method: 'GET',
      header: (name: string) => headers.get(name) ?? undefined,
      // the request itself, for what reads it through Hono's helpers (getCookie: the disable-user-scripts cookie)
      raw: new Request(page.url.href, { headers }),
    },
    get: (key: string) => vars[key],
  } as unknown as Context<AppEnv>;
}

/**
 * Fresh per-request state, built by the site sub-app's own renderState. The request context (what the middleware
 * chain has set: nonce, crumb, session) is made once per page: making a nonce and a crumb is the middleware's work,
 * not the render's, and would otherwise be timed as part of it.
 */
function stateFor(page: Page, c: Context<AppEnv>, asyncCache?: Map<string, Promise<unknown>>): RenderState {
  const state = renderState(c, page.site, page.route, page.now);
  return asyncCache ? { ...state, asyncCache } : state;
}

/** One render as a request gets it: the site sub-app's sendPage (CSP, stream.tsx's renderPage), the whole body read. */
async function productionRender(page: Page, c: Context<AppEnv>, asyncCache?: Map<string, Promise<unknown>>): Promise<number> {
  const state = stateFor(page, c, asyncCache);
  const response = await sendPage(c, state, new PageHeaders({ 'Cache-Control': 'public, max-age=0, must-revalidate' }));
  return (await response.arrayBuffer()).byteLength;
}

async function perCall(fn: () => unknown, n: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    await fn();
    // Let the timers React's streaming renderer sets fire, as they would between requests: one request that
    // renders thousands of times would otherwise reach workerd's limit of 10000 active timeouts.
    if (i % 200 === 199) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return (performance.now() - start) / n;
}

type Kind = 'production' | 'productionWarm' | 'rawStream' | 'renderToString' | 'renderToStringBytes';

interface Prepared {
  page: Page;
  kinds: Record<Kind, () => unknown>;
  streamBytes: number;
  stringBytes: number;
  /** the page's HTML as React's renderToString writes it, for /react */
  reactAlone: () => string;
}

/** Per URL, once per isolate: the page, its settled data and the ways of rendering it that the bench compares. */
const prepared = new Map<string, Promise<Prepared>>();

async function prepare(env: Env, host: string, path: string): Promise<Prepared> {
  const page = await locate(env, host, path);
  const c = requestContext(page, env);
  const definition = PAGES[page.route.pageType];
  // Settled data: a first streamed render settles every promise the page's Suspense parts read; React marks them
  // fulfilled, so later renders (renderToString included) read them synchronously and render the complete tree.
  const warm = new Map<string, Promise<unknown>>();
  const streamBytes = await productionRender(page, c, warm);
  const warmState = stateFor(page, c, warm);
  // React's tree as a request renders it: the per-render state reset first, as one-pass.tsx does before every render
  // (without it, every render after the first drew its layout as not the page's first, with no row above the fold, and
  // the islands' list grew by a page's worth each time)
  const tree = () => {
    warmState.islands.length = 0;
    warmState.placement.layoutDrawn = false;
    return <Document definition={definition} state={warmState} />;
  };
  const reactAlone = () => renderToString(tree());
  const kinds: Record<Kind, () => unknown> = {
    // what a request costs: fresh state, Suspense parts load and stream in
    production: () => productionRender(page, c),
    // the same wrapper with the data already settled: the streaming renderer's own cost
    productionWarm: () => productionRender(page, c, warm),
    // React's web-stream renderer called directly, data settled
    rawStream: async () => {
      const stream = await renderToReadableStream(tree(), { nonce: warmState.nonce });
      return (await new Response(stream).arrayBuffer()).byteLength;
    },
    renderToString: reactAlone,
    // the same, made into the bytes a response sends
    renderToStringBytes: () => new Response(reactAlone()).arrayBuffer(),
  };
  const stringBytes = new TextEncoder().encode(reactAlone()).byteLength;
  return { page, kinds, streamBytes, stringBytes, reactAlone };
}

/** The probe also reads the counters of the bench's page cache and outbound network for the harness. */
type ProbeEnv = Env & { CACHE_STATS: Fetcher };

export default {
  async fetch(request: Request, env: ProbeEnv): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === '/stats') {
      const cache = await (await env.CACHE_STATS.fetch('http://cache.stats/', { headers: { 'x-bench-cache-stats': '1' } })).json();
      const outbound = await (await fetch('http://bench-outbound.stats/')).json();
      return Response.json({ cache, outbound });
    }
    const host = url.searchParams.get('host') ?? '';
    const path = url.searchParams.get('path') ?? '/';
    const key = `${host}${path}`;
    try {
      let entry = prepared.get(key);
      if (!entry) {
        entry = prepare(env, host, path);
        prepared.set(key, entry);
      }
      const p = await entry;
      if (url.pathname === '/info') {
        return Response.json({ pageType: p.page.route.pageType, streamBytes: p.streamBytes, stringBytes: p.stringBytes });
      }
      if (url.pathname === '/react') {
        // React alone as a Worker: each HTTP request answered with renderToString of the page's tree (data settled), no
        // routing, middleware, cookies or headers of ours; the harness loads it like the Worker and reads its CPU
        return new Response(p.reactAlone(), { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
      }
      if (url.pathname === '/run') {
        // n calls of one kind back to back; the harness reads workerd's CPU time around this request
        const kind = (url.searchParams.get('kind') ?? 'production') as Kind;
        const fn = p.kinds[kind];
        if (!fn) return Response.json({ error: `no kind ${kind}` }, { status: 400 });
        const n = Number(url.searchParams.get('n') ?? 10);
        return Response.json({ kind, calls: n, msPerCall: await perCall(fn, n) });
      }
      return new Response('GET /info, /react or /run?kind=&n= with host= and path=', { status: 404 });
    } catch (error) {
      prepared.delete(key);
      return Response.json({ error: String((error as Error)?.stack ?? error) }, { status: 500 });
    }
  },
} satisfies ExportedHandler<ProbeEnv>;
