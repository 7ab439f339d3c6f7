// Test support: publish snapshots into the real KV binding and fetch pages through the real Worker.
import { env, SELF } from 'cloudflare:test';
import { storedSnapshotRecords, validatedRecords, type KvRecord, type Published } from '../../shared/snapshot/publish.ts';
import { blockTraits } from '../../worker/blocks/indexes.ts';
import { validateSnapshot } from '../../worker/hosting/validate.ts';

/** Writes records to the SITES binding, many at a time. */
export async function putRecords(records: readonly KvRecord[]): Promise<void> {
  const pointers = records.filter((r) => r.key.startsWith('host:'));
  const rest = records.filter((r) => !r.key.startsWith('host:'));
  for (let i = 0; i < rest.length; i += 50) await Promise.all(rest.slice(i, i + 50).map((r) => env.SITES.put(r.key, r.value)));
  // the pointer last, as publish:site writes it
  for (const r of pointers) await env.SITES.put(r.key, r.value);
}

/**
 * Publishes a snapshot at a host as `npm run publish:site` does (brought to the current format, split into records,
 * the pointer last), but for its strict check of every block (a block whose data does not fit is published, and left out
 * as pages render). A snapshot the Worker could not serve at all (not JSON, not a snapshot, beyond a limit) is stored as
 * given, as a whole snapshot behind a pointer, the way sites were stored before records: the Worker reads it and
 * answers with the ERROR page.
 */
export async function publish(snapshot: unknown, host: string, now = new Date()): Promise<Published | undefined> {
  let json: unknown = snapshot;
  if (typeof snapshot === 'string') {
    try {
      json = JSON.parse(snapshot);
    } catch {
      await publishStored(snapshot, host);
      return undefined;
    }
  }
  const result = validateSnapshot(json);
  if (!result.ok) {
    await publishStored(snapshot, host);
    return undefined;
  }
  const published = await validatedRecords(result, blockTraits, host, now);
  await putRecords(published.records);
  return published;
}

/**
 * Stores a snapshot as sites were stored before records existed (and before formats had versions): the file as given,
 * as one record, behind a pointer naming it. The Worker validates it, brings it to the current format and splits it as
 * it reads it.
 */
export async function publishStored(snapshot: unknown, host: string): Promise<void> {
  const json = typeof snapshot === 'string' ? snapshot : JSON.stringify(snapshot);
  const meta = (typeof snapshot === 'object' && snapshot !== null ? snapshot : {}) as {
    version?: string;
    website?: { identifier?: string; title?: string };
  };
  const records = await storedSnapshotRecords(
    json,
    { version: meta.version ?? 'v', identifier: meta.website?.identifier ?? host.split('.')[0]!, title: meta.website?.title ?? host },
    host,
  );
  await putRecords(records);
}

/** Requests a path on a host through the Worker. */
export function visit(host: string, path: string, init: RequestInit = {}): Promise<Response> {
  return SELF.fetch(`http://${host}${path}`, { redirect: 'manual', ...init });
}
