// The form submission budget of one client address on one site: accepted submissions in a sliding window, in SQLite.
// One object per site and address, so one noisy address never slows another's submissions.
import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../env.ts';

export interface BudgetVerdict {
  allowed: boolean;
  /** seconds until the oldest submission in the window leaves it, when not allowed */
  retryAfterSeconds: number;
}

export class FormThrottle extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS submissions (at INTEGER NOT NULL)');
  }

  /** Takes one submission from the budget if fewer than `limit` were taken in the last `windowMs`. */
  async take(limit: number, windowMs: number, now = Date.now()): Promise<BudgetVerdict> {
    const sql = this.ctx.storage.sql;
    sql.exec('DELETE FROM submissions WHERE at <= ?', now - windowMs);
    const row = sql.exec<{ n: number; oldest: number | null }>('SELECT COUNT(*) AS n, MIN(at) AS oldest FROM submissions').one();
    if (row.n >= limit) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(((row.oldest ?? now) + windowMs - now) / 1000)) };
    }
    sql.exec('INSERT INTO submissions (at) VALUES (?)', now);
    return { allowed: true, retryAfterSeconds: 0 };
  }
}
