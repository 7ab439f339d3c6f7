// The one same-site rule of every post a page of the site makes without script (the forms of /_forms/*, the store's
// plain-HTML forms, lock screens): the browser's word, checked by Hono's csrf() (Sec-Fetch-Site: same-origin, or an
// Origin naming this host), or, from a client that says nothing of where it came from, the visitor's crumb sent with
// it (the form's crumb field or X-CSRF-Token) equal to the crumb cookie. Anything else is 403 before a route reads it.
// /api/ has its own, stricter rule (the crumb middleware: a crumb always, §7).
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import { CRUMB_COOKIE } from '../../shared/cookies.ts';
import type { AppEnv } from '../env.ts';
import { requestUrl } from '../http/request-url.ts';
import { logOf } from '../log.ts';
import { isValidCrumb, sameCrumb, submittedCrumb } from './crumb.ts';

export const CROSS_SITE_MESSAGE = 'This form can only be sent from the site itself.';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

function refused(c: Context<AppEnv>, path: string): never {
  logOf(c).warn('post.cross_site', { path });
  throw new HTTPException(403, { res: new Response(CROSS_SITE_MESSAGE, { status: 403, headers: { 'Cache-Control': 'no-store' } }) });
}

export function sameSitePost(): MiddlewareHandler<AppEnv> {
  // the host, not the whole origin: behind a proxy or in development the scheme a browser names may not be the request's
  const browserSays = csrf({
    origin: (origin, c) => {
      try {
        return new URL(origin).host === requestUrl(c).host;
      } catch {
        return false;
      }
    },
    secFetchSite: 'same-origin',
  });
  return async function sameSitePost(c, next) {
    if (SAFE.has(c.req.method) || c.req.path.startsWith('/api/')) return next();
    const origin = c.req.header('Origin');
    const fetchSite = c.req.header('Sec-Fetch-Site');
    if (origin !== undefined || fetchSite !== undefined) {
      // a browser said where the post came from: its word decides (csrf() reads it for form bodies; any other body is
      // refused by the route's reader, but never from another site)
      if (fetchSite === 'cross-site' || fetchSite === 'same-site' || origin === 'null') refused(c, c.req.path);
      try {
        await browserSays(c, async () => {});
      } catch {
        refused(c, c.req.path);
      }
      // an Origin naming another host is another site's, whatever else the request claims
      if (origin !== undefined) {
        try {
          if (new URL(origin).host !== requestUrl(c).host) refused(c, c.req.path);
        } catch {
          refused(c, c.req.path);
        }
      }
      return next();
    }
    const cookie = getCookie(c, CRUMB_COOKIE);
    const sent = await submittedCrumb(c);
    if (!isValidCrumb(cookie) || !sent || !sameCrumb(sent, cookie)) refused(c, c.req.path);
    return next();
  };
}
