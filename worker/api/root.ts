// What holds for everything under the API roots of §7 (/api/ and /api/rest/), whichever sub-app or middleware answers:
// every answer is Cache-Control: no-store (an answer may carry a fresh crumb or a session, and no API answer is
// anyone else's), and a path nothing else answered is the API's JSON 404, never a page of the site. /api/rest/ is the
// product origin's REST root: with API_ORIGIN set its calls are forwarded there (crumb-checked like every /api/ call),
// without it there is nothing behind it.
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { apiMode } from '../http/origin-config.ts';
import { apiError } from '../http/errors.ts';
import { forward } from '../http/proxy.ts';
import { bodyBytes } from '../http/request.ts';
import { requireApiSite } from '../middleware/site.ts';

/** The methods of §7's generic request layer (HEAD comes with GET). */
const REST_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];

/**
 * After every answer under /api/ (a handler's, the crumb check's, the body limit's, the error handler's, the origin's):
 * no-store, whatever else it said. `private, no-store` and other values that already forbid storing are kept.
 */
export function apiNoStore(): MiddlewareHandler<AppEnv> {
  return async function apiNoStore(c, next) {
    await next();
    const current = c.res.headers.get('Cache-Control');
    if (current && /(^|[\s,])no-store($|[\s,])/i.test(current)) return;
    try {
      c.res.headers.set('Cache-Control', 'no-store');
    } catch {
      // the headers of a response made elsewhere (the origin's) may be immutable: copy it first
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('Cache-Control', 'no-store');
    }
  };
}

/** Mounted after every API sub-app and before the site's pages: what no API route answered. */
export const apiFallbackApp = new Hono<AppEnv>();

apiFallbackApp.all('/api/rest/*', requireApiSite(), async (c) => {
  const site = c.get('site');
  const mode = apiMode(c.env);
  if (mode.kind === 'embedded') throw apiError(404, 'Not Found');
  const method = c.req.method;
  if (!REST_METHODS.includes(method)) throw apiError(405, 'Method Not Allowed', { Allow: REST_METHODS.join(', ') });
  return forward(c, mode, site, method === 'GET' || method === 'HEAD' ? null : await bodyBytes(c));
});

apiFallbackApp.all('/api/*', () => {
  throw apiError(404, 'Not Found');
});
