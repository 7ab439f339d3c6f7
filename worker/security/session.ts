// Sessions of owners and editors: a signed, HttpOnly cookie naming an account of the site's snapshot. A tampered,
// expired, unsigned or foreign-site cookie counts as logged out.
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { decodeSession, encodeLastId, encodeSession, LAST_ID_COOKIE, SESSION_COOKIE, SESSION_TTL_SECONDS } from '../../shared/cookies.ts';
import { sharedCookieDomain } from '../../shared/product-domains.ts';
import type { Account } from '../../shared/snapshot/schema.ts';
import type { AppEnv } from '../env.ts';
import type { SiteModel } from '../site/model.ts';
import { isLocalHost } from '../http/hosts.ts';
import type { Session } from '../kit/session-type.ts';
import { requestUrl } from '../http/request-url.ts';
import { readSignedCookie, setSignedCookie } from './keys.ts';

export type { Session };

export function hasPermissions(account: Account): boolean {
  return Object.keys(account.permissions).length > 0;
}

type AnyContext = Context<AppEnv>;

/**
 * Whether the request may carry a session at all (a cookie header that names it): most requests do not, and need not
 * look for a signed cookie (or wait for readSession's answer).
 */
export function mayCarrySession(c: AnyContext): boolean {
  return !!c.req.header('Cookie')?.includes(SESSION_COOKIE);
}

/** The session the request carries, signed under SESSION_SECRET (or, during a rotation, SESSION_SECRET_PREVIOUS). */
export async function readSession(c: AnyContext, site: SiteModel, now = Date.now()): Promise<Session | null> {
  if (!mayCarrySession(c)) return null;
  const value = await readSignedCookie(c, 'session', SESSION_COOKIE);
  if (!value) return null;
  const payload = decodeSession(value);
  if (!payload || payload.w !== site.website.id || payload.e <= now) return null;
  const account = site.snapshot.accounts.find((a) => a.id === payload.a);
  if (!account) return null;
  return { account, permissions: account.permissions, isEditor: hasPermissions(account), expiresAt: payload.e };
}

/** Signs in: the session cookie (signed with SESSION_SECRET's session key), and the shared identity cookie ss_lastid (§3). */
export async function startSession(c: AnyContext, site: SiteModel, account: Account, now = Date.now()): Promise<void> {
  const hostname = requestUrl(c).hostname;
  const secure = !isLocalHost(hostname);
  const value = encodeSession({ a: account.id, w: site.website.id, e: now + SESSION_TTL_SECONDS * 1000 });
  await setSignedCookie(c, 'session', SESSION_COOKIE, value, {
    path: '/',
    httpOnly: true,
    secure,
    sameSite: 'Lax',
    maxAge: SESSION_TTL_SECONDS,
  });
  setCookie(c, LAST_ID_COOKIE, encodeLastId(site.website.identifier), {
    path: '/',
    secure,
    sameSite: 'Lax',
    ...lastIdDomain(site, hostname),
  });
}

/** Signs out: clears the session and the shared identity cookie. */
export function endSession(c: AnyContext, site: SiteModel): void {
  const hostname = requestUrl(c).hostname;
  const secure = !isLocalHost(hostname);
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure });
  deleteCookie(c, LAST_ID_COOKIE, { path: '/', secure, ...lastIdDomain(site, hostname) });
}

/**
 * ss_lastid lives on the app domain when the site is served under it and that domain is the product's
 * (shared/product-domains.ts); elsewhere (a customer's own domain) a host-only cookie is all a browser accepts.
 */
function lastIdDomain(site: SiteModel, hostname: string): { domain?: string } {
  const domain = sharedCookieDomain(site.website.appDomain, hostname);
  return domain ? { domain } : {};
}
