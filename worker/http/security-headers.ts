// Headers every response carries: nosniff, a referrer policy, HSTS off local hosts, a CSP (pages set their own, with
// this request's nonce), and never a platform-internal header.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { isLocalHost } from './hosts.ts';
import { isPlatformHeader } from './platform-headers.ts';
import { newNonce } from './tokens.ts';
import { requestUrl } from './request-url.ts';

export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async function securityHeaders(c, next) {
    c.set('nonce', newNonce());
    await next();
    let res = c.res;
    if (secured.has(res)) return;
    // responses from other services (assets) have immutable headers: copy before changing them
    if (!isMutable(res.headers)) {
      res = new Response(res.body, res);
      c.res = res;
    }
    const lookup = c.get('lookup');
    applySecurityHeaders(res.headers, requestUrl(c).hostname, true, lookup?.kind === 'ok' && lookup.site.settings.hstsIncludeSubDomains);
  };
}

/** The policy of responses that render no page: nothing may run, and only this site may frame them. */
export const DEFAULT_CSP =
  "default-src 'self'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'; base-uri 'self'; form-action 'self'";

/**
 * HSTS for this host alone: a customer's apex domain must not force https on their other subdomains for a year. A
 * site whose settings ask for it (hstsIncludeSubDomains) gets includeSubDomains.
 */
export const HSTS = 'max-age=31536000';
export const HSTS_WITH_SUBDOMAINS = 'max-age=31536000; includeSubDomains';

/** Responses made with applySecurityHeaders' headers for their host already, and every other header this Worker's. */
const secured = new WeakSet<Response>();

/**
 * Marks a response whose headers all come from this Worker and already carry what applySecurityHeaders adds for the
 * request's host (a rendered page: sendPage applies them to the page's headers before the response exists; a page
 * from the cache's memory tier, whose entry was kept with them): the way out leaves it as it is. Applying them again
 * on the response (after reading through every header for platform headers) was a visible part of a small page's CPU.
 */
export function withSecurityHeaders(response: Response): Response {
  secured.add(response);
  return response;
}

/** A response's headers, or a page's before its response exists (worker/render/page-headers.ts). */
export type HeaderTarget = Pick<Headers, 'set' | 'has' | 'delete'> & Iterable<[string, string]>;

/**
 * What every response gets on its way out (the middleware and the cached-page fast path both call this); headers that
 * may have come from elsewhere (another service, the origin) are read for platform headers first.
 */
export function applySecurityHeaders(h: HeaderTarget, hostname: string, mayCarryPlatformHeaders = true, includeSubDomains = false): void {
  if (mayCarryPlatformHeaders) {
    const internal: string[] = [];
    for (const [name] of h) if (isPlatformHeader(name)) internal.push(name);
    for (const name of internal) h.delete(name);
  }
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', DEFAULT_CSP);
  if (!isLocalHost(hostname)) h.set('Strict-Transport-Security', includeSubDomains ? HSTS_WITH_SUBDOMAINS : HSTS);
}

function isMutable(headers: Headers): boolean {
  try {
    headers.set('X-Content-Type-Options', 'nosniff');
    return true;
  } catch {
    return false;
  }
}
