// Form submissions of one site on their way to the product origin (API_ORIGIN set). A submission is stored before the
// visitor gets an answer and delivered with its submission key as Idempotency-Key: tried at once when the origin issued
// the key (its answer decides), delivered in the background when the edge issued the key because the origin could not
// (the visitor has already been told it was received). While the origin is down an alarm tries again with growing
// delays. Nothing is lost to an outage, and nothing is retried forever: past OUTBOX_GIVE_UP an entry becomes a dead
// letter, kept for operations for OUTBOX_RETENTION_MS, counted and listed (backlog(), deadLetters()).
import { DurableObject } from 'cloudflare:workers';
import type { Env } from '../env.ts';
import { OUTBOX_BACKOFF, OUTBOX_GIVE_UP, OUTBOX_RETENTION_MS } from '../http/limits.ts';
import { sendToOrigin } from '../http/origin.ts';
import { isolateLog } from '../log.ts';
import { hasColumn, migrateOnStart, type Schema } from './schema.ts';

/** Who issued an entry's submission key: the origin (FormSubmissionKey answered) or the edge (it could not). */
export type KeyIssuer = 'origin' | 'edge';

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

/** What the outbox holds for a key. */
export interface OutboxEntry {
  formId: string;
  issuer: KeyIssuer;
  /** the id the edge answered an edge-keyed submission with (null for the origin's keys, whose answer is the origin's) */
  submissionId: string | null;
  answer: OutboxAnswer;
}

/** An edge-keyed submission as enqueue() left it; `created` is false for a key it already held. */
export interface EdgeAccepted {
  created: boolean;
  formId: string;
  submissionId: string;
}

/** For operations: what waits, what was delivered, what was given up. Times in ms since the epoch. */
export interface OutboxBacklog {
  pending: number;
  oldestPendingAt: number | null;
  /** the entry waiting longest (the one an outage's first look wants), without the visitor's data; null with none */
  oldestPending: PendingEntry | null;
  /** when the outbox's alarm next runs (a round of attempts, or an erasure), null with none set */
  nextAlarmAt: number | null;
  delivered: number;
  /** dead letters still held (with their bodies, for recovery) */
  dead: number;
  /** dead letters erased after OUTBOX_RETENTION_MS, since this object began counting */
  deadErased: number;
}

/** A waiting entry as operations read it (like a dead letter, without the visitor's values or headers). */
export interface PendingEntry {
  key: string;
  formId: string;
  /** the origin's path it is going to */
  path: string;
  issuer: KeyIssuer;
  createdAt: number;
  attempts: number;
  /** when it was last tried (null before its first attempt) and why that failed */
  lastAttemptAt: number | null;
  lastError: string | null;
}

/**
 * A dead letter as operations read it: what it was, where it was going, when and why it was given up. Not the
 * visitor's values, nor the headers (cookies, client address): the list is for counting and diagnosis, and nobody
 * needs a visitor's data for either; the body stays in storage until it is erased, for recovery one entry at a time.
 */
export interface DeadLetter {
  key: string;
  formId: string;
  /** the origin's path it was sent to (SaveFormSubmission, or the newsletter's Unsubscribe) */
  path: string;
  issuer: KeyIssuer;
  createdAt: number;
  deadAt: number;
  attempts: number;
  /** why it was given up: the last failure, the origin's refusal status, or its age */
  reason: string;
  /** the origin's status when it refused it, else null */
  status: number | null;
  bodyBytes: number;
}

type State = 'pending' | 'delivered' | 'dead';

type Row = {
  submission_key: string;
  form_id: string;
  url: string;
  method: string;
  headers_json: string;
  body: string;
  timeout_ms: number;
  issuer: KeyIssuer;
  submission_id: string | null;
  state: State;
  attempts: number;
  created_at: number;
  updated_at: number;
  last_error: string | null;
  status: number | null;
  answer_body: string | null;
  answer_type: string | null;
};

/** What is kept of an origin's answer for a key used again. */
const MAX_ANSWER_LENGTH = 16 * 1024;
/** The most dead letters one deadLetters() call lists. */
const MAX_DEAD_LETTERS = 1000;

type Attempt =
  { result: 'delivered' | 'refused'; status: number; body: string; contentType: string | null } | { result: 'retry'; reason: string };

/** Statuses after which the same request may succeed later. */
const retryable = (status: number) => status === 408 || status === 429 || status >= 500;

export function backoffMs(attempts: number): number {
  return Math.min(OUTBOX_BACKOFF.firstMs * 2 ** Math.max(0, attempts - 1), OUTBOX_BACKOFF.maxMs);
}

/** The outbox's tables, version by version (worker/durable/schema.ts). */
export const FORM_OUTBOX_SCHEMA: Schema = {
  name: 'FormOutbox',
  migrations: [
    // 1: the first outbox: entries waiting, delivered (with their bodies) or refused
    (sql) => {
      sql.exec(`CREATE TABLE IF NOT EXISTS entries (
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
    },
    // 2: edge keys (who issued the key, the id the edge answered), dead letters (refused entries become dead letters,
    // with the reason they were given up), delivered entries lose the visitor's data, and the erasure counter. Storage
    // made before versions may already have the columns (the schema of 067706c), so each is added only when missing.
    (sql) => {
      if (!hasColumn(sql, 'entries', 'issuer')) sql.exec("ALTER TABLE entries ADD COLUMN issuer TEXT NOT NULL DEFAULT 'origin'");
      if (!hasColumn(sql, 'entries', 'submission_id')) sql.exec('ALTER TABLE entries ADD COLUMN submission_id TEXT');
      if (!hasColumn(sql, 'entries', 'last_error')) sql.exec('ALTER TABLE entries ADD COLUMN last_error TEXT');
      sql.exec("UPDATE entries SET state = 'dead', last_error = 'refused with ' || status WHERE state = 'refused'");
      sql.exec("UPDATE entries SET body = '', headers_json = '[]' WHERE state = 'delivered'");
      sql.exec('CREATE INDEX IF NOT EXISTS entries_by_state ON entries (state, updated_at)');
      sql.exec('CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL)');
    },
  ],
};

export class FormOutbox extends DurableObject<Env> {
  /** keys being sent right now, so an alarm and a first attempt never send one entry twice at once */
  private readonly inFlight = new Set<string>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    void migrateOnStart(ctx, FORM_OUTBOX_SCHEMA);
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

  /** The origin took it: its answer is kept for a reused key, the visitor's data (body and headers) is erased. */
  private delivered(key: string, a: Extract<Attempt, { status: number }>, now: number): void {
    this.ctx.storage.sql.exec(
      `UPDATE entries SET state = 'delivered', status = ?, answer_body = ?, answer_type = ?, body = '', headers_json = '[]',
         attempts = attempts + 1, last_error = NULL, updated_at = ? WHERE submission_key = ?`,
      a.status,
      a.body,
      a.contentType,
      now,
      key,
    );
  }

  /** Gives an entry up: kept (body included) for OUTBOX_RETENTION_MS, counted and listed for operations. */
  private dead(row: Row, reason: string, now: number, answer?: Extract<Attempt, { status: number }>): void {
    this.ctx.storage.sql.exec(
      `UPDATE entries SET state = 'dead', last_error = ?, status = ?, answer_body = ?, answer_type = ?, updated_at = ?
         WHERE submission_key = ?`,
      reason,
      answer?.status ?? null,
      answer?.body ?? null,
      answer?.contentType ?? null,
      now,
      row.submission_key,
    );
    isolateLog.error('outbox.dead', new Error(`a submission was given up: ${reason}`), {
      formId: row.form_id,
      issuer: row.issuer,
      attempts: row.attempts,
      ageMs: now - row.created_at,
    });
  }

  /** A failed attempt: counted, and the entry given up once it reaches OUTBOX_GIVE_UP. Answers whether it still waits. */
  private failed(row: Row, reason: string, now: number): boolean {
    const attempts = row.attempts + 1;
    this.ctx.storage.sql.exec(
      'UPDATE entries SET attempts = ?, last_error = ?, updated_at = ? WHERE submission_key = ?',
      attempts,
      reason,
      now,
      row.submission_key,
    );
    if (attempts < OUTBOX_GIVE_UP.attempts && now - row.created_at < OUTBOX_GIVE_UP.afterMs) return true;
    this.dead(
      { ...row, attempts },
      `${attempts} attempts over ${Math.round((now - row.created_at) / 60_000)} minutes; last: ${reason}`,
      now,
    );
    return false;
  }

  /** Erases settled entries past OUTBOX_RETENTION_MS (a dead letter's erasure is counted) and gives up the too old. */
  private prune(now: number): void {
    const sql = this.ctx.storage.sql;
    const cutoff = now - OUTBOX_RETENTION_MS;
    const erased = sql.exec("DELETE FROM entries WHERE state = 'dead' AND updated_at < ?", cutoff).rowsWritten;
    if (erased > 0)
      sql.exec(
        "INSERT INTO counters (name, value) VALUES ('dead_erased', ?) ON CONFLICT (name) DO UPDATE SET value = value + excluded.value",
        erased,
      );
    sql.exec("DELETE FROM entries WHERE state = 'delivered' AND updated_at < ?", cutoff);
    // waiting past the age limit: given up even when no attempt came in between (a round stops at its first failure)
    const tooOld = sql
      .exec<Row>("SELECT * FROM entries WHERE state = 'pending' AND created_at <= ?", now - OUTBOX_GIVE_UP.afterMs)
      .toArray();
    for (const row of tooOld)
      if (!this.inFlight.has(row.submission_key))
        this.dead(
          row,
          `not delivered within ${OUTBOX_GIVE_UP.afterMs / 3_600_000} hours (${row.attempts} attempts; last: ${row.last_error ?? 'none'})`,
          now,
        );
  }

  /** Sets the alarm to `at` unless one is due sooner. */
  private async alarmBy(at: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  /** With nothing waiting, the next alarm erases the oldest settled entry once its retention is over. */
  private async alarmForErasure(): Promise<void> {
    const oldest = this.ctx.storage.sql
      .exec<{ at: number | null }>("SELECT MIN(updated_at) AS at FROM entries WHERE state != 'pending'")
      .one().at;
    if (oldest !== null) await this.alarmBy(oldest + OUTBOX_RETENTION_MS + 1);
  }

  private entryOf(row: Row): OutboxEntry {
    // a dead letter of the origin's key answers as it did while it waited, unless the origin refused it
    const answer: OutboxAnswer =
      row.status === null
        ? { kind: 'queued' }
        : { kind: 'answered', status: row.status, body: row.answer_body ?? '', contentType: row.answer_type };
    return { formId: row.form_id, issuer: row.issuer, submissionId: row.submission_id, answer };
  }

  /** What the outbox holds for a key (its form, who issued it and its answer so far), or null for a key never seen. */
  async find(key: string): Promise<OutboxEntry | null> {
    const row = this.row(key);
    return row ? this.entryOf(row) : null;
  }

  /**
   * Stores a submission keyed by the origin and tries it at once. A key seen before answers as it did (or 'queued'
   * while still on its way). An origin that answers decides: accepted, or refused with a 4xx the visitor sees (and
   * nothing is kept, so the visitor may correct the form and send it again); an origin that cannot be reached leaves
   * it queued.
   */
  async submit(s: OutboxSubmission, now = Date.now()): Promise<OutboxAnswer> {
    this.prune(now);
    const existing = this.row(s.key);
    if (existing) return this.entryOf(existing).answer;
    this.insert(s, 'origin', null, now);
    const row = this.row(s.key)!;
    const a = await this.attempt(row);
    if (a.result === 'retry') {
      isolateLog.warn('outbox.queued', { formId: s.formId, reason: a.reason });
      const after = Date.now();
      if (this.failed(row, a.reason, after)) await this.alarmBy(after + backoffMs(row.attempts + 1));
      return { kind: 'queued' };
    }
    if (a.result === 'refused') this.ctx.storage.sql.exec('DELETE FROM entries WHERE submission_key = ?', s.key);
    else {
      this.delivered(s.key, a, Date.now());
      await this.alarmForErasure();
    }
    return { kind: 'answered', status: a.status, body: a.body, contentType: a.contentType };
  }

  /**
   * Stores a submission keyed by the edge (the origin could not issue a key) and delivers it in the background: the
   * visitor is answered as soon as it is stored. A key it already holds is not stored again (single use); the caller
   * compares the form.
   */
  async enqueue(s: OutboxSubmission, now = Date.now()): Promise<EdgeAccepted> {
    this.prune(now);
    const existing = this.row(s.key);
    if (existing) return { created: false, formId: existing.form_id, submissionId: existing.submission_id ?? '' };
    const submissionId = crypto.randomUUID();
    this.insert(s, 'edge', submissionId, now);
    await this.alarmBy(now);
    return { created: true, formId: s.formId, submissionId };
  }

  private insert(s: OutboxSubmission, issuer: KeyIssuer, submissionId: string | null, now: number): void {
    this.ctx.storage.sql.exec(
      `INSERT INTO entries (submission_key, form_id, url, method, headers_json, body, timeout_ms, state, attempts, created_at,
         updated_at, issuer, submission_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?, ?)`,
      s.key,
      s.formId,
      s.url,
      s.method,
      JSON.stringify(s.headers),
      s.body,
      s.timeoutMs,
      now,
      now,
      issuer,
      submissionId,
    );
  }

  /**
   * Sends the waiting submissions, those tried least first (then oldest first), so that one the origin keeps failing
   * never holds the others back. The first that still cannot be delivered ends the round (the origin is most likely
   * down) and sets the next alarm after its backoff. One the origin refuses is a dead letter: its visitor was already
   * told it was received.
   */
  override async alarm(): Promise<void> {
    const now = Date.now();
    this.prune(now);
    const waiting = this.ctx.storage.sql.exec<Row>("SELECT * FROM entries WHERE state = 'pending' ORDER BY attempts, created_at").toArray();
    for (const row of waiting) {
      if (this.inFlight.has(row.submission_key)) continue;
      const a = await this.attempt(row);
      const after = Date.now();
      if (a.result === 'retry') {
        isolateLog.warn('outbox.retry', { formId: row.form_id, attempts: row.attempts + 1, reason: a.reason });
        this.failed(row, a.reason, after);
        if (this.count('pending') > 0) {
          await this.alarmBy(after + backoffMs(row.attempts + 1));
          return;
        }
        break;
      }
      if (a.result === 'refused') this.dead(row, `refused with ${a.status}`, after, a);
      else {
        this.delivered(row.submission_key, a, after);
        isolateLog.info('outbox.delivered', { formId: row.form_id, issuer: row.issuer, attempts: row.attempts + 1 });
      }
    }
    // an entry stored while this round ran, or one a first attempt still holds, is tried by the next round
    if (this.count('pending') > 0) await this.alarmBy(Date.now() + OUTBOX_BACKOFF.firstMs);
    else await this.alarmForErasure();
  }

  private count(state: State): number {
    return this.ctx.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM entries WHERE state = ?', state).one().n;
  }

  /** Entries by state, for operations and tests. */
  async counts(): Promise<Record<State, number>> {
    const out: Record<State, number> = { pending: 0, delivered: 0, dead: 0 };
    for (const r of this.ctx.storage.sql.exec<{ state: State; n: number }>('SELECT state, COUNT(*) AS n FROM entries GROUP BY state'))
      out[r.state] = r.n;
    return out;
  }

  /**
   * For operations: what waits and since when (the oldest waiting entry, and when the next round of attempts runs),
   * what was delivered, what was given up (kept and erased).
   */
  async backlog(): Promise<OutboxBacklog> {
    const counts = await this.counts();
    const sql = this.ctx.storage.sql;
    const oldest = sql.exec<Row>("SELECT * FROM entries WHERE state = 'pending' ORDER BY created_at, submission_key LIMIT 1").toArray()[0];
    const erased = sql.exec<{ value: number }>("SELECT value FROM counters WHERE name = 'dead_erased'").toArray()[0]?.value ?? 0;
    return {
      pending: counts.pending,
      oldestPendingAt: oldest?.created_at ?? null,
      oldestPending: oldest
        ? {
            key: oldest.submission_key,
            formId: oldest.form_id,
            path: new URL(oldest.url).pathname,
            issuer: oldest.issuer,
            createdAt: oldest.created_at,
            attempts: oldest.attempts,
            lastAttemptAt: oldest.attempts > 0 ? oldest.updated_at : null,
            lastError: oldest.last_error,
          }
        : null,
      nextAlarmAt: await this.ctx.storage.getAlarm(),
      delivered: counts.delivered,
      dead: counts.dead,
      deadErased: erased,
    };
  }

  /** For operations: the dead letters held, the most recently given up first, without the visitors' data. */
  async deadLetters(limit = 100): Promise<DeadLetter[]> {
    const n = Math.max(1, Math.min(MAX_DEAD_LETTERS, Math.floor(limit)));
    return this.ctx.storage.sql
      .exec<Row & { body_bytes: number }>(
        "SELECT *, LENGTH(CAST(body AS BLOB)) AS body_bytes FROM entries WHERE state = 'dead' ORDER BY updated_at DESC LIMIT ?",
        n,
      )
      .toArray()
      .map((r) => ({
        key: r.submission_key,
        formId: r.form_id,
        path: new URL(r.url).pathname,
        issuer: r.issuer,
        createdAt: r.created_at,
        deadAt: r.updated_at,
        attempts: r.attempts,
        reason: r.last_error ?? '',
        status: r.status,
        bodyBytes: r.body_bytes,
      }));
  }
}
