// Counts events for one key in a sliding window, in SQLite: failed logins per account and per client address, lock-screen
// attempts per lock and per client address, accepted form submissions per site and client address and per form across
// all addresses, newsletter unsubscribes per site and client address. One object per key, so a busy site is not one
// hot object and one noisy address never slows another's requests.
import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../env.ts';

/**
 * What a throttle counts. Each scope is its own key space: the scope opens every key, so a login key and a form key
 * can never name the same object.
 */
export type ThrottleScope =
  'login-account' | 'login-address' | 'lock-target' | 'lock-address' | 'form-address' | 'form-total' | 'unsubscribe-address';

/** The throttle object of a scope and its key parts (each part encoded, so no two part lists share a name). */
export function throttleOf(env: Env, scope: ThrottleScope, ...parts: string[]): DurableObjectStub<SlidingWindowThrottle> {
  return env.THROTTLE.getByName([scope, ...parts.map(encodeURIComponent)].join(':'));
}

export interface WindowVerdict {
  allowed: boolean;
  /** seconds until the oldest event in the window leaves it, when not allowed */
  retryAfterSeconds: number;
  /** events in the window (after a take, the one it took included) */
  count: number;
  /** the moment a take counted, to give it back with forget() */
  at: number;
}

export class SlidingWindowThrottle extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS events (at INTEGER NOT NULL)');
  }

  private window(windowMs: number, now: number): { count: number; oldest: number | null } {
    const sql = this.ctx.storage.sql;
    sql.exec('DELETE FROM events WHERE at <= ?', now - windowMs);
    const row = sql.exec<{ n: number; oldest: number | null }>('SELECT COUNT(*) AS n, MIN(at) AS oldest FROM events').one();
    return { count: row.n, oldest: row.oldest };
  }

  private verdict(limit: number, windowMs: number, now: number): WindowVerdict {
    const { count, oldest } = this.window(windowMs, now);
    const allowed = count < limit;
    const retryAfterSeconds = allowed || oldest === null ? 0 : Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
    return { allowed, retryAfterSeconds, count, at: now };
  }

  /** Counts one event only if it fits (an accepted submission): the check and the count are one step. */
  take(limit: number, windowMs: number, now = Date.now()): WindowVerdict {
    const verdict = this.verdict(limit, windowMs, now);
    if (!verdict.allowed) return verdict;
    this.ctx.storage.sql.exec('INSERT INTO events (at) VALUES (?)', now);
    return { ...verdict, count: verdict.count + 1 };
  }

  /** The verdict a take would give now, without counting anything (what a trapped bot is told: worker/api/forms.ts). */
  peek(limit: number, windowMs: number, now = Date.now()): WindowVerdict {
    return this.verdict(limit, windowMs, now);
  }

  /** Gives back one event counted at `at` (an attempt that was taken up front and then did not count). */
  forget(at: number): void {
    this.ctx.storage.sql.exec('DELETE FROM events WHERE rowid = (SELECT rowid FROM events WHERE at = ? LIMIT 1)', at);
  }

  /** Forgets every event (a successful login clears its account's failures). */
  reset(): void {
    this.ctx.storage.sql.exec('DELETE FROM events');
  }
}
