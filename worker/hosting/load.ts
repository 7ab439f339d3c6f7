// Finds the site for a host: reads the small host pointer from KV, and parses each snapshot version once per isolate
// (brought to the current format first). Keeps what ops need to know of sites that cannot be served as published: the
// unusable snapshots it logs, and the blocks left out of pages as they rendered, counted per site.
import { hostKey, type HostPointer } from '../../shared/snapshot/publish.ts';
import type { Env } from '../env.ts';
import { settingsOf } from '../http/config.ts';
import { log } from '../log.ts';
import type { SiteModel } from '../site/model.ts';
import { siteModelOf } from '../blocks/indexes.ts';
import { formatViolation, validateSnapshot } from './validate.ts';

export type { SiteLookup } from '../site/model.ts';
import type { SiteLookup } from '../site/model.ts';

type Parsed = { kind: 'ok'; site: SiteModel } | { kind: 'invalid'; version: string; reason: string };

/** Parsed snapshots by snapshot key (which includes the version): a new version is a new key. */
const parsed = new Map<string, Promise<Parsed>>();
/** The same, once settled, for readers that cannot wait (peekSite). */
const settled = new Map<string, Parsed>();
export const MAX_CACHED_SNAPSHOTS = 64;
let parses = 0;

/** Seconds KV may serve a cached pointer at the edge; a publish is visible everywhere within this time. */
const POINTER_CACHE_TTL = 60;
const MAX_REMEMBERED_POINTERS = 1024;

/** A host's pointer as read from KV: the record it names, no record, or something that is not a pointer. */
type PointerRead = { kind: 'ok'; pointer: HostPointer } | { kind: 'missing' } | { kind: 'invalid'; reason: string };

/** Pointers by host, read and parsed, with the time they were read; a missing host is remembered too, as briefly. */
const pointers = new Map<string, { read: PointerRead; readAt: number }>();

function parsePointer(text: string | null): PointerRead {
  if (text === null) return { kind: 'missing' };
  try {
    const pointer = JSON.parse(text) as HostPointer;
    if (typeof pointer.snapshotKey !== 'string') throw new Error('pointer has no snapshotKey');
    return { kind: 'ok', pointer };
  } catch (e) {
    return { kind: 'invalid', reason: `host pointer is not valid: ${(e as Error).message}` };
  }
}

async function readPointer(kv: KVNamespace, hostname: string, ttlMs: number): Promise<PointerRead> {
  const now = Date.now();
  const remembered = pointers.get(hostname);
  if (remembered && now - remembered.readAt < ttlMs) return remembered.read;
  const read = parsePointer(await kv.get(hostKey(hostname), { cacheTtl: POINTER_CACHE_TTL }));
  if (ttlMs > 0) {
    pointers.delete(hostname);
    if (pointers.size >= MAX_REMEMBERED_POINTERS) pointers.delete(pointers.keys().next().value!);
    pointers.set(hostname, { read, readAt: now });
  }
  return read;
}

/**
 * Milliseconds this isolate keeps a host's pointer before it asks KV again (SITE_POINTER_TTL_MS, read by
 * worker/http/config.ts; 0 asks on every request). A busy page then costs no KV read at all; a publish reaches this
 * isolate within KV's own edge cache time plus this.
 */
export function pointerTtl(env: Env): number {
  return settingsOf(env).sitePointerTtlMs;
}

async function parseRecord(kv: KVNamespace, pointer: HostPointer): Promise<Parsed> {
  parses++;
  const text = await kv.get(pointer.snapshotKey, { cacheTtl: 3600 });
  if (text === null) return { kind: 'invalid', version: pointer.version, reason: `snapshot record ${pointer.snapshotKey} is missing` };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { kind: 'invalid', version: pointer.version, reason: `snapshot is not JSON: ${(e as Error).message}` };
  }
  const result = validateSnapshot(json);
  if (!result.ok) {
    const shown = result.violations.slice(0, 5).map(formatViolation).join('; ');
    const more = result.violations.length > 5 ? ` (and ${result.violations.length - 5} more)` : '';
    return { kind: 'invalid', version: pointer.version, reason: `snapshot does not validate: ${shown}${more}` };
  }
  const { from, changes } = result.upgraded;
  if (changes.length) {
    // stored before its format changed: served upgraded (once per version and isolate); republishing stores the upgrade
    log.info('snapshot.upgraded', {
      site: pointer.identifier,
      version: pointer.version,
      from,
      changes: changes.slice(0, 10),
      count: changes.length,
    });
  }
  return { kind: 'ok', site: siteModelOf(result.snapshot, pointer.version) };
}

export async function loadSite(kv: KVNamespace, hostname: string, pointerTtlMs = 0): Promise<SiteLookup> {
  const read = await readPointer(kv, hostname, pointerTtlMs);
  if (read.kind === 'missing') return { kind: 'missing' };
  if (read.kind === 'invalid') return { kind: 'invalid', version: 'unknown', reason: read.reason };
  const { pointer } = read;
  let entry = parsed.get(pointer.snapshotKey);
  if (!entry) {
    const key = pointer.snapshotKey;
    entry = parseRecord(kv, pointer).then((result) => {
      if (parsed.get(key) === entry) settled.set(key, result);
      return result;
    });
    if (parsed.size >= MAX_CACHED_SNAPSHOTS) {
      const oldest = parsed.keys().next().value!;
      parsed.delete(oldest);
      settled.delete(oldest);
    }
    parsed.set(key, entry);
  }
  try {
    return await entry;
  } catch (e) {
    // a KV failure is not cached: the next request tries again
    parsed.delete(pointer.snapshotKey);
    settled.delete(pointer.snapshotKey);
    throw e;
  }
}

/**
 * The site of a host without waiting: only when this isolate holds a pointer younger than ttlMs and has the snapshot
 * it names parsed and valid; undefined otherwise (the caller then takes the path that reads KV).
 */
export function peekSite(hostname: string, ttlMs: number): SiteModel | undefined {
  const result = heldSite(hostname, ttlMs);
  return result?.kind === 'ok' ? result.site : undefined;
}

/**
 * What loadSite would answer, without waiting, when this isolate holds a pointer younger than ttlMs and the record it
 * names has been parsed (valid or not); undefined when loadSite has to read or wait. The site middleware asks it
 * first: nearly every request then resolves its site with no promise to await.
 */
export function heldSite(hostname: string, ttlMs: number): SiteLookup | undefined {
  const remembered = pointers.get(hostname);
  if (remembered?.read.kind !== 'ok' || Date.now() - remembered.readAt >= ttlMs) return undefined;
  return settled.get(remembered.read.pointer.snapshotKey);
}

/** For tests and the benchmark: how many snapshot records this isolate has read and parsed so far. */
export function snapshotParseCount(): number {
  return parses;
}

/** How often one isolate logs the same unusable snapshot (the first request at once, then one line a minute). */
export const INVALID_SNAPSHOT_LOG_INTERVAL_MS = 60_000;
/** When each host and version was last logged, and the requests it failed since then without a line of their own. */
const invalidLogged = new Map<string, { at: number; since: number }>();

/**
 * Logs a site that cannot be used (`snapshot.invalid`): the first request of this isolate at once, then at most one
 * line a minute per host and version, counting the requests in between (`repeated`). A broken site fails every request
 * in the same way until it is published again; a line for each would bury other events and cost a log write each.
 */
export function logInvalidSnapshot(host: string, lookup: { version: string; reason: string }, now = Date.now()): void {
  const key = `${host} ${lookup.version}`;
  const last = invalidLogged.get(key);
  if (last && now - last.at < INVALID_SNAPSHOT_LOG_INTERVAL_MS) {
    last.since++;
    return;
  }
  if (!last && invalidLogged.size >= MAX_CACHED_SNAPSHOTS) invalidLogged.delete(invalidLogged.keys().next().value!);
  invalidLogged.set(key, { at: now, since: 0 });
  log.error('snapshot.invalid', lookup.reason, { host, version: lookup.version, ...(last?.since ? { repeated: last.since } : {}) });
}
