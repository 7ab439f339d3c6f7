// This isolate's records: every record it has read (host pointers, site records, lists, items, indexes), parsed and
// checked once, held in one cache bounded by measured bytes and emptied least recently used first. An isolate serves
// many sites; what it holds is what its recent requests needed, whatever the sites' sizes.
import { parseRecord, type RecordKind, type RecordTypes } from '../../shared/snapshot/records.ts';
import { recordRead, type Maybe } from '../site/maybe.ts';
import type { RecordSource } from '../site/model.ts';

/**
 * What the isolate may hold of records, in bytes of V8's heap as measured for parsed JSON (below). An isolate has 128 MB;
 * beside this, the page cache's memory tier holds at most 8 MiB of pages, the code and React take about 15 MB, and a
 * render of the largest page (503 KiB of HTML) allocates some 10 MB while it runs; 40 MiB leaves room for many requests
 * in flight at once. docs/site-snapshot.md ("How a site is stored") and bench/README.md ("Held bytes") give the
 * measurements.
 */
export const RECORDS_BUDGET_BYTES = 40 * 1024 * 1024;

/**
 * Bytes of V8's heap a record takes once parsed, per character of its JSON: measured on the records of the bench's
 * generated sites with Node's heap statistics around JSON.parse (`node --expose-gc --import tsx bench/held-bytes.ts`,
 * each kind in a process of its own): 1.0 to 2.4 by kind, the highest for id and slug shards and filters (many short
 * strings). 3.5 leaves room for what the site model derives from its record (maps by id and urlId, navigation) and for
 * keys V8 shares between copies of one record in that measurement (bench/README.md, "Held bytes").
 */
export const HEAP_BYTES_PER_JSON_CHAR = 3.5;

interface Held {
  value: unknown;
  bytes: number;
}

/** Least recently used first: a Map keeps insertion order, and a use moves an entry to the end. */
const held = new Map<string, Held>();
let heldBytes = 0;
let peakBytes = 0;
/** Reads under way, so that requests that want the same record at once read it once. */
const reading = new Map<string, Promise<unknown>>();
const counts = { kvReads: 0, kvBytes: 0, hits: 0, evictions: 0 };

function drop(key: string): void {
  const entry = held.get(key);
  if (!entry) return;
  held.delete(key);
  heldBytes -= entry.bytes;
}

/** Holds a value under a key with its measured size, evicting the least recently used until it fits the budget. */
export function hold(key: string, value: unknown, bytes: number): void {
  drop(key);
  // larger than the whole budget: used by the request that read it, never held
  if (bytes > RECORDS_BUDGET_BYTES) return;
  while (heldBytes + bytes > RECORDS_BUDGET_BYTES && held.size) {
    drop(held.keys().next().value!);
    counts.evictions++;
  }
  held.set(key, { value, bytes });
  heldBytes += bytes;
  if (heldBytes > peakBytes) peakBytes = heldBytes;
}

/** A held value (now the most recently used), or undefined. */
export function heldValue<T>(key: string): T | undefined {
  const entry = held.get(key);
  if (!entry) return undefined;
  held.delete(key);
  held.set(key, entry);
  counts.hits++;
  return entry.value as T;
}

/** Forgets a held value (a pointer read again, a value found stale). */
export function forget(key: string): void {
  drop(key);
}

/** The measured size of a value parsed from this much JSON. */
export function measuredBytes(jsonChars: number): number {
  return Math.ceil(jsonChars * HEAP_BYTES_PER_JSON_CHAR) + 64;
}

/**
 * The value held under `key`, or the one `load` reads (held once it is read, with the size it reports; a read that
 * fails holds nothing and is tried again by the next request). Requests that ask at once share one read.
 */
export function heldOrRead<T>(key: string, load: () => Promise<{ value: T; bytes: number }>): Maybe<T> {
  const kept = heldValue<T>(key);
  if (kept !== undefined) return kept;
  let pending = reading.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = recordRead(
      load().then(
        ({ value, bytes }) => {
          reading.delete(key);
          hold(key, value, bytes);
          return value;
        },
        (error: unknown) => {
          reading.delete(key);
          throw error;
        },
      ),
    );
    reading.set(key, pending);
  }
  return pending;
}

/** Reads a value's text from KV (cached at the edge: records never change under their key), counting the read. */
export async function kvText(kv: KVNamespace, key: string, cacheTtl: number): Promise<string | null> {
  counts.kvReads++;
  const text = await kv.get(key, { cacheTtl });
  if (text !== null) counts.kvBytes += text.length;
  return text;
}

/** Seconds KV may serve a record from the colo's cache: a record never changes under its key. */
const RECORD_CACHE_TTL = 3600;

/** The records of KV, read through this isolate's cache: each checked once as it is read (shared/snapshot/records.ts). */
export function kvRecords(kv: KVNamespace): RecordSource {
  return {
    read<K extends RecordKind>(key: string, kind: K): Maybe<RecordTypes[K]> {
      return heldOrRead(key, async () => {
        const text = await kvText(kv, key, RECORD_CACHE_TTL);
        if (text === null) throw new Error(`record ${key} is missing`);
        return { value: parseRecord(key, kind, text), bytes: measuredBytes(text.length) };
      });
    },
  };
}

/** Records kept in memory as JSON (a site stored before records existed, split as it was read), parsed through the same cache. */
export function memoryRecords(records: ReadonlyMap<string, string>): RecordSource {
  return {
    read<K extends RecordKind>(key: string, kind: K): Maybe<RecordTypes[K]> {
      return heldOrRead(key, async () => {
        const text = records.get(key);
        if (text === undefined) throw new Error(`record ${key} is missing`);
        return { value: parseRecord(key, kind, text), bytes: measuredBytes(text.length) };
      });
    },
  };
}

export interface RecordStats {
  /** values held, and their measured bytes */
  held: number;
  heldBytes: number;
  /** the most ever held at once in this isolate */
  peakBytes: number;
  budgetBytes: number;
  /** KV reads of records and pointers so far, and the characters they returned */
  kvReads: number;
  kvBytes: number;
  hits: number;
  evictions: number;
}

/** For tests, the benchmark and ops: what this isolate holds and has read. */
export function recordStats(): RecordStats {
  return { held: held.size, heldBytes, peakBytes, budgetBytes: RECORDS_BUDGET_BYTES, ...counts };
}

/** Whether a value is held under this key (without counting a use). */
export function isHeld(key: string): boolean {
  return held.has(key);
}
