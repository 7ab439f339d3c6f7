// Reads the logged-in account of this site from the session cookie; responses for logged-in accounts are never cached.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { readSession } from '../security/session.ts';

export function session(): MiddlewareHandler<AppEnv> {
  return async function session(c, next) {
    const lookup = c.get('site');
    const current = lookup.kind === 'ok' ? await readSession(c, lookup.site, c.env.SESSION_SECRET) : null;
    c.set('session', current);
    await next();
    if (current) c.res.headers.set('Cache-Control', 'private, no-store');
  };
}
