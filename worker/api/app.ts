// The product API at the edge (§7): /api/census, /api/events, /api/track, /api/form and the store's /api/commerce.
// Each endpoint checks its input here; the answer comes from this Worker's Durable Objects, or from the origin in API_ORIGIN (see docs/api.md).
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { censusApp } from './census.ts';
import { eventsApp } from './events.ts';
import { formsApp } from './forms.ts';
import { storeApi } from './commerce.ts';
import { appendToResponse } from '../http/response-headers.ts';
import { noCookieMode, noCookieModeRemovals } from '../http/visitor-cookies.ts';

/**
 * After every API answer in no-cookie mode (§6): the visitor cookies the browser still holds are removed with expiring
 * Set-Cookie headers. (That no API answer is stored is apiNoStore's, in root.ts, for everything under /api/.)
 */
function apiResponse(): MiddlewareHandler<AppEnv> {
  return async function apiResponse(c, next) {
    await next();
    const lookup = c.get('lookup');
    if (lookup.kind !== 'ok' || !noCookieMode(c, lookup.site)) return;
    for (const cookie of noCookieModeRemovals(c)) appendToResponse(c, 'Set-Cookie', cookie);
  };
}

export const apiApp = new Hono<AppEnv>();

for (const prefix of ['/api/census/*', '/api/events/*', '/api/track/*', '/api/form/*', '/api/commerce/*'])
  apiApp.use(prefix, apiResponse());
apiApp.route('/', censusApp);
apiApp.route('/', eventsApp);
apiApp.route('/', formsApp);
apiApp.route('/', storeApi);
