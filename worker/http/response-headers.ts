// Headers added on the way out, after the handler has made its response.
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';

/**
 * Adds a header to the response the handler made, in place. Hono's c.header, once a response exists, copies the
 * whole Response first (it cannot know whether the headers may change): a cost on every page a new visitor opens.
 * Headers that may not change (a response of another service) fall back to it.
 */
export function appendToResponse(c: Context<AppEnv>, name: string, value: string): void {
  try {
    c.res.headers.append(name, value);
  } catch {
    c.header(name, value, { append: true });
  }
}
