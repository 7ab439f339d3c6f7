// Form submissions of one site on their way to the product origin (API_ORIGIN set). A submission is stored before the
// visitor gets an answer, tried at once, and, while the origin is down, tried again by an alarm with growing delays
// (its submission key as Idempotency-Key) until the origin accepts or refuses it. Nothing is lost to an outage.
import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../env.ts';
import { OUTBOX_BACKOFF, OUTBOX_RETENTION_MS } from '../api/limits.ts';
import { sendToOrigin } from '../api/origin.ts';
import { log } from '../log.ts';

export interface OutboxSubmission {
  /** the submission key: the entry's identity here and the Idempotency-Key at the origin */
  key: string;
  formId: string;
  url: string;
  method: string;
  headers: [string, string][];
  body: string;
  timeoutMs: number;
}

/** The origin's final answer, or 'queued' while it cannot be reached. */
export type OutboxAnswer = { kind: 'answered'; status: number; body: string; contentType: string | null } | { kind: 'queued' };

type State = 'pending' | 'delivered' | 'refused';

type Row = {
  submission_key: string;
  form_id: string;
  url: string;
  method: string;
  headers_json: string;
  body: string;
  timeout_ms: number;
  state: State;
  attempts: number;
  status: number | null;
  answer_body: string | null;
  answer_type: string | null;
};

/** What is kept of an origin's answer for a key used again. */
const MAX_ANSWER_LENGTH = 16 * 1024;

type Attempt =
  { result: 'delivered' | 'refused'; status: number; body: string; contentType: string | null } | { result: 'retry'; reason: string };

/** Statuses after which the same request may succeed later. */
const retryable = (status: number) => status === 408 || status === 429 || status >= 500;

export function backoffMs(attempts: number): number {
  return Math.min(OUTBOX_BACKOFF.firstMs * 2 ** Math.max(0, attempts - 1), OUTBOX_BACKOFF.maxMs);
}

export class FormOutbox extends DurableObject<Env> {
  /** keys being sent right now, so an alarm and a first attempt never send one entry twice at once */
  private readonly inFlight = new Set<string>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS entries (
      submission_key TEXT PRIMARY KEY,
      form_id TEXT NOT NULL,
      url TEXT NOT NULL,
      method TEXT NOT NULL,
      headers_json TEXT NOT NULL,
      body TEXT NOT NULL,
      timeout_ms INTEGER NOT NULL,
      state TEXT NOT NULL,
      attempts INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      status INTEGER,
      answer_body TEXT,
      answer_type TEXT
    )`);
  }

  private row(key: string): Row | undefined {
    return this.ctx.storage.sql.exec<Row>('SELECT * FROM entries WHERE submission_key = ?', key).toArray()[0];
  }

  private async attempt(row: Row): Promise<Attempt> {
    this.inFlight.add(row.submission_key);
    try {
      const outcome = await sendToOrigin(
        { url: row.url, method: row.method, headers: JSON.parse(row.headers_json) as [string, string][], body: row.body },
        row.timeout_ms,
      );
      if (outcome.kind === 'unreachable') return { result: 'retry', reason: outcome.reason };
      const { response } = outcome;
      if (retryable(response.status)) {
        await response.body?.cancel();
        return { result: 'retry', reason: `status ${response.status}` };
      }
      const body = (await response.text()).slice(0, MAX_ANSWER_LENGTH);
      // 409: the origin already holds this key, which is what an idempotent retry should hear
      const accepted = response.ok || response.status === 409;
      return {
        result: accepted ? 'delivered' : 'refused',
        status: response.status,
        body,
        contentType: response.headers.get('Content-Type'),
      };
    } finally {
      this.inFlight.delete(row.submission_key);
    }
  }

  private settle(key: string, a: Extract<Attempt, { status: number }>, now: number): void {
    this.ctx.storage.sql.exec(
      'UPDATE entries SET state = ?, status = ?, answer_body = ?, answer_type = ?, attempts = attempts + 1, updated_at = ? WHERE submission_key = ?',
      a.result,
      a.status,
      a.body,
      a.contentType,
      now,
      key,
    );
  }

  /** Marks a failed attempt and schedules the next one after the backoff for this entry's attempts so far. */
  private async retryLater(key: string, now: number): Promise<void> {
    this.ctx.storage.sql.exec('UPDATE entries SET attempts = attempts + 1, updated_at = ? WHERE submission_key = ?', now, key);
    const attempts = this.row(key)?.attempts ?? 1;
    const at = now + backoffMs(attempts);
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  private prune(now: number): void {
    this.ctx.storage.sql.exec("DELETE FROM entries WHERE state != 'pending' AND updated_at < ?", now - OUTBOX_RETENTION_MS);
  }

  private known(key: string): OutboxAnswer | null {
    const existing = this.row(key);
    if (!existing) return null;
    if (existing.state === 'pending') return { kind: 'queued' };
    return { kind: 'answered', status: existing.status!, body: existing.answer_body ?? '', contentType: existing.answer_type };
  }

  /** The answer recorded for a key, 'queued' while it waits, or null for a key never seen. */
  async answerFor(key: string): Promise<OutboxAnswer | null> {
    return this.known(key);
  }

  /**
   * Stores a submission and tries it at once. A key seen before answers as it did (or 'queued' while still on its
   * way). An origin that answers decides: accepted, or refused with a 4xx the visitor sees (and nothing is kept, so
   * the visitor may correct the form and send it again); an origin that cannot be reached leaves it queued.
   */
  async submit(s: OutboxSubmission, now = Date.now()): Promise<OutboxAnswer> {
    this.prune(now);
    const known = this.known(s.key);
    if (known) return known;
    this.ctx.storage.sql.exec(
      `INSERT INTO entries (submission_key, form_id, url, method, headers_json, body, timeout_ms, state, attempts, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
      s.key,
      s.formId,
      s.url,
      s.method,
      JSON.stringify(s.headers),
      s.body,
      s.timeoutMs,
      now,
      now,
    );
    const a = await this.attempt(this.row(s.key)!);
    if (a.result === 'retry') {
      log.warn('outbox.queued', { formId: s.formId, reason: a.reason });
      await this.retryLater(s.key, Date.now());
      return { kind: 'queued' };
    }
    if (a.result === 'refused') this.ctx.storage.sql.exec('DELETE FROM entries WHERE submission_key = ?', s.key);
    else this.settle(s.key, a, Date.now());
    return { kind: 'answered', status: a.status, body: a.body, contentType: a.contentType };
  }

  /**
   * Sends every waiting submission, oldest first. The first that still cannot be delivered ends the round (the origin
   * is most likely still down) and sets the next alarm after its backoff.
   */
  override async alarm(): Promise<void> {
    const now = Date.now();
    this.prune(now);
    const waiting = this.ctx.storage.sql.exec<Row>("SELECT * FROM entries WHERE state = 'pending' ORDER BY created_at").toArray();
    for (const row of waiting) {
      if (this.inFlight.has(row.submission_key)) continue;
      const a = await this.attempt(row);
      if (a.result === 'retry') {
        log.warn('outbox.retry', { formId: row.form_id, attempts: row.attempts + 1, reason: a.reason });
        await this.retryLater(row.submission_key, Date.now());
        return;
      }
      this.settle(row.submission_key, a, Date.now());
      if (a.result === 'refused')
        log.error('outbox.refused', new Error(`origin refused a queued submission with ${a.status}`), {
          formId: row.form_id,
          body: a.body.slice(0, 500),
        });
      else log.info('outbox.delivered', { formId: row.form_id, attempts: row.attempts + 1 });
    }
  }

  /** Entries by state, for operations and tests. */
  async counts(): Promise<Record<State, number>> {
    const out: Record<State, number> = { pending: 0, delivered: 0, refused: 0 };
    for (const r of this.ctx.storage.sql.exec<{ state: State; n: number }>('SELECT state, COUNT(*) AS n FROM entries GROUP BY state'))
      out[r.state] = r.n;
    return out;
  }
}
