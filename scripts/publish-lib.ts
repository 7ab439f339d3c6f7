// Shared by publish:site and start: validate snapshot files strictly and write their KV records with wrangler.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validatedRecords } from '../shared/snapshot/publish.ts';
import { formatViolation, validateSnapshot } from '../worker/hosting/validate.ts';

export interface KvRecord {
  key: string;
  value: string;
}

export type Prepared =
  | {
      ok: true;
      host: string;
      records: KvRecord[];
      title: string;
      /** the format the file was in, and what bringing it to the current format changed (`path: change`) */
      upgraded: { from: number; changes: string[] };
    }
  | { ok: false; errors: string[] };

/**
 * Reads one snapshot file, brings it to the current format, validates it strictly and builds the records that publish
 * it at a host: the snapshot as validated, with the current formatVersion.
 */
export async function prepare(file: string, host?: string): Promise<Prepared> {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    return { ok: false, errors: [`${file}: ${(e as Error).message}`] };
  }
  const result = validateSnapshot(json, { strictBlocks: true });
  if (!result.ok) return { ok: false, errors: result.violations.map(formatViolation) };
  const published = await validatedRecords(result, host);
  return { ok: true, ...published, title: result.snapshot.website.title, upgraded: result.upgraded };
}

/** Writes records to the SITES namespace: local (wrangler dev's state in .wrangler/) or remote. */
export function writeRecords(records: KvRecord[], remote: boolean, persistTo?: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'publish-'));
  const file = join(dir, 'records.json');
  writeFileSync(file, JSON.stringify(records));
  try {
    const wrangler = join(process.cwd(), 'node_modules', '.bin', 'wrangler');
    const where = remote ? ['--remote'] : ['--local', ...(persistTo ? ['--persist-to', persistTo] : [])];
    const run = spawnSync(wrangler, ['kv', 'bulk', 'put', file, '--binding', 'SITES', ...where, '--preview', 'false'], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    });
    if (run.status !== 0) throw new Error(`wrangler kv bulk put exited with ${run.status ?? run.signal}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
