// Shared by publish:site, unpublish:site, gc and start: validate snapshot files strictly, split them into the records
// of a version, and read, write, list and delete SITES records with wrangler (local state, the remote namespace, or an
// environment's).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { oversizeRecords, validatedRecords, type KvRecord, type Oversize } from '../shared/snapshot/publish.ts';
import { KV_VALUE_MAX_BYTES, type HostPointer } from '../shared/snapshot/records.ts';
import { blockTraits } from '../worker/blocks/indexes.ts';
import { formatViolation, validateSnapshot } from '../worker/hosting/validate.ts';

export type { KvRecord } from '../shared/snapshot/publish.ts';

export type Prepared =
  | {
      ok: true;
      host: string;
      /** every record of the version, then the host pointer last */
      records: KvRecord[];
      pointer: HostPointer;
      /** the owners of the site's donation pages (`donate:{donatePageId}`), written after the pointer */
      donations: KvRecord[];
      title: string;
      /** the format the file was in, and what bringing it to the current format changed (`path: change`) */
      upgraded: { from: number; changes: string[] };
    }
  | { ok: false; errors: string[] };

const MIB = 1024 * 1024;
export const mib = (bytes: number) => `${(bytes / MIB).toFixed(bytes < 10 * MIB ? 2 : 1)} MiB`;

/** What a record KV would refuse is, in words: its key and size, and KV's limit. */
export function oversizeError(o: Oversize): string {
  return o.what === 'key'
    ? `record key ${o.key.slice(0, 80)}… is ${o.bytes} bytes; KV accepts keys of at most 512 bytes`
    : `record ${o.key} is ${mib(o.bytes)} (${o.bytes} bytes); KV accepts at most ${mib(KV_VALUE_MAX_BYTES)} per value`;
}

/**
 * Reads one snapshot file, brings it to the current format, validates it strictly, splits it into the records of its
 * version and the pointer that publishes it at a host; refuses, naming it, a record KV would not accept.
 */
export async function prepare(file: string, host?: string, now = new Date()): Promise<Prepared> {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    return { ok: false, errors: [`${file}: ${(e as Error).message}`] };
  }
  const result = validateSnapshot(json, { strictBlocks: true });
  if (!result.ok) return { ok: false, errors: result.violations.map(formatViolation) };
  const published = await validatedRecords(result, blockTraits, host, now);
  const oversize = oversizeRecords(published.records);
  if (oversize.length) return { ok: false, errors: oversize.map(oversizeError) };
  return {
    ok: true,
    host: published.host,
    records: published.records,
    pointer: published.pointer,
    donations: published.donations,
    title: result.snapshot.website.title,
    upgraded: result.upgraded,
  };
}

/** Which SITES namespace: wrangler's local state (by default), the remote one, or a deployed environment's. */
export interface Target {
  remote: boolean;
  /** wrangler's --env: staging or production (remote) */
  env?: string | undefined;
  /** wrangler's --persist-to for local state */
  persistTo?: string | undefined;
}

export function describeTarget(target: Target): string {
  if (target.env) return `remote KV of environment ${target.env}`;
  return target.remote ? 'remote KV' : 'local KV';
}

const ENVIRONMENTS = ['staging', 'production'];

/** The target the common flags name; an --env other than staging or production is refused. */
export function targetOf(values: { remote?: boolean | undefined; env?: string | undefined; 'persist-to'?: string | undefined }): Target {
  if (values.env !== undefined && !ENVIRONMENTS.includes(values.env)) {
    throw new Error(`--env is ${ENVIRONMENTS.join(' or ')}, not '${values.env}'`);
  }
  return { remote: !!values.remote || values.env !== undefined, env: values.env, persistTo: values['persist-to'] };
}

const QUIET = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };

function wrangler(args: string[], target: Target, output: 'pipe' | 'inherit' = 'pipe') {
  const bin = join(process.cwd(), 'node_modules', '.bin', 'wrangler');
  const where = target.remote ? ['--remote'] : ['--local', ...(target.persistTo ? ['--persist-to', target.persistTo] : [])];
  const env = target.env ? ['--env', target.env] : [];
  const run = spawnSync(bin, ['kv', ...args, '--binding', 'SITES', ...where, ...env, '--preview', 'false'], {
    stdio: ['ignore', output, output === 'pipe' ? 'pipe' : 'inherit'],
    env: QUIET,
    encoding: 'utf8',
    maxBuffer: 1024 * MIB,
  });
  return run;
}

/** A value of SITES, or null when there is none. */
export function readKey(key: string, target: Target): string | null {
  const run = wrangler(['key', 'get', key, '--text'], target);
  if (run.status !== 0) {
    if (/not found/i.test(`${run.stdout}${run.stderr}`)) return null;
    throw new Error(`wrangler kv key get ${key} exited with ${run.status ?? run.signal}: ${run.stderr}`);
  }
  // wrangler says so on stdout for a key it does not have
  return run.stdout === 'Value not found' || run.stdout.trim() === 'Value not found' ? null : run.stdout;
}

/** Every key of SITES (with a prefix), and the metadata each was written with. */
export function listKeys(target: Target, prefix?: string): { name: string; metadata?: Record<string, unknown> }[] {
  const run = wrangler(['key', 'list', ...(prefix ? ['--prefix', prefix] : [])], target);
  if (run.status !== 0) throw new Error(`wrangler kv key list exited with ${run.status ?? run.signal}: ${run.stderr}`);
  return JSON.parse(run.stdout || '[]') as { name: string; metadata?: Record<string, unknown> }[];
}

/** Up to this many records, and this many bytes, per `wrangler kv bulk put` (KV's bulk write takes 10,000 and 100 MB). */
const BULK_RECORDS = 5000;
const BULK_BYTES = 90 * MIB;

function bulk(command: 'put' | 'delete', items: unknown[], target: Target): void {
  const dir = mkdtempSync(join(tmpdir(), `kv-${command}-`));
  try {
    const file = join(dir, 'items.json');
    writeFileSync(file, JSON.stringify(items));
    const run = wrangler(['bulk', command, file, ...(command === 'delete' ? ['--force'] : [])], target, 'inherit');
    if (run.status !== 0) throw new Error(`wrangler kv bulk ${command} exited with ${run.status ?? run.signal}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes records to SITES in batches, in order (so a pointer given last is written last), each with when it was written. */
export function writeRecords(records: readonly KvRecord[], target: Target, now = new Date()): void {
  const metadata = { writtenAt: now.toISOString() };
  let batch: (KvRecord & { metadata: typeof metadata })[] = [];
  let bytes = 0;
  const flush = () => {
    if (batch.length) bulk('put', batch, target);
    batch = [];
    bytes = 0;
  };
  for (const record of records) {
    const size = record.value.length * 2;
    if (batch.length >= BULK_RECORDS || (batch.length && bytes + size > BULK_BYTES)) flush();
    batch.push({ ...record, metadata });
    bytes += size;
  }
  flush();
}

/** Deletes keys from SITES in batches. */
export function deleteKeys(keys: readonly string[], target: Target): void {
  for (let i = 0; i < keys.length; i += BULK_RECORDS) bulk('delete', keys.slice(i, i + BULK_RECORDS), target);
}
