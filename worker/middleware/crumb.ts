// CSRF crumbs (§7, §8): every unsafe /api/ request carries the crumb cookie's value (X-CSRF-Token, or the 'crumb'
// query parameter or form field); a miss is 403 {crumbFail, crumb} with a fresh cookie for the client's one retry.
// Cross-site requests are refused even with a matching crumb. HTML responses give visitors without a crumb a new one.
import type { Context, MiddlewareHandler, Next } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import { CRUMB_COOKIE } from '../../shared/cookies.ts';
import type { AppEnv } from '../env.ts';
import { timingSafeEqualBytes } from '../security/password.ts';
import { isLocalHost } from '../http/hosts.ts';
import { newCrumb } from '../http/tokens.ts';
import { requestUrl } from '../http/request-url.ts';
import { appendToResponse } from '../http/response-headers.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** 128 random bits, base64url: 22 characters. */
const CRUMB_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

export function isValidCrumb(value: string | undefined): value is string {
  return typeof value === 'string' && CRUMB_PATTERN.test(value);
}

export function sameCrumb(a: string, b: string): boolean {
  const enc = new TextEncoder();
  return timingSafeEqualBytes(enc.encode(a), enc.encode(b));
}

/** Sec-Fetch-Site: cross-site, or an Origin naming another host. */
export function isCrossSite(c: Context<AppEnv>): boolean {
  if (c.req.header('Sec-Fetch-Site') === 'cross-site') return true;
  const origin = c.req.header('Origin');
  if (!origin || origin === 'null') return origin === 'null';
  try {
    return new URL(origin).host !== requestUrl(c).host;
  } catch {
    return true;
  }
}

/** The crumb a request sends: X-CSRF-Token, the 'crumb' query parameter, or a form body's 'crumb' field. */
export async function submittedCrumb(c: Context<AppEnv>): Promise<string | undefined> {
  const header = c.req.header('X-CSRF-Token');
  if (header) return header;
  const query = c.req.query('crumb');
  if (query) return query;
  const type = c.req.header('Content-Type') ?? '';
  if (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')) {
    // parsed once: hono keeps the parsed body for the handler
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    return typeof body.crumb === 'string' ? body.crumb : undefined;
  }
  return undefined;
}

/** The crumb cookie's attributes as Hono writes them, with Secure and without (made once each). */
const crumbAttributes = new Map<boolean, string>();

/**
 * The Set-Cookie value that gives a visitor this crumb: the whole site, Lax, Secure off local hosts. A crumb is
 * base64url, which a cookie value takes as it is, so only the attributes come from Hono's serialiser, once (every
 * response to a new visitor, cached ones too, carries this cookie).
 */
export function crumbCookie(value: string, hostname: string): string {
  const options = { path: '/', sameSite: 'Lax', secure: !isLocalHost(hostname) } as const;
  if (!isValidCrumb(value)) return generateCookie(CRUMB_COOKIE, value, options);
  let attributes = crumbAttributes.get(options.secure);
  if (attributes === undefined) {
    const sample = generateCookie(CRUMB_COOKIE, 'x', options);
    attributes = sample.slice(`${CRUMB_COOKIE}=x`.length);
    crumbAttributes.set(options.secure, attributes);
  }
  return `${CRUMB_COOKIE}=${value}${attributes}`;
}

/** The crumb cookie on the response this request is about to make. */
export function setCrumbCookie(c: Context<AppEnv>, value: string): void {
  c.header('Set-Cookie', crumbCookie(value, requestUrl(c).hostname), { append: true });
}

export function crumb(): MiddlewareHandler<AppEnv> {
  return function crumb(c, next) {
    const cookie = getCookie(c, CRUMB_COOKIE);
    const valid = isValidCrumb(cookie);
    c.set('crumb', valid ? cookie : newCrumb());
    if (UNSAFE.has(c.req.method) && c.req.path.startsWith('/api/')) return checkedCrumb(c, next, valid ? cookie : undefined);
    return valid ? next() : withNewCrumb(c, next);
  };
}

/**
 * An unsafe API request: a cross-site one is refused, and the crumb it sends must be the cookie's (a miss gets a fresh
 * cookie for the client's one retry); one that passes had a valid cookie, so nothing is added afterwards.
 */
async function checkedCrumb(c: Context<AppEnv>, next: Next, cookie: string | undefined): Promise<Response | undefined> {
  if (isCrossSite(c)) {
    return c.json({ error: 'Cross-site requests are not accepted.' }, 403);
  }
  const sent = await submittedCrumb(c);
  if (cookie === undefined || !sent || !sameCrumb(sent, cookie)) {
    const fresh = newCrumb();
    setCrumbCookie(c, fresh);
    return c.json({ crumbFail: true, crumb: fresh }, 403);
  }
  await next();
  return undefined;
}

/** A visitor without a crumb: an HTML response gives them the one this request made. */
async function withNewCrumb(c: Context<AppEnv>, next: Next): Promise<void> {
  await next();
  if ((c.res.headers.get('Content-Type') ?? '').startsWith('text/html')) {
    appendToResponse(c, 'Set-Cookie', crumbCookie(c.get('crumb'), requestUrl(c).hostname));
  }
}
