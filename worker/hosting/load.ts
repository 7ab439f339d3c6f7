// Finds the site for a host: its pointer (a custom hostname's metadata, or the small `host:` record in KV), then the
// site record the pointer names, parsed once per isolate into the site model; every other record is read when a page
// needs it (records.ts). A site stored before records existed (a pointer to one whole snapshot) is still served: its
// snapshot is validated, brought to the current format and split in memory as publish:site would split it. Keeps what
// ops need to know of sites that cannot be served as published: the unusable ones it logs.
import { splitSnapshot } from '../../shared/snapshot/split.ts';
import {
  checkPointer,
  hostKey,
  isLegacyPointer,
  parseRecord,
  POINTER_CACHE_TTL,
  type AnyPointer,
  type HostPointer,
  type LegacyPointer,
} from '../../shared/snapshot/records.ts';
import type { Env } from '../env.ts';
import { settingsOf } from '../http/config.ts';
import { isolateLog, logFor } from '../log.ts';
import type { RequestFacts } from '../observability/context.ts';
import { factsOfPointer, SiteModel, type PageFacts, type SiteLookup } from '../site/model.ts';
import { blockTraits } from '../blocks/indexes.ts';
import { heldOrRead, heldValue, hold, isHeld, kvRecords, kvText, measuredBytes, memoryRecords } from './records.ts';
import { formatViolation, validateSnapshot } from './validate.ts';

export type { SiteLookup } from '../site/model.ts';

export { POINTER_CACHE_TTL } from '../../shared/snapshot/records.ts';

/** A host's pointer as read: the records it names, no pointer, or something that is not a pointer. */
export type PointerRead =
  { kind: 'ok'; pointer: AnyPointer; facts?: PageFacts | undefined } | { kind: 'missing' } | { kind: 'invalid'; reason: string };

/** A pointer read from KV, held under its key with the time it was read. */
interface HeldPointer {
  read: PointerRead;
  readAt: number;
  /** the pointer's JSON as read: a read that finds it unchanged keeps the read made of it (its facts the same object) */
  text?: string | null;
}

let parses = 0;

/** What ops are told of a site record this isolate parsed (the ops views, worker/routes/ops.ts). */
export interface ParsedSite {
  identifier: string;
  /** the published version (snapshot version + content hash) */
  version: string;
  /** the record's size as stored (characters of JSON) and as this isolate counts it in memory */
  jsonChars: number;
  heldBytes: number;
  /**
   * milliseconds from the record's arrival to its model: the Workers clock moves only with I/O, so in production this is
   * what waited on I/O while parsing (usually 0), not CPU time; locally it is the parse's real time
   */
  parseMs: number;
  parsedAt: string;
  /** a site stored before records: its whole snapshot, validated and split as it was read */
  wholeSnapshot: boolean;
}

/** The site records parsed in this isolate, by record key (forgotten with the record: see heldSites). */
const parsedSites = new Map<string, ParsedSite>();

function noteParsed(key: string, site: ParsedSite): void {
  if (!parsedSites.has(key) && parsedSites.size >= 1024) parsedSites.delete(parsedSites.keys().next().value!);
  parsedSites.set(key, site);
}

/** The sites this isolate holds parsed now, with their size and parse time (the ops views). */
export function heldSites(): ParsedSite[] {
  const held: ParsedSite[] = [];
  for (const [key, site] of parsedSites) {
    if (isHeld(key)) held.push(site);
    else parsedSites.delete(key);
  }
  return held;
}

/** What this isolate knows of a host's site record: held parsed, or parsed once and since let go. */
export function parsedSiteOf(read: PointerRead): (ParsedSite & { held: boolean }) | undefined {
  if (read.kind !== 'ok') return undefined;
  const key = isLegacyPointer(read.pointer) ? read.pointer.snapshotKey : read.pointer.site;
  const site = parsedSites.get(key);
  return site && { ...site, held: isHeld(key) };
}

function pointerRead(value: unknown): PointerRead {
  const checked = checkPointer(value);
  if (!checked.ok) return { kind: 'invalid', reason: `host pointer is not valid: ${checked.reason}` };
  const { pointer } = checked;
  return { kind: 'ok', pointer, facts: isLegacyPointer(pointer) ? undefined : factsOfPointer(pointer) };
}

function parsePointer(text: string | null): PointerRead {
  if (text === null) return { kind: 'missing' };
  try {
    return pointerRead(JSON.parse(text));
  } catch (e) {
    return { kind: 'invalid', reason: `host pointer is not valid: ${(e as Error).message}` };
  }
}

/** Metadata pointers already checked, by site record (a custom hostname's metadata comes with every request). */
const fromMetadata = new Map<string, PointerRead>();
let metadataWarned = false;

/**
 * The pointer a Cloudflare for SaaS custom hostname carries in its metadata (`request.cf.hostMetadata`, set when the
 * hostname is added or its site published: `{ "site": "<identifier>", "pointer": { …as host:{hostname} holds… } }`),
 * used instead of reading KV; undefined when there is none or it is not a pointer of that site (KV is read then).
 */
export function metadataPointer(cf: unknown): PointerRead | undefined {
  const meta = (cf as { hostMetadata?: unknown } | undefined)?.hostMetadata;
  if (!meta || typeof meta !== 'object') return undefined;
  const { site, pointer } = meta as { site?: unknown; pointer?: unknown };
  if (pointer === undefined) return undefined;
  const siteKey = (pointer as { site?: unknown } | null)?.site;
  const read = (typeof siteKey === 'string' ? fromMetadata.get(siteKey) : undefined) ?? pointerRead(pointer);
  if (read.kind !== 'ok' || isLegacyPointer(read.pointer) || (typeof site === 'string' && site !== read.pointer.identifier)) {
    if (!metadataWarned) {
      metadataWarned = true;
      isolateLog.warn('host_metadata.unusable', {
        site: String(site),
        reason: read.kind === 'invalid' ? read.reason : 'not a pointer of that site',
      });
    }
    return undefined;
  }
  if (fromMetadata.size >= 1024) fromMetadata.delete(fromMetadata.keys().next().value!);
  fromMetadata.set(siteKey as string, read);
  return read;
}

/** The host's pointer when this isolate read it less than ttlMs ago (or the request's metadata carries one). */
export function heldPointer(hostname: string, ttlMs: number, cf?: unknown): PointerRead | undefined {
  const fromMeta = metadataPointer(cf);
  if (fromMeta) return fromMeta;
  const kept = heldValue<HeldPointer>(hostKey(hostname));
  return kept && Date.now() - kept.readAt < ttlMs ? kept.read : undefined;
}

/** The host's pointer: from the request's metadata, held by this isolate (within ttlMs), or read from KV. */
export async function readPointer(kv: KVNamespace, hostname: string, ttlMs: number, cf?: unknown): Promise<PointerRead> {
  const kept = heldPointer(hostname, ttlMs, cf);
  if (kept) return kept;
  const key = hostKey(hostname);
  const text = await kvText(kv, key, POINTER_CACHE_TTL);
  const before = heldValue<HeldPointer>(key);
  const read = before && before.text === text ? before.read : parsePointer(text);
  // held even when this caller reads on every request (ttlMs 0): the freshest a caller that keeps pointers can have
  hold(key, { read, readAt: Date.now(), text } satisfies HeldPointer, measuredBytes(text?.length ?? 0));
  return read;
}

/**
 * The facts of the host's pointer as this isolate last read it from KV, however long ago (undefined for none, or a
 * pointer stored before pointers carried them): the fast path's guess at a page's key while the pointer is read again.
 */
export function lastPointerFacts(hostname: string): PageFacts | undefined {
  const kept = heldValue<HeldPointer>(hostKey(hostname));
  return kept?.read.kind === 'ok' ? kept.read.facts : undefined;
}

/**
 * Milliseconds this isolate keeps a host's pointer before it asks KV again (SITE_POINTER_TTL_MS, read by
 * worker/http/config.ts; 0 asks on every request). A busy page then costs no KV read at all; a publish reaches this
 * isolate within KV's own edge cache time plus this.
 */
export function pointerTtl(env: Env): number {
  return settingsOf(env).sitePointerTtlMs;
}

/** The site record a pointer names, as a site model (held under the record's key). */
function siteOfPointer(kv: KVNamespace, pointer: HostPointer): Promise<SiteLookup> | SiteLookup {
  return heldOrRead<SiteLookup>(pointer.site, async () => {
    const text = await kvText(kv, pointer.site, 3600);
    if (text === null)
      return { value: { kind: 'invalid', version: pointer.version, reason: `site record ${pointer.site} is missing` }, bytes: 256 };
    parses++;
    const started = Date.now();
    try {
      const record = parseRecord(pointer.site, 'site', text);
      const site = new SiteModel(record, kvRecords(kv));
      const bytes = measuredBytes(text.length);
      noteParsed(pointer.site, {
        identifier: pointer.identifier,
        version: pointer.version,
        jsonChars: text.length,
        heldBytes: bytes,
        parseMs: Date.now() - started,
        parsedAt: new Date().toISOString(),
        wholeSnapshot: false,
      });
      return { value: { kind: 'ok', site }, bytes };
    } catch (e) {
      return { value: { kind: 'invalid', version: pointer.version, reason: (e as Error).message }, bytes: 256 };
    }
  });
}

/**
 * A site stored before records existed: its snapshot validated and brought to the current format as it is read (logged
 * once per version and isolate as `snapshot.upgraded`), then split in memory as publish:site would split it.
 */
function siteOfSnapshot(kv: KVNamespace, pointer: LegacyPointer): Promise<SiteLookup> | SiteLookup {
  return heldOrRead<SiteLookup>(pointer.snapshotKey, async () => {
    const text = await kvText(kv, pointer.snapshotKey, 3600);
    const invalid = (reason: string) => ({ value: { kind: 'invalid', version: pointer.version, reason } as SiteLookup, bytes: 256 });
    if (text === null) return invalid(`snapshot record ${pointer.snapshotKey} is missing`);
    parses++;
    const started = Date.now();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      return invalid(`snapshot is not JSON: ${(e as Error).message}`);
    }
    const result = validateSnapshot(json);
    if (!result.ok) {
      const shown = result.violations.slice(0, 5).map(formatViolation).join('; ');
      const more = result.violations.length > 5 ? ` (and ${result.violations.length - 5} more)` : '';
      return invalid(`snapshot does not validate: ${shown}${more}`);
    }
    const { from, changes } = result.upgraded;
    if (changes.length) {
      // stored before its format changed: served upgraded (once per version and isolate); republishing stores the upgrade
      isolateLog.info('snapshot.upgraded', {
        site: pointer.identifier,
        version: pointer.version,
        from,
        changes: changes.slice(0, 10),
        count: changes.length,
      });
    }
    const split = await splitSnapshot(result.snapshot, JSON.stringify(result.document), blockTraits, new Date());
    const record = parseRecord(split.siteKey, 'site', split.records.get(split.siteKey)!);
    // the version the pointer names keys the page cache, as it did
    const site = new SiteModel({ ...record, version: pointer.version }, memoryRecords(split.records));
    let bytes = 0;
    for (const value of split.records.values()) bytes += value.length;
    noteParsed(pointer.snapshotKey, {
      identifier: pointer.identifier,
      version: pointer.version,
      jsonChars: text.length,
      heldBytes: measuredBytes(bytes),
      parseMs: Date.now() - started,
      parsedAt: new Date().toISOString(),
      wholeSnapshot: true,
    });
    return { value: { kind: 'ok', site }, bytes: measuredBytes(bytes) };
  });
}

/** The site a pointer read names. */
export function siteOfPointerRead(kv: KVNamespace, read: PointerRead): Promise<SiteLookup> | SiteLookup {
  if (read.kind === 'missing') return { kind: 'missing' };
  if (read.kind === 'invalid') return { kind: 'invalid', version: 'unknown', reason: read.reason };
  return isLegacyPointer(read.pointer) ? siteOfSnapshot(kv, read.pointer) : siteOfPointer(kv, read.pointer);
}

/** The site of a host: its pointer, then its site record (each read once per isolate while it is held). */
export async function loadSite(kv: KVNamespace, hostname: string, pointerTtlMs = 0, cf?: unknown): Promise<SiteLookup> {
  return siteOfPointerRead(kv, await readPointer(kv, hostname, pointerTtlMs, cf));
}

/**
 * What loadSite would answer, without waiting, when this isolate holds a pointer younger than ttlMs (or the request's
 * metadata carries one) and the record it names has been read (valid or not); undefined when loadSite has to read or
 * wait. The site middleware asks it first: nearly every request then resolves its site with no promise to await.
 */
export function heldSite(hostname: string, ttlMs: number, cf?: unknown): SiteLookup | undefined {
  const read = heldPointer(hostname, ttlMs, cf);
  if (read?.kind !== 'ok') return read?.kind === 'missing' ? { kind: 'missing' } : undefined;
  return heldValue<SiteLookup>(isLegacyPointer(read.pointer) ? read.pointer.snapshotKey : read.pointer.site);
}

/** The site of a host without waiting, when heldSite has it parsed and valid; undefined otherwise. */
export function peekSite(hostname: string, ttlMs: number, cf?: unknown): SiteModel | undefined {
  const result = heldSite(hostname, ttlMs, cf);
  return result?.kind === 'ok' ? result.site : undefined;
}

/**
 * What the page cache's key needs of a host's site, without waiting and without its site record: from the pointer
 * this isolate holds (or the request's metadata), or, for a site stored before records, from its model once parsed.
 */
export function heldPageFacts(hostname: string, ttlMs: number, cf?: unknown): PageFacts | undefined {
  const read = heldPointer(hostname, ttlMs, cf);
  if (read?.kind !== 'ok') return undefined;
  return read.facts ?? peekSite(hostname, ttlMs, cf)?.facts;
}

/** For tests and the benchmark: how many site records (and whole snapshots stored before records) this isolate has parsed. */
export function snapshotParseCount(): number {
  return parses;
}

/** How often one isolate logs the same unusable snapshot (the first request at once, then one line a minute). */
export const INVALID_SNAPSHOT_LOG_INTERVAL_MS = 60_000;
/** When each host and version was last logged, and the requests it failed since then without a line of their own. */
const invalidLogged = new Map<string, { at: number; since: number }>();
const MAX_INVALID_LOGGED = 1024;

/**
 * Logs a site that cannot be used (`snapshot.invalid`): the first request of this isolate at once, then at most one
 * line a minute per host and version, counting the requests in between (`repeated`). A broken site fails every request
 * in the same way until it is published again; a line for each would bury other events and cost a log write each.
 */
export function logInvalidSnapshot(
  host: string,
  lookup: { version: string; reason: string },
  facts?: RequestFacts,
  now = Date.now(),
): void {
  const key = `${host} ${lookup.version}`;
  const last = invalidLogged.get(key);
  if (last && now - last.at < INVALID_SNAPSHOT_LOG_INTERVAL_MS) {
    last.since++;
    return;
  }
  if (!last && invalidLogged.size >= MAX_INVALID_LOGGED) invalidLogged.delete(invalidLogged.keys().next().value!);
  invalidLogged.set(key, { at: now, since: 0 });
  logFor(facts).error('snapshot.invalid', lookup.reason, {
    host,
    version: lookup.version,
    ...(last?.since ? { repeated: last.since } : {}),
  });
}
