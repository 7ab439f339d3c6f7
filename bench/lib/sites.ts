// The benchmark's KV records: the fixture sites published as `npm start` publishes them, the broken snapshot, and two
// generated sites: the largest page the spec's limits allow, and a page with a part that takes 300 ms.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BLOCK_LAYOUTS, COLLECTION_TYPES, CONTENT_STATUS } from '../../shared/codes.ts';
import { LIMITS } from '../../shared/limits.ts';
import { storedSnapshotRecords, validatedRecords } from '../../shared/snapshot/publish.ts';
import { blockTraits } from '../../worker/blocks/indexes.ts';
import { BLOCK_CODES } from '../../worker/blocks/registry.ts';
import { formatViolation, validateSnapshot } from '../../worker/hosting/validate.ts';
import { prepare, type KvRecord } from '../../scripts/publish-lib.ts';

export const LARGEST_HOST = 'bench-largest.localhost';
export const SLOW_HOST = 'bench-slow.localhost';
/** The RSS feed of the slow site; the bench's outbound service answers it after a delay, nothing leaves the machine. */
export const SLOW_FEED_HOST = 'slow-feed.bench.example';

type Json = Record<string, unknown>;
interface RawBlock {
  id: string;
  type: number;
  layout?: number;
  span: number;
  data: Json;
}

function fixtureSnapshots(root: string): { name: string; json: Json }[] {
  const dir = join(root, 'fixtures', 'sites');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: f, json: JSON.parse(readFileSync(join(dir, f), 'utf8')) as Json }));
}

function* fixtureBlocks(snapshot: Json): Generator<RawBlock> {
  const layouts: { blocks?: RawBlock[] }[] = [];
  for (const p of snapshot.pages as Json[]) layouts.push(p.layout as { blocks: RawBlock[] });
  for (const c of snapshot.collections as Json[]) {
    if (c.headerLayout) layouts.push(c.headerLayout as { blocks: RawBlock[] });
    for (const i of c.items as Json[]) if (i.body) layouts.push(i.body as { blocks: RawBlock[] });
  }
  for (const l of layouts) yield* l.blocks ?? [];
}

/** Block data that refers to nothing else in its site (no collection, item, form or donation page). */
const SELF_CONTAINED = (data: Json) => !/"(collectionIds?|itemId|formId|donatePageId)"/.test(JSON.stringify(data));

function fixtureImages(snapshots: Json[]): Json[] {
  const found = new Map<string, Json>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Json;
      if (typeof o.src === 'string' && o.src.startsWith('/media/') && typeof o.width === 'number' && typeof o.alt === 'string' && o.alt) {
        found.set(o.src, { src: o.src, width: o.width, height: o.height, alt: o.alt });
      }
      Object.values(o).forEach(walk);
    }
  };
  walk(snapshots);
  return [...found.values()];
}

const WORDS = (
  'moss fern lichen heron ridge tarn beck fell gill scree larch alder birch rowan curlew lapwing dipper otter ' +
  'mist frost dawn dusk tide shingle dune marsh reed sedge bracken heather bilberry juniper cairn stile wall barn'
).split(' ');
const TAGS = ['mist', 'woodland', 'uplands', 'water', 'birds', 'winter', 'summer', 'light', 'walking', 'film'];
const CATEGORIES = ['Field notes', 'Photography', 'Journeys', 'Seasons', 'Letters'];

function sentence(seed: number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[(seed * 7 + i * 13) % WORDS.length]!);
  const text = out.join(' ');
  return `${text[0]!.toUpperCase() + text.slice(1)}.`;
}

/**
 * The largest page within §9's limits: a page of 60 blocks (blocksPerLayout) of varied types, one of which lists all
 * 250 items of a user-ordered collection (itemsPerCollection), beside other blocks that read that collection.
 */
export function largestSnapshot(root: string): Json {
  const fixtures = fixtureSnapshots(root).map((f) => f.json);
  const images = fixtureImages(fixtures);
  const n = LIMITS.itemsPerCollection;
  const items = Array.from({ length: n }, (_, i) => {
    const no = String(i + 1).padStart(3, '0');
    const image = images[i % images.length]!;
    return {
      id: `post-${no}`,
      urlId: `field-note-${no}`,
      title: `Field note ${i + 1}: ${sentence(i, 5).slice(0, -1)}`,
      status: CONTENT_STATUS.PUBLISHED,
      publishOn: new Date(Date.UTC(2026, 5, 1) - i * 86_400_000).toISOString(),
      recordType: 1,
      author: { displayName: i % 3 ? 'Maren Ashby' : 'Tom Ellery' },
      excerpt: `${sentence(i + 1, 14)} ${sentence(i + 2, 18)}`,
      assetImage: image,
      tags: [TAGS[i % TAGS.length]!, TAGS[(i * 3 + 1) % TAGS.length]!].filter((t, k, a) => a.indexOf(t) === k),
      categories: [CATEGORIES[i % CATEGORIES.length]!],
      body: {
        blocks: [
          { id: `post-${no}-b1`, type: BLOCK_CODES.markdown, span: 12, data: { markdown: `${sentence(i, 40)}\n\n${sentence(i + 5, 30)}` } },
        ],
      },
    };
  });

  // Blocks over the generated collection: the 250-item list first, then the other readers of a collection.
  const reading: Omit<RawBlock, 'id'>[] = [
    { type: BLOCK_CODES.summary_v2, span: 12, data: { collectionId: 'posts', headerText: 'Every field note', limit: n, design: 'list' } },
    {
      type: BLOCK_CODES.summary,
      layout: BLOCK_LAYOUTS.SUMMARY_GRID,
      span: 12,
      data: { collectionId: 'posts', headerText: 'Latest', limit: 12 },
    },
    { type: BLOCK_CODES.summary_v2, span: 12, data: { collectionId: 'posts', limit: 9, design: 'wall', showExcerpt: false } },
    { type: BLOCK_CODES.archive, span: 6, data: { collectionId: 'posts', groupBy: 'month' } },
    { type: BLOCK_CODES.tag_cloud, span: 6, data: { collectionId: 'posts', kind: 'tags' } },
    { type: BLOCK_CODES.posts_by_tag, span: 3, data: { collectionId: 'posts' } },
    { type: BLOCK_CODES.posts_by_category, span: 3, data: { collectionId: 'posts' } },
    { type: BLOCK_CODES.posts_by_author, span: 3, data: { collectionId: 'posts' } },
    { type: BLOCK_CODES.posts_by_month, span: 3, data: { collectionId: 'posts' } },
    { type: BLOCK_CODES.journal, span: 12, data: { collectionId: 'posts', limit: 5 } },
    { type: BLOCK_CODES.search, span: 6, data: { collectionId: 'posts', placeholder: 'Search the field notes' } },
    { type: BLOCK_CODES.collection_link, span: 6, data: { collectionId: 'posts' } },
  ];
  // The rest: the largest self-contained example of every other block type found in the fixtures, in turn.
  const byType = new Map<number, RawBlock>();
  for (const snapshot of fixtures) {
    for (const block of fixtureBlocks(snapshot)) {
      if (!SELF_CONTAINED(block.data) || block.type === BLOCK_CODES.rss || block.type === BLOCK_CODES.navigation) continue;
      const best = byType.get(block.type);
      if (!best || JSON.stringify(block.data).length > JSON.stringify(best.data).length) byType.set(block.type, block);
    }
  }
  const pool = [...byType.values()].sort((a, b) => a.type - b.type);
  const blocks: RawBlock[] = [];
  for (const b of reading) blocks.push({ id: `big-b${blocks.length + 1}`, ...b });
  for (let i = 0; blocks.length < LIMITS.blocksPerLayout; i++) {
    const src = pool[i % pool.length]!;
    blocks.push({
      id: `big-b${blocks.length + 1}`,
      type: src.type,
      span: src.span,
      data: src.data,
      ...(src.layout ? { layout: src.layout } : {}),
    });
  }

  return {
    version: 'bench-1',
    website: {
      id: 'site-bench-largest',
      identifier: 'bench-largest',
      baseUrl: 'https://bench-largest.example',
      websiteType: 1,
      appDomain: 'sitebuilder.app',
      title: 'Bench: the largest page',
      description: 'A generated site at the limits of the snapshot: 60 blocks on one page and a collection of 250 items.',
      language: 'en-GB',
      timeZone: 'Europe/London',
      templateId: 'base',
      homepageId: 'largest',
    },
    settings: {},
    tweakJSON: {},
    navigation: {
      mainNavigation: [
        { kind: 'page', id: 'largest' },
        { kind: 'page', id: 'posts' },
      ],
    },
    pages: [
      {
        id: 'largest',
        urlId: 'largest',
        title: 'Everything at once',
        description: 'Sixty blocks and every field note.',
        type: 10,
        layout: { blocks },
      },
    ],
    collections: [
      {
        id: 'posts',
        urlId: 'posts',
        title: 'Field notes',
        description: '250 notes, ordered by hand.',
        type: COLLECTION_TYPES.GENERIC,
        ordering: 'user',
        itemsPerPage: 100,
        items,
      },
    ],
    forms: [],
    accounts: [],
  };
}

/** A page whose first content is plain text and whose RSS block waits on a feed that answers after a delay. */
export function slowSnapshot(): Json {
  return {
    version: 'bench-1',
    website: {
      id: 'site-bench-slow',
      identifier: 'bench-slow',
      baseUrl: 'https://bench-slow.example',
      websiteType: 1,
      appDomain: 'sitebuilder.app',
      title: 'Bench: a slow part',
      language: 'en-GB',
      timeZone: 'Europe/London',
      templateId: 'base',
      homepageId: 'home',
    },
    settings: {},
    tweakJSON: {},
    navigation: { mainNavigation: [{ kind: 'page', id: 'home' }] },
    pages: [
      {
        id: 'home',
        urlId: 'home',
        title: 'Home',
        type: 10,
        layout: {
          blocks: [
            { id: 'slow-b1', type: BLOCK_CODES.markdown, span: 12, data: { markdown: `## The first content\n\n${sentence(1, 40)}` } },
            {
              id: 'slow-b2',
              type: BLOCK_CODES.rss,
              span: 12,
              data: { feedUrl: `https://${SLOW_FEED_HOST}/feed.xml`, title: 'From a slow feed', limit: 5, showDates: true },
            },
            { id: 'slow-b3', type: BLOCK_CODES.markdown, span: 12, data: { markdown: sentence(2, 30) } },
          ],
        },
      },
    ],
    collections: [],
    forms: [],
    accounts: [],
  };
}

/** The records of a generated site, published as publish:site publishes it (validated strictly, split into records). */
export async function publishGenerated(snapshot: Json, host: string, now = new Date()): Promise<KvRecord[]> {
  const result = validateSnapshot(snapshot, { strictBlocks: true });
  if (!result.ok) throw new Error(`the generated site for ${host} is not valid:\n  ${result.violations.map(formatViolation).join('\n  ')}`);
  return (await validatedRecords(result, blockTraits, host, now)).records;
}

/** Every KV record of the run, exactly as publish:site and npm start write them. */
export async function benchRecords(root: string): Promise<{ records: KvRecord[]; largestBlocks: number; largestItems: number }> {
  const records: KvRecord[] = [];
  for (const { name } of fixtureSnapshots(root)) {
    const prepared = await prepare(join(root, 'fixtures', 'sites', name));
    if (!prepared.ok) throw new Error(`fixtures/sites/${name} is not valid:\n  ${prepared.errors.join('\n  ')}`);
    records.push(...prepared.records);
  }
  // the same deliberately broken snapshot as scripts/start.ts: the ERROR page type (stored whole, as before records)
  records.push(
    ...(await storedSnapshotRecords(
      '{"version": "broken", "website": {"identifier": "broken"}}',
      { version: 'broken', identifier: 'broken', title: 'A broken snapshot' },
      'broken.localhost',
    )),
  );
  const largest = largestSnapshot(root);
  records.push(...(await publishGenerated(largest, LARGEST_HOST)));
  records.push(...(await publishGenerated(slowSnapshot(), SLOW_HOST)));
  const page = (largest.pages as { layout: { blocks: unknown[] } }[])[0]!;
  return {
    records,
    largestBlocks: page.layout.blocks.length,
    largestItems: ((largest.collections as Json[])[0]!.items as unknown[]).length,
  };
}
