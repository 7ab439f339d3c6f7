// The unlock cookie of a password-protected site, page or collection: signed, and bound to the site, the lock and the
// password's salt, so that changing the password locks everyone out again and no other site that has the same lock (a
// copy made from one template, with the same ids and password) ever accepts it.
import type { Context } from 'hono';
import { getSignedCookie, setSignedCookie } from 'hono/cookie';
import type { AppEnv } from '../env.ts';
import type { LockRequirement } from '../routing/resolve.ts';
import { isLocalHost } from '../http/hosts.ts';
import { requestUrl } from '../http/request-url.ts';

const cookieName = (lock: LockRequirement) => `unlock_${lock.scope}_${lock.id}`;
const cookieValue = (lock: LockRequirement) => `${lock.siteId}~${lock.hash.salt.slice(0, 16)}`;

export async function isUnlocked(c: Context<AppEnv>, lock: LockRequirement): Promise<boolean> {
  const secret = c.env.SESSION_SECRET;
  if (!secret) return false;
  return (await getSignedCookie(c, secret, cookieName(lock))) === cookieValue(lock);
}

export function setUnlocked(c: Context<AppEnv>, lock: LockRequirement, secret: string): Promise<void> {
  return setSignedCookie(c, cookieName(lock), cookieValue(lock), secret, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: !isLocalHost(requestUrl(c).hostname),
  });
}
