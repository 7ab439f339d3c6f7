// Request body limits (docs/api.md): Hono's body-limit middleware, answering 413 with the API's JSON error. A declared
// Content-Length over the limit is refused before anything is read; a streamed body is counted as it arrives and
// abandoned at the limit.
import type { MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import { apiError } from './errors.ts';
import type { AppEnv } from '../env.ts';

export function bodyLimit(maxSize: number): MiddlewareHandler<AppEnv> {
  const tooLarge = (): never => {
    throw apiError(413, `Payload Too Large: at most ${maxSize} bytes`);
  };
  const limit = honoBodyLimit({ maxSize, onError: tooLarge });
  return async function bodyLimit(c, next) {
    // The crumb check may have read a form body already, looking for its crumb field: the request's stream is spent,
    // and Hono keeps the bytes it read, so those are measured.
    if (Object.keys(c.req.bodyCache).length > 0) {
      if ((await c.req.arrayBuffer()).byteLength > maxSize) tooLarge();
      return next();
    }
    return limit(c, next);
  };
}
