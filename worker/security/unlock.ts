// The unlock cookie of a password-protected site, page or collection: signed, and bound to the site, the lock and the
// password's salt, so that changing the password locks everyone out again and no other site that has the same lock (a
// copy made from one template, with the same ids and password) ever accepts it.
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import type { LockRequirement } from '../routing/resolve.ts';
import { isLocalHost } from '../http/hosts.ts';
import { requestUrl } from '../http/request-url.ts';
import { readSignedCookie, setSignedCookie } from './keys.ts';

const cookieName = (lock: LockRequirement) => `unlock_${lock.scope}_${lock.id}`;
const cookieValue = (lock: LockRequirement) => `${lock.siteId}~${lock.hash.salt.slice(0, 16)}`;

export async function isUnlocked(c: Context<AppEnv>, lock: LockRequirement): Promise<boolean> {
  return (await readSignedCookie(c, 'unlock', cookieName(lock))) === cookieValue(lock);
}

/** Sets the unlock cookie; false without SESSION_SECRET (nothing set). */
export function setUnlocked(c: Context<AppEnv>, lock: LockRequirement): Promise<boolean> {
  return setSignedCookie(c, 'unlock', cookieName(lock), cookieValue(lock), {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: !isLocalHost(requestUrl(c).hostname),
  });
}
