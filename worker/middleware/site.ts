// Resolves the request's host to its published site once, for every route after it.
import type { MiddlewareHandler } from 'hono';
import { normaliseHost } from '../../shared/snapshot/publish.ts';
import type { AppEnv } from '../env.ts';
import { heldSite, loadSite, pointerTtl } from '../site/load.ts';
import { requestUrl } from '../request-url.ts';

export function site(): MiddlewareHandler<AppEnv> {
  return async function site(c, next) {
    const host = normaliseHost(requestUrl(c).hostname);
    const ttl = pointerTtl(c.env.SITE_POINTER_TTL_MS);
    c.set('site', heldSite(host, ttl) ?? (await loadSite(c.env.SITES, host, ttl)));
    await next();
  };
}
