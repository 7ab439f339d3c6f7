// The submissions of one form of one site, in SQLite. Each accepted submission is stored once under its submission
// key: saving again with a used key stores nothing and answers the first result. Beside them: the addresses that left
// the site's newsletter (when the form is a newsletter's), and the drafts of forms posted without JavaScript that
// wait, for a few minutes, for the page they return to (worker/forms/flash.ts).
import { DurableObject } from 'cloudflare:workers';
import type { FormValues } from '../../shared/form-values.ts';
import type { Env } from '../env.ts';
import { migrateOnStart, type Schema } from './schema.ts';

export interface NewSubmission {
  key: string;
  submittedAt: number;
  /** the checked values, passwords already masked */
  values: FormValues;
  /** the §3 summary, HTML-escaped */
  summary: string;
  collectionId: string;
  objectName: string;
  isOverlayForm: boolean;
  /** the e-mail addresses it gives (lowercased): signing up again undoes an earlier unsubscribe */
  emails?: string[] | undefined;
}

export interface StoredSubmission extends Omit<NewSubmission, 'key' | 'emails'> {
  id: string;
}

export interface SaveResult {
  /** false when the key had already been used: nothing was stored */
  created: boolean;
  submissionId: string;
  submittedAt: number;
}

/** Where an export goes on: after the submission made at `at` with storage row `row` (oldest first). */
export type ExportCursor = [at: number, row: number];

type Row = {
  id: string;
  submitted_at: number;
  values_json: string;
  summary: string;
  collection_id: string;
  object_name: string;
  is_overlay: number;
};

const stored = (r: Row): StoredSubmission => ({
  id: r.id,
  submittedAt: r.submitted_at,
  values: JSON.parse(r.values_json) as FormValues,
  summary: r.summary,
  collectionId: r.collection_id,
  objectName: r.object_name,
  isOverlayForm: r.is_overlay === 1,
});

/** The inbox's tables, version by version (worker/durable/schema.ts). */
export const FORM_INBOX_SCHEMA: Schema = {
  name: 'FormInbox',
  migrations: [
    // 1: submissions under their unique keys, a newsletter's unsubscribed addresses, drafts of posts without script
    (sql) => {
      sql.exec(`CREATE TABLE IF NOT EXISTS submissions (
        id TEXT PRIMARY KEY,
        submission_key TEXT NOT NULL UNIQUE,
        submitted_at INTEGER NOT NULL,
        values_json TEXT NOT NULL,
        summary TEXT NOT NULL,
        collection_id TEXT NOT NULL,
        object_name TEXT NOT NULL,
        is_overlay INTEGER NOT NULL
      )`);
      sql.exec('CREATE INDEX IF NOT EXISTS submissions_by_time ON submissions (submitted_at)');
      sql.exec('CREATE TABLE IF NOT EXISTS unsubscribes (email TEXT PRIMARY KEY, unsubscribed_at INTEGER NOT NULL)');
      sql.exec('CREATE TABLE IF NOT EXISTS drafts (token TEXT PRIMARY KEY, body TEXT NOT NULL, expires_at INTEGER NOT NULL)');
    },
  ],
};

export class FormInbox extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    void migrateOnStart(ctx, FORM_INBOX_SCHEMA);
  }

  private first(key: string): SaveResult | null {
    const row = this.ctx.storage.sql
      .exec<{ id: string; submitted_at: number }>('SELECT id, submitted_at FROM submissions WHERE submission_key = ?', key)
      .toArray()[0];
    return row ? { created: false, submissionId: row.id, submittedAt: row.submitted_at } : null;
  }

  /** The result of the submission made with this key, if any. */
  async find(key: string): Promise<SaveResult | null> {
    return this.first(key);
  }

  /** Stores a submission unless its key was used; the check and the insert are synchronous, so nothing interleaves. */
  async save(s: NewSubmission): Promise<SaveResult> {
    const first = this.first(s.key);
    if (first) return first;
    const id = crypto.randomUUID();
    this.ctx.storage.sql.exec(
      'INSERT INTO submissions (id, submission_key, submitted_at, values_json, summary, collection_id, object_name, is_overlay) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      id,
      s.key,
      s.submittedAt,
      JSON.stringify(s.values),
      s.summary,
      s.collectionId,
      s.objectName,
      s.isOverlayForm ? 1 : 0,
    );
    for (const email of s.emails ?? []) this.ctx.storage.sql.exec('DELETE FROM unsubscribes WHERE email = ?', email);
    return { created: true, submissionId: id, submittedAt: s.submittedAt };
  }

  /** Records that an address (lowercased) left the newsletter; the first time counts. */
  async unsubscribe(email: string, at: number): Promise<void> {
    this.ctx.storage.sql.exec('INSERT INTO unsubscribes (email, unsubscribed_at) VALUES (?, ?) ON CONFLICT (email) DO NOTHING', email, at);
  }

  /** The addresses that left the newsletter, and when. */
  async unsubscribed(): Promise<Map<string, number>> {
    const rows = this.ctx.storage.sql
      .exec<{ email: string; unsubscribed_at: number }>('SELECT email, unsubscribed_at FROM unsubscribes')
      .toArray();
    return new Map(rows.map((r) => [r.email, r.unsubscribed_at]));
  }

  /** Keeps a draft (the values of a form posted without JavaScript) until `expiresAt`; expired ones go. */
  async keepDraft(token: string, body: string, expiresAt: number): Promise<void> {
    const sql = this.ctx.storage.sql;
    sql.exec('DELETE FROM drafts WHERE expires_at <= ?', Date.now());
    sql.exec('INSERT OR REPLACE INTO drafts (token, body, expires_at) VALUES (?, ?, ?)', token, body, expiresAt);
  }

  /** A kept draft, once: it is gone after this. */
  async takeDraft(token: string): Promise<string | null> {
    const sql = this.ctx.storage.sql;
    const row = sql.exec<{ body: string; expires_at: number }>('SELECT body, expires_at FROM drafts WHERE token = ?', token).toArray()[0];
    if (!row) return null;
    sql.exec('DELETE FROM drafts WHERE token = ?', token);
    return row.expires_at > Date.now() ? row.body : null;
  }

  /** When the submissions of a time range were made (ms since the epoch, from included, to excluded), for the
   * owner's summary; at most `limit`, oldest first. */
  async submissionTimes(from: number, to: number, limit = 50_000): Promise<number[]> {
    return this.ctx.storage.sql
      .exec<{ t: number }>(
        'SELECT submitted_at AS t FROM submissions WHERE submitted_at >= ? AND submitted_at < ? ORDER BY submitted_at LIMIT ?',
        from,
        to,
        limit,
      )
      .toArray()
      .map((r) => r.t);
  }

  /** The owner's export: submissions oldest first, after `after`, at most `limit` (1 to 500); `next` is null at the end. */
  async exportSubmissions(after: ExportCursor | null, limit: number): Promise<{ rows: StoredSubmission[]; next: ExportCursor | null }> {
    const n = Math.max(1, Math.min(500, Math.floor(limit)));
    const [at, row] = after ?? [-1, -1];
    const rows = this.ctx.storage.sql
      .exec<Row & { row: number }>(
        `SELECT rowid AS row, id, submitted_at, values_json, summary, collection_id, object_name, is_overlay FROM submissions
         WHERE submitted_at > ? OR (submitted_at = ? AND rowid > ?) ORDER BY submitted_at, rowid LIMIT ?`,
        at,
        at,
        row,
        n,
      )
      .toArray();
    const last = rows[rows.length - 1];
    return { rows: rows.map(stored), next: rows.length === n && last ? [last.submitted_at, last.row] : null };
  }

  /** Where an export of at most `limit` submissions after `after` ends when more follow, or null when they are the last. */
  async exportEnd(after: ExportCursor | null, limit: number): Promise<ExportCursor | null> {
    const [at, row] = after ?? [-1, -1];
    const rows = this.ctx.storage.sql
      .exec<{ at: number; row: number }>(
        `SELECT submitted_at AS at, rowid AS row FROM submissions WHERE submitted_at > ? OR (submitted_at = ? AND rowid > ?)
         ORDER BY submitted_at, rowid LIMIT 2 OFFSET ?`,
        at,
        at,
        row,
        limit - 1,
      )
      .toArray();
    return rows.length === 2 ? [rows[0]!.at, rows[0]!.row] : null;
  }

  /** Submissions, newest first. */
  async list(limit: number, offset = 0): Promise<{ total: number; submissions: StoredSubmission[] }> {
    const sql = this.ctx.storage.sql;
    const total = sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM submissions').one().n;
    const rows = sql
      .exec<Row>(
        'SELECT id, submitted_at, values_json, summary, collection_id, object_name, is_overlay FROM submissions ORDER BY submitted_at DESC, rowid DESC LIMIT ? OFFSET ?',
        limit,
        offset,
      )
      .toArray();
    return { total, submissions: rows.map(stored) };
  }
}
