// Headers every response carries: nosniff, a referrer policy, HSTS off local hosts, a CSP (pages set their own, with
// this request's nonce), and never a platform-internal header.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { DEFAULT_CSP } from '../security/csp.ts';
import { isLocalHost } from '../security/hosts.ts';
import { isPlatformHeader } from '../security/platform-headers.ts';

export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async function securityHeaders(c, next) {
    c.set('nonce', newNonce());
    await next();
    let res = c.res;
    // responses from other services (assets) have immutable headers: copy before changing them
    if (!isMutable(res.headers)) {
      res = new Response(res.body, res);
      c.res = res;
    }
    applySecurityHeaders(res.headers, new URL(c.req.url).hostname);
  };
}

/** What every response gets on its way out (the middleware and the cached-page fast path both call this). */
export function applySecurityHeaders(h: Headers, hostname: string): void {
  const internal: string[] = [];
  for (const [name] of h) if (isPlatformHeader(name)) internal.push(name);
  for (const name of internal) h.delete(name);
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', DEFAULT_CSP);
  if (!isLocalHost(hostname)) h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}

function isMutable(headers: Headers): boolean {
  try {
    headers.set('X-Content-Type-Options', 'nosniff');
    return true;
  } catch {
    return false;
  }
}
