// Resolves the request's host to its published site once, for every route after it.
import type { MiddlewareHandler } from 'hono';
import { normaliseHost } from '../../shared/snapshot/publish.ts';
import type { AppEnv } from '../env.ts';
import { heldSite, loadSite, pointerTtl } from '../hosting/load.ts';
import { requestUrl } from '../http/request-url.ts';

export function site(): MiddlewareHandler<AppEnv> {
  return function site(c, next) {
    const host = normaliseHost(requestUrl(c).hostname);
    const ttl = pointerTtl(c.env.SITE_POINTER_TTL_MS);
    // a site this isolate holds goes on at once; another is loaded first
    const held = heldSite(host, ttl);
    if (held !== undefined) {
      c.set('site', held);
      return next();
    }
    return loadSite(c.env.SITES, host, ttl).then((loaded) => {
      c.set('site', loaded);
      return next();
    });
  };
}
