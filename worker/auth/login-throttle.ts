// Counts failed logins for one key (an account, or a client address, on one site) in SQLite, so that guessing
// passwords stops after a few tries. One object per key: a busy site is not one hot object.
import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../env.ts';

export interface ThrottleVerdict {
  allowed: boolean;
  /** seconds until the oldest failure in the window expires, when not allowed */
  retryAfterSeconds: number;
  failures: number;
}

export class LoginThrottle extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS failures (at INTEGER NOT NULL)');
  }

  private prune(windowMs: number, now: number): void {
    this.ctx.storage.sql.exec('DELETE FROM failures WHERE at <= ?', now - windowMs);
  }

  /** Whether another attempt is allowed: fewer than `limit` failures in the last `windowMs`. */
  async check(limit: number, windowMs: number, now = Date.now()): Promise<ThrottleVerdict> {
    this.prune(windowMs, now);
    const row = this.ctx.storage.sql
      .exec<{ n: number; oldest: number | null }>('SELECT COUNT(*) AS n, MIN(at) AS oldest FROM failures')
      .one();
    const allowed = row.n < limit;
    const retryAfterSeconds = allowed || row.oldest === null ? 0 : Math.max(1, Math.ceil((row.oldest + windowMs - now) / 1000));
    return { allowed, retryAfterSeconds, failures: row.n };
  }

  async recordFailure(windowMs: number, now = Date.now()): Promise<number> {
    this.prune(windowMs, now);
    this.ctx.storage.sql.exec('INSERT INTO failures (at) VALUES (?)', now);
    return this.ctx.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM failures').one().n;
  }

  async reset(): Promise<void> {
    this.ctx.storage.sql.exec('DELETE FROM failures');
  }
}
