// A password posted to a lock screen (a locked page, collection or site): read, throttled, checked at the edge. Each
// attempt is counted before the PBKDF2 check, against the lock (every address guessing at one page) and against the
// client address (one address guessing across the site's locks), with the SlidingWindowThrottle that counts failed
// logins. A right password is given back, so members are never counted; past either limit the answer is 429 with
// Retry-After and the lock screen saying how long to wait, whatever the password.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { readForm, throttleAddress } from '../http/request.ts';
import { throttleOf } from '../durable/sliding-window-throttle.ts';
import type { AppEnv } from '../env.ts';
import { logOf } from '../log.ts';
import type { Route } from '../kit/context.tsx';
import type { LockRequirement } from '../routing/resolve.ts';
import { verifyPassword } from '../security/password.ts';
import { setUnlocked } from '../security/unlock.ts';
import type { SiteModel } from '../site/model.ts';

export const WRONG_PASSWORD_MESSAGE = 'Incorrect password. Please try again.';
export const MISSING_PASSWORD_MESSAGE = 'Enter the password to continue.';
export const UNREADABLE_PASSWORD_MESSAGE = 'The password could not be read. Please enter it again.';

/** A lock screen's form holds one password. */
export const LOCK_BODY_LIMIT = 4 * 1024;

/** At most this many wrong passwords per lock (from any address) and per client address (across locks) in the window. */
export const LOCK_LIMITS = { perLock: 30, perAddress: 10, windowMs: 15 * 60 * 1000 } as const;

/** The message of a throttled attempt: how long to wait, in whole minutes. */
export function lockThrottledMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many incorrect passwords. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

function throttles(c: Context<AppEnv>, site: SiteModel, lock: LockRequirement) {
  return [
    { stub: throttleOf(c.env, 'lock-target', site.website.id, lock.scope, lock.id), limit: LOCK_LIMITS.perLock },
    { stub: throttleOf(c.env, 'lock-address', site.website.id, throttleAddress(c)), limit: LOCK_LIMITS.perAddress },
  ];
}

/** What the lock screen shows after a post: the error and its status, or the unlocked page to go back to. */
export type PasswordOutcome =
  { kind: 'unlocked' } | { kind: 'refused'; status: 400 | 403 | 415 | 429; error: string; headers?: Record<string, string> };

/** Reads, throttles and checks a password posted to a lock screen; on success sets the unlock cookie. */
export async function postedPassword(c: Context<AppEnv>, site: SiteModel, lock: LockRequirement): Promise<PasswordOutcome> {
  let password: string | undefined;
  try {
    password = (await readForm(c)).fields.password;
  } catch (error) {
    if (!(error instanceof HTTPException)) throw error;
    return { kind: 'refused', status: error.status === 415 ? 415 : 400, error: UNREADABLE_PASSWORD_MESSAGE };
  }
  if (!password) return { kind: 'refused', status: 400, error: MISSING_PASSWORD_MESSAGE };

  const limits = throttles(c, site, lock);
  const taken = await Promise.all(limits.map((t) => t.stub.take(t.limit, LOCK_LIMITS.windowMs)));
  const giveBack = () => Promise.all(limits.map((t, i) => (taken[i]!.allowed ? t.stub.forget(taken[i]!.at) : undefined)));
  const refused = taken.find((v) => !v.allowed);
  if (refused) {
    await giveBack();
    logOf(c).warn('lock.throttled', { site: site.website.identifier, scope: lock.scope, retryAfter: refused.retryAfterSeconds });
    const retryAfter = String(refused.retryAfterSeconds);
    return { kind: 'refused', status: 429, error: lockThrottledMessage(refused.retryAfterSeconds), headers: { 'Retry-After': retryAfter } };
  }
  if (!(await verifyPassword(password, lock.hash))) return { kind: 'refused', status: 403, error: WRONG_PASSWORD_MESSAGE };
  await giveBack();
  await setUnlocked(c, lock);
  return { kind: 'unlocked' };
}

/** The lock screen's route for a lock, with the error of a refused post. */
export function lockScreenRoute(lock: LockRequirement, status: number, error?: string): Route {
  return { pageType: 'LOCK_SCREEN', status, lock: { scope: lock.scope, title: lock.title, text: lock.text, error } };
}
