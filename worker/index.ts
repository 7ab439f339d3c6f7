// The Worker's entry: one Hono app. Global middleware (security headers), static routes, then per site: the site,
// the session, the crumb check, the auth and editor sub-apps, the editor redirect and the site pages.
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { apiApp } from './api/app.ts';
import { apiFallbackApp, apiNoStore } from './api/root.ts';
import { BODY_CAP } from './http/limits.ts';
import { authApp } from './routes/auth.tsx';
import { editorApp } from './routes/config.tsx';
import { nativeFormsApp } from './routes/forms.ts';
import type { AppEnv, Env } from './env.ts';
import { logFor } from './log.ts';
import { mediaApp } from './routes/media.ts';
import { localIndexRoute } from './routes/local-index.tsx';
import { serveCachedPageAfterPointerRead, serveCachedPageFast } from './fast-path.ts';
import { bodyLimit } from './http/body-limit.ts';
import { configCheck } from './http/config-check.ts';
import { crumb } from './middleware/crumb.ts';
import { sameSitePost } from './middleware/same-site-post.ts';
import { editorRedirect } from './middleware/editor-redirect.ts';
import { securityHeaders } from './http/security-headers.ts';
import { session } from './middleware/session.ts';
import { site } from './middleware/site.ts';
import { sharedStylesheet } from './render/styles.ts';
import { siteApp } from './routes/pages.tsx';
import { storePagesApp } from './routes/store.ts';
import { requestUrl, urlOf } from './http/request-url.ts';
import { normaliseHost } from '../shared/snapshot/records.ts';
import { attachFacts, factsOf, requestFacts, type RequestFacts } from './observability/context.ts';
import { writeRequestPoint } from './observability/data-points.ts';
import { opsApp } from './routes/ops.ts';
import { secureHost } from './hosting/secure-host.ts';
import { markPlatformVersion, platformForward } from './hosting/platform-versions.ts';
import { PLATFORM_COOKIE_PREFIX } from '../shared/platform-cookies.ts';

export { FormInbox } from './durable/form-inbox.ts';
export { FormOutbox } from './durable/form-outbox.ts';
export { ShoppingCart } from './durable/shopping-cart.ts';
export { SiteAnalytics } from './durable/site-analytics.ts';
export { SiteOrders } from './durable/site-orders.ts';
export { SlidingWindowThrottle } from './durable/sliding-window-throttle.ts';

export const app = new Hono<AppEnv>();

app.use(securityHeaders());
// a refused configuration (worker/http/config.ts) serves nothing but a 503, and is logged once per isolate
app.use(configCheck());

// the ops views (docs/operations.md, "Ops views"): on every host, behind OPS_TOKEN, before any site is looked up
app.route('/', opsApp);
// §2's secure host (secure.{app domain}): donation links sent on to their site, a 404 for anything else, before any
// site is looked up (it has none: worker/hosting/secure-host.ts)
app.use(secureHost());
app.route('/media', mediaApp);

// The shared stylesheet under its fingerprinted URL; any other fingerprint is an old or made-up one.
app.get('/_runtime/*', (c) => {
  const css = sharedStylesheet();
  if (requestUrl(c).pathname !== css.href) return c.text('Not Found', 404);
  return c.body(css.text, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=31536000, immutable' });
});

// every answer under /api/, from any middleware or handler below, is no-store (worker/api/root.ts)
app.use('/api/*', apiNoStore());
// Only a request that carries what the site's routes change (a post, a put, a patch, a delete) has a body to limit or a
// same-site rule to pass: a page's read (GET, HEAD) does not go through those two layers at all (each layer of Hono's
// chain is an async step of every request it takes). The limit comes before the crumb check and the same-site rule,
// which may read a form body for its crumb field (each route then applies its own limit).
const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];
app.on(WRITES, '*', bodyLimit(BODY_CAP));
app.use(site(), session(), crumb());
app.on(WRITES, '*', sameSitePost());
app.use(localIndexRoute());
app.route('/', apiApp);
app.route('/', authApp);
app.route('/', editorApp);
app.route('/', nativeFormsApp);
// keep last among the routes above: any /api/ path none of them answered (and the /api/rest/ root)
app.route('/', apiFallbackApp);
app.use(editorRedirect());
app.route('/', storePagesApp);
app.route('/', siteApp);

app.onError((error, c) => {
  if (error instanceof HTTPException) return error.getResponse();
  logFor(factsOf(c.req.raw)).error('request.failed', error, { path: requestUrl(c).pathname, method: c.req.method });
  return c.text('Something Went Wrong! Our system has encountered an error. We will return shortly.', 500);
});

/**
 * Every request: its facts made once (site, host, cf-ray, deployed version, colo: worker/observability/context.ts) and
 * carried to every log line it causes; a page this isolate holds for anonymous visitors answered before the app
 * (worker/fast-path.ts); then one data point of what it came to (worker/observability/data-points.ts).
 */
export function handle(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
  // a browser that asks for the other version of a gradual deployment (§9's platform-version cookies) is answered by
  // it, which counts the request itself (worker/hosting/platform-versions.ts); every other request costs one look at
  // its Cookie header
  if (!request.headers.get('cookie')?.includes(PLATFORM_COOKIE_PREFIX)) return serve(request, env, ctx);
  const forward = platformForward(request, env);
  if (!forward) return mark(request, env, serve(request, env, ctx));
  return forward.then((response) => response ?? mark(request, env, serve(request, env, ctx)));
}

function mark(request: Request, env: Env, response: Response | Promise<Response>): Response | Promise<Response> {
  return response instanceof Promise
    ? response.then((r) => markPlatformVersion(request, env, r))
    : markPlatformVersion(request, env, response);
}

/** This version's answer. */
function serve(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> {
  const url = urlOf(request);
  const facts = requestFacts(request, env.CF_VERSION_METADATA?.id, normaliseHost(url.hostname));
  // a page in memory, answered before the app (the fast path notes what it served on the facts it is given)
  const fast = serveCachedPageFast(request, env, facts);
  if (fast) {
    writeRequestPoint(env, facts, fast, url.pathname);
    return fast;
  }
  attachFacts(request, facts);
  // a page in memory of a site whose pointer is read again first (worker/fast-path.ts)
  const later = serveCachedPageAfterPointerRead(request, env, facts);
  if (!later) return fromApp(request, env, ctx, facts, url.pathname);
  return later.then((response) => {
    if (!response) return fromApp(request, env, ctx, facts, url.pathname);
    writeRequestPoint(env, facts, response, url.pathname);
    return response;
  });
}

/** The app's answer to a request the fast path left, with its data point. */
function fromApp(request: Request, env: Env, ctx: ExecutionContext, facts: RequestFacts, pathname: string): Promise<Response> {
  return Promise.resolve(app.fetch(request, env, ctx)).then((response) => {
    writeRequestPoint(env, facts, response, pathname);
    return response;
  });
}

export default { fetch: handle } satisfies ExportedHandler<Env>;
