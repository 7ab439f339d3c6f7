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
 * After every API answer in no-cookie mode (§6): the visitor cookies the browser still holds are removed with expiring
 * Set-Cookie headers. (That no API answer is stored is apiNoStore's, in root.ts, for everything under /api/.)
 */
function apiResponse(): MiddlewareHandler<AppEnv> {
  return async function apiResponse(c, next) {
    await next();
    const lookup = c.get('site');
    if (lookup.kind !== 'ok' || !noCookieMode(c, lookup.site)) return;
    const removals = noCookieModeRemovals(c);
    if (removals.length === 0) return;
    let res = c.res;
    try {
      res.headers.append('Set-Cookie', removals[0]!);
    } catch {
      // headers of a response made elsewhere (the origin's) may be immutable: copy it first
      res = c.res = new Response(res.body, res);
      res.headers.append('Set-Cookie', removals[0]!);
    }
    for (const cookie of removals.slice(1)) res.headers.append('Set-Cookie', cookie);
  };
}

export const apiApp = new Hono<AppEnv>();

for (const prefix of ['/api/census/*', '/api/events/*', '/api/track/*', '/api/form/*', '/api/commerce/*'])
  apiApp.use(prefix, apiResponse());
apiApp.route('/', censusApp);
apiApp.route('/', eventsApp);
apiApp.route('/', formsApp);
apiApp.route('/', storeApi);
