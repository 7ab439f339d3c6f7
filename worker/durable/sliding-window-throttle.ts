// Counts events for one key in a sliding window, in SQLite: failed logins per account and per client address, lock-screen
// attempts per lock and per client address, accepted form submissions per site and client address and per form across
// all addresses, newsletter unsubscribes per site and client address. One object per key, so a busy site is not one
// hot object and one noisy address never slows another's requests.
import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../env.ts';
import { LazySchema, type Schema } from './schema.ts';

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

/** The throttle's tables, version by version (worker/durable/schema.ts). */
export const THROTTLE_SCHEMA: Schema = {
  name: 'SlidingWindowThrottle',
  migrations: [
    // 1: the moments of the events in the window
    (sql) => {
      sql.exec('CREATE TABLE IF NOT EXISTS events (at INTEGER NOT NULL)');
    },
    // 2: the window they are counted in (window_ms), so that the object's alarm can tell when it is empty
    (sql) => {
      sql.exec('CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value INTEGER NOT NULL)');
    },
  ],
};

/**
 * One key's counter. Its tables are made by the first event it counts, and the object deletes everything it holds once
 * its window is empty (its alarm, set to when the last event leaves the window), so the one object per address and
 * account that a site's logins and forms make costs nothing once it is quiet; a peek at a quiet key stores nothing.
 */
export class SlidingWindowThrottle extends DurableObject<Env> {
  private readonly schema: LazySchema;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.schema = new LazySchema(ctx, THROTTLE_SCHEMA);
  }

  private window(windowMs: number, now: number): { count: number; oldest: number | null } {
    if (!this.schema.exists) return { count: 0, oldest: null };
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

  /**
   * Counts one event only if it fits (an accepted submission): the check and the count are one step (nothing before the
   * alarm is set awaits). The alarm moves to when the window will be empty.
   */
  async take(limit: number, windowMs: number, now = Date.now()): Promise<WindowVerdict> {
    const verdict = this.verdict(limit, windowMs, now);
    if (!verdict.allowed) return verdict;
    this.schema.ensure();
    const sql = this.ctx.storage.sql;
    sql.exec('INSERT INTO events (at) VALUES (?)', now);
    sql.exec(
      "INSERT INTO settings (name, value) VALUES ('window_ms', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
      windowMs,
    );
    const latest = sql.exec<{ at: number }>('SELECT MAX(at) AS at FROM events').one().at;
    await this.ctx.storage.setAlarm(latest + windowMs);
    return { ...verdict, count: verdict.count + 1 };
  }

  /** The verdict a take would give now, without counting anything (what a trapped bot is told: worker/api/forms.ts). */
  peek(limit: number, windowMs: number, now = Date.now()): WindowVerdict {
    return this.verdict(limit, windowMs, now);
  }

  /** Gives back one event counted at `at` (an attempt that was taken up front and then did not count). */
  forget(at: number): void {
    if (!this.schema.exists) return;
    this.ctx.storage.sql.exec('DELETE FROM events WHERE rowid = (SELECT rowid FROM events WHERE at = ? LIMIT 1)', at);
  }

  /** Forgets every event (a successful login clears its account's failures): the object deletes what it holds. */
  async reset(): Promise<void> {
    await this.empty();
  }

  /**
   * When the last event has left the window, the object deletes everything it holds (its tables and its alarm) and is
   * gone until its next event; otherwise the alarm moves to when that event leaves.
   */
  override async alarm(): Promise<void> {
    if (!this.schema.exists) return;
    const sql = this.ctx.storage.sql;
    const windowMs = sql.exec<{ value: number }>("SELECT value FROM settings WHERE name = 'window_ms'").toArray()[0]?.value;
    // events of storage made before the window was kept, never counted since: kept until a take says the window
    if (windowMs === undefined) return;
    sql.exec('DELETE FROM events WHERE at <= ?', Date.now() - windowMs);
    const latest = sql.exec<{ at: number | null }>('SELECT MAX(at) AS at FROM events').one().at;
    if (latest === null) await this.empty();
    else await this.ctx.storage.setAlarm(latest + windowMs);
  }

  private async empty(): Promise<void> {
    await this.ctx.storage.deleteAll();
    this.schema.forgotten();
  }
}
