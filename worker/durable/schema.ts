// Versioned SQLite schemas for the Durable Objects. Each object's tables are what an ordered list of migrations makes,
// and the version its storage has reached is kept beside them (the `_schema` table), so the first time an object starts
// with new code it runs the migrations it has not had, in order, inside blockConcurrencyWhile: no call reaches it before
// its storage has the shape the code expects (docs/operations.md, "Durable Object data across deploys").
//
// The rules for a migration: append, never edit or reorder one that has shipped (objects at every older version
// exist); keep it additive (new tables, new columns with defaults, data copied rather than moved), so the release before
// still runs on the upgraded tables when a deploy is rolled back; and write it so it can run on storage made before
// schemas had versions (version 0 with tables: `IF NOT EXISTS`, a column added only when missing).
import { isolateLog } from '../log.ts';

/** One step: takes storage from the version before it to its own. Runs inside a transaction with the version bump. */
export type Migration = (sql: SqlStorage) => void;

export interface Schema {
  /** the class, for the logs */
  name: string;
  /** migration i (from 0) takes storage to version i + 1 */
  migrations: readonly Migration[];
}

const VERSION_TABLE = '_schema';

/** Whether storage holds any table (the platform's own `_cf_` tables apart): false for an object never written to. */
function hasTables(sql: SqlStorage): boolean {
  return (
    sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' LIMIT 1").toArray().length > 0
  );
}

/** The version storage has reached: 0 for storage never migrated (empty, or made before schemas had versions). */
export function schemaVersion(sql: SqlStorage): number {
  const table = sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", VERSION_TABLE).toArray().length > 0;
  if (!table) return 0;
  return sql.exec<{ version: number }>(`SELECT version FROM ${VERSION_TABLE} WHERE key = 1`).toArray()[0]?.version ?? 0;
}

/**
 * Runs the migrations storage has not had, each in one transaction with its version, and answers the version reached.
 * A migration that throws rolls back alone and is thrown on: the object then refuses every call (its constructor fails)
 * rather than serve with tables it does not understand, and the versions before it stay done. Storage of a newer
 * version than this code knows (a rollback after an upgrade) is left as it is: the migrations are additive, so this
 * code still reads it. `create: false` leaves an object with no tables as it is (objects that make their tables on
 * their first write, so that a read of a made-up name stores nothing).
 */
export function migrate(storage: DurableObjectStorage, schema: Schema, { create = true }: { create?: boolean } = {}): number {
  const sql = storage.sql;
  const existing = hasTables(sql);
  if (!create && !existing) return 0;
  const from = schemaVersion(sql);
  let version = from;
  const latest = schema.migrations.length;
  if (version > latest) {
    isolateLog.warn('durable.schema_newer', { object: schema.name, version, latest });
    return version;
  }
  for (; version < latest; version++) {
    const next = version + 1;
    storage.transactionSync(() => {
      schema.migrations[version]!(sql);
      sql.exec(`CREATE TABLE IF NOT EXISTS ${VERSION_TABLE} (key INTEGER PRIMARY KEY CHECK (key = 1), version INTEGER NOT NULL)`);
      sql.exec(
        `INSERT INTO ${VERSION_TABLE} (key, version) VALUES (1, ?) ON CONFLICT (key) DO UPDATE SET version = excluded.version`,
        next,
      );
    });
  }
  // an object made now is not news; one whose data was upgraded is (once per object and deploy)
  if (existing && from < latest) isolateLog.info('durable.schema_upgraded', { object: schema.name, from, to: latest });
  return version;
}

/** Whether a table has a column (for migrations that must also run on storage made before versions). */
export function hasColumn(sql: SqlStorage, table: string, column: string): boolean {
  return sql
    .exec<{ name: string }>(`PRAGMA table_info(${table})`)
    .toArray()
    .some((c) => c.name === column);
}

/**
 * Upgrades an object's storage as it starts (call it in the constructor): inside blockConcurrencyWhile, so no call is
 * delivered before the migrations are done. Answers the version reached, once they are.
 */
export function migrateOnStart(ctx: DurableObjectState, schema: Schema, options: { create?: boolean } = {}): Promise<number> {
  return ctx.blockConcurrencyWhile(async () => migrate(ctx.storage, schema, options));
}

/**
 * The schema of an object that makes its tables on its first write (ensure()) and again after it deleted everything
 * (forgotten()), so that reading one never written, or one that has cleaned itself up, stores nothing. Storage that
 * exists is upgraded as the object starts, like any other.
 */
export class LazySchema {
  private ready = false;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly schema: Schema,
  ) {
    void ctx.blockConcurrencyWhile(async () => {
      this.ready = migrate(ctx.storage, schema, { create: false }) > 0;
    });
  }

  /** Whether the tables exist. */
  get exists(): boolean {
    return this.ready;
  }

  /** Makes the tables if they do not exist yet. Synchronous, so a write that calls it first is still one step. */
  ensure(): void {
    if (!this.ready) this.ready = migrate(this.ctx.storage, this.schema) > 0;
  }

  /** After ctx.storage.deleteAll(): nothing exists until the next ensure(). */
  forgotten(): void {
    this.ready = false;
  }
}
