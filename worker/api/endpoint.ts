// What every API endpoint checks before its own work: the method (405 with Allow), the body size (413), the site of the
// host (requireApiSite: 404 or 503), then the handler, which reads its own body (415, 400).
import type { Hono, MiddlewareHandler } from 'hono';
import { factsOf, noteRequest } from '../observability/context.ts';
import type { AppEnv } from '../env.ts';
import { bodyLimit } from '../http/body-limit.ts';
import { apiError } from '../http/errors.ts';
import type { ApiContext } from '../http/request.ts';
import { requireApiSite } from '../middleware/site.ts';

type Handler = (c: ApiContext) => Response | Promise<Response>;

/** An endpoint: its handler per method, and the largest body its methods accept (worker/http/limits.ts). */
interface Endpoint {
  GET?: Handler;
  POST?: Handler;
  PUT?: Handler;
  DELETE?: Handler;
  bodyLimit?: number;
}

/**
 * Registers one endpoint's methods, each behind the endpoint's body limit (413 beyond it) and
 * the site of the host (c.get('site')); any other method is 405
 * with Allow (HEAD comes with GET).
 */
export function endpoint(app: Hono<AppEnv>, path: string, { bodyLimit: maxSize, ...handlers }: Endpoint): void {
  const limit = maxSize === undefined ? null : bodyLimit(maxSize);
  // the route's pattern (never the path as requested, which may carry ids) names the request in its data point
  const named: MiddlewareHandler<AppEnv> = (c, next) => {
    noteRequest({ route: path }, factsOf(c.req.raw));
    return next();
  };
  for (const [method, handler] of Object.entries(handlers)) {
    if (limit) app.on(method, path, named, limit, requireApiSite(), handler);
    else app.on(method, path, named, requireApiSite(), handler);
  }
  const allow = Object.keys(handlers)
    .flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]))
    .join(', ');
  app.all(path, named, () => {
    throw apiError(405, 'Method Not Allowed', { Allow: allow });
  });
}
