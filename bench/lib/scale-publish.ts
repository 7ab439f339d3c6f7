// One site of the scale table, generated and published in a process of its own (a 20,000-post blog is some 170 MB of
// JSON, and its memory is given back when the process ends): run by bench/lib/scale.ts as
//   node --max-old-space-size=12288 --import tsx bench/lib/scale-publish.ts <blog|shop|small> <n> <host> <records dir> <figures file>
// It validates and splits the site exactly as publish:site does (timed), writes every record as a file of the records
// directory (bench/workers/disk-kv.ts serves them as KV), then changes one item and publishes again, counting what the
// second publish would write (the records the first version does not have), and writes its figures as JSON. `small`
// publishes n small sites (the round-robin's), each at {identifier}.{host}.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { recordBytes, recordsToWrite, validatedRecords } from '../../shared/snapshot/publish.ts';
import { blockTraits } from '../../worker/blocks/indexes.ts';
import { formatViolation, validateSnapshot } from '../../worker/hosting/validate.ts';
import { fileOfKey } from '../workers/disk-kv-key.ts';
import { blogSnapshot, shopSnapshot, smallIdentifier, smallSnapshot, type ScalePage } from './scale-sites.ts';

export interface PublishFigures {
  kind: 'blog' | 'shop' | 'small';
  items: number;
  host: string;
  /** the snapshot as publish:site reads it (UTF-8 bytes of its JSON) */
  snapshotBytes: number;
  /** the records of the version and their bytes (the pointer apart): what a first publish writes */
  records: number;
  recordBytes: number;
  largestRecord: { key: string; bytes: number };
  /** validation and split, as publish:site does them before it writes (milliseconds of this process) */
  publishMs: number;
  /** the same site with one item's title changed: what its publish writes over the first version */
  republish: { records: number; bytes: number; publishMs: number };
  /** the pointer's key */
  pointerKey: string;
  /** a URL of each page type the table measures (paths of the site) */
  urls: Record<ScalePage, string>;
}

type Json = Record<string, unknown>;

/**
 * The URLs the table loads, the same page at every size: the blog's journal or the shop's first collection; page 50 of
 * it, or its last full page when it has fewer (a last page half full would show fewer items than the larger sites' page
 * 50); an item from the middle of the site, a tag of it, a word of that tag; the feed. The blog's item is its middle
 * post. The shop's is the copy nearest the middle of the site of one product of the fixture, the same at every size: the
 * first whose first tag the most products share, so that its tag filter and its search fill a page at 100 products as
 * they do at 20,000 (a product of a rare tag shows a handful of results at 100 products and 50 at 1,000).
 */
function urlsOf(kind: 'blog' | 'shop', snapshot: Json): Record<ScalePage, string> {
  const collections = snapshot.collections as { urlId: string; itemsPerPage?: number; items: Json[] }[];
  const main = collections.find((c) => c.urlId === (kind === 'blog' ? 'journal' : 'shop'))!;
  const perPage = main.itemsPerPage ?? 20;
  const page = Math.min(50, Math.max(1, Math.floor(main.items.length / perPage)));
  const all = (kind === 'blog' ? [main] : collections)
    .flatMap((c) => c.items.filter((item) => kind === 'blog' || item.product).map((item) => ({ c, item })))
    .map((entry, i) => ({ ...entry, i }));
  let candidates = all;
  if (kind === 'shop') {
    const shared = new Map<string, number>();
    for (const { item } of all) for (const tag of item.tags as string[]) shared.set(tag, (shared.get(tag) ?? 0) + 1);
    const firstTag = (item: Json) => (item.tags as string[])[0] ?? '';
    const product = all
      .filter(({ item }) => firstTag(item))
      .reduce((best, next) => (shared.get(firstTag(next.item))! > shared.get(firstTag(best.item))! ? next : best));
    const urlId = product.item.urlId as string;
    candidates = all.filter(({ item }) => item.urlId === urlId || (item.urlId as string).startsWith(`${urlId}-`));
  }
  const half = Math.floor(all.length / 2);
  const middle = candidates.reduce((best, next) => (Math.abs(next.i - half) < Math.abs(best.i - half) ? next : best));
  const tag = (middle.item.tags as string[])[0]!;
  const word = tag.split(/[^\p{L}\p{N}]+/u)[0]!;
  return {
    collection: `/${main.urlId}`,
    page50: `/${main.urlId}?page=${page}`,
    item: `/${middle.c.urlId}/${middle.item.urlId as string}`,
    tag: `/${main.urlId}?tag=${encodeURIComponent(tag)}`,
    search: `/search?q=${encodeURIComponent(word)}`,
    feed: `/${main.urlId}?format=rss`,
  };
}

const root = process.cwd();
const encoder = new TextEncoder();

async function publishOnce(snapshotJson: string, host: string) {
  const t0 = performance.now();
  const result = validateSnapshot(JSON.parse(snapshotJson), { strictBlocks: true });
  if (!result.ok)
    throw new Error(`the generated site for ${host} is not valid:\n  ${result.violations.slice(0, 10).map(formatViolation).join('\n  ')}`);
  const published = await validatedRecords(result, blockTraits, host);
  return { published, ms: performance.now() - t0 };
}

async function main() {
  const [kind, count, host, recordsDir, figuresFile] = process.argv.slice(2) as [PublishFigures['kind'], string, string, string, string];
  const n = Number(count);
  if (!['blog', 'shop', 'small'].includes(kind) || !Number.isFinite(n) || !host || !recordsDir || !figuresFile) {
    throw new Error('usage: scale-publish.ts <blog|shop|small> <n> <host> <records dir> <figures file>');
  }
  mkdirSync(recordsDir, { recursive: true });
  if (kind === 'small') {
    // n small sites, each at {identifier}.{host}: their figures summed
    let records = 0;
    let bytes = 0;
    let ms = 0;
    for (let i = 0; i < n; i++) {
      const one = await publishOnce(JSON.stringify(smallSnapshot(root, i)), `${smallIdentifier(i)}.${host}`);
      for (const { key, value } of one.published.records) writeFileSync(join(recordsDir, fileOfKey(key)), value);
      records += one.published.records.length - 1;
      bytes += recordBytes(one.published.records.slice(0, -1));
      ms += one.ms;
    }
    const figures: PublishFigures = {
      kind,
      items: n,
      host,
      snapshotBytes: 0,
      records,
      recordBytes: bytes,
      largestRecord: { key: '', bytes: 0 },
      publishMs: Math.round(ms),
      republish: { records: 0, bytes: 0, publishMs: 0 },
      pointerKey: '',
      urls: { collection: '/', page50: '/', item: '/', tag: '/', search: '/', feed: '/' },
    };
    writeFileSync(figuresFile, JSON.stringify(figures));
    return;
  }
  const snapshot = kind === 'blog' ? blogSnapshot(root, n) : shopSnapshot(root, n);
  const json = JSON.stringify(snapshot);
  const first = await publishOnce(json, host);
  const records = first.published.records;
  for (const { key, value } of records) writeFileSync(join(recordsDir, fileOfKey(key)), value);

  let largest = { key: '', bytes: 0 };
  for (const { key, value } of records) {
    if (value.length * 3 < largest.bytes) continue;
    const bytes = encoder.encode(value).length;
    if (bytes > largest.bytes) largest = { key, bytes };
  }
  const version = records.slice(0, -1);
  let republish = { records: 0, bytes: 0, publishMs: 0 };
  {
    // one item changed: its title (the newest generated item, which every list, feed and the search index show)
    const changed = JSON.parse(json) as { collections: { items: { title: string }[] }[] };
    const collection = changed.collections.find((c) => c.items.length >= Math.min(n, 100))!;
    collection.items[Math.min(collection.items.length - 1, 12)]!.title += ' (revised)';
    const second = await publishOnce(JSON.stringify(changed), host);
    const written = recordsToWrite(second.published.records, new Set(version.map((r) => r.key))).slice(0, -1);
    republish = { records: written.length, bytes: recordBytes(written), publishMs: Math.round(second.ms) };
  }
  const figures: PublishFigures = {
    kind,
    items: n,
    host,
    snapshotBytes: encoder.encode(json).length,
    records: version.length,
    recordBytes: recordBytes(version),
    largestRecord: largest,
    publishMs: Math.round(first.ms),
    republish,
    pointerKey: records.at(-1)!.key,
    urls: urlsOf(kind, snapshot),
  };
  writeFileSync(figuresFile, JSON.stringify(figures));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
