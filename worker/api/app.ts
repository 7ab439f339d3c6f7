// The product API at the edge (§7): /api/census, /api/events, /api/track, /api/form and the store's /api/commerce.
// Each endpoint checks its input here; the answer comes from this Worker's Durable Objects, or from the origin in API_ORIGIN (see docs/api.md).
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { censusApp } from './census.ts';
import { eventsApp } from './events.ts';
import { formsApp } from './forms.ts';
import { storeApi } from '../commerce/api.ts';
import { noCookieMode, noCookieModeRemovals } from './visitor.ts';

/**
 * After every API answer: never cached unless the endpoint said otherwise, and, in no-cookie mode (§6), the visitor
 * cookies the browser still holds removed with expiring Set-Cookie headers.
 */
function apiResponse(): MiddlewareHandler<AppEnv> {
  return async function apiResponse(c, next) {
    await next();
    let res = c.res;
    const cacheControl = res.headers.get('Cache-Control') ?? 'no-store';
    try {
      res.headers.set('Cache-Control', cacheControl);
    } catch {
      // headers of a response made elsewhere may be immutable: copy it first
      res = c.res = new Response(res.body, res);
      res.headers.set('Cache-Control', cacheControl);
    }
    const lookup = c.get('site');
    if (lookup.kind === 'ok' && noCookieMode(c, lookup.site)) {
      for (const cookie of noCookieModeRemovals(c)) res.headers.append('Set-Cookie', cookie);
    }
  };
}

export const apiApp = new Hono<AppEnv>();

for (const prefix of ['/api/census/*', '/api/events/*', '/api/track/*', '/api/form/*', '/api/commerce/*'])
  apiApp.use(prefix, apiResponse());
apiApp.route('/', censusApp);
apiApp.route('/', eventsApp);
apiApp.route('/', formsApp);
apiApp.route('/', storeApi);
