// Reads the logged-in account of this site from the session cookie; responses for logged-in accounts are never cached.
import type { Context, MiddlewareHandler, Next } from 'hono';
import type { AppEnv } from '../env.ts';
import type { SiteModel } from '../site/model.ts';
import { mayCarrySession, readSession } from '../security/session.ts';

export function session(): MiddlewareHandler<AppEnv> {
  return function session(c, next) {
    const lookup = c.get('lookup');
    // most requests carry no session cookie: they go on at once, without waiting for an answer they know (SESSION_SECRET
    // is always set here: the configuration check refuses to serve without it, worker/http/config-check.ts)
    if (lookup.kind !== 'ok' || !mayCarrySession(c)) {
      c.set('session', null);
      return next();
    }
    return withSession(c, next, lookup.site);
  };
}

async function withSession(c: Context<AppEnv>, next: Next, site: SiteModel): Promise<void> {
  const current = await readSession(c, site);
  c.set('session', current);
  await next();
  if (current) c.res.headers.set('Cache-Control', 'private, no-store');
}
