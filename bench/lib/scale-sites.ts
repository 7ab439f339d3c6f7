// The sites of the scale table, generated from the fixtures as a customer's site grows: fernwood's journal as a blog of
// N posts of about 1,000 words each, trailhead's shop as N products of the fixture's size in collections of 200 (§9),
// and small sites (copies of lumen) for the round-robin of 1,000 sites. Deterministic: the same N makes the same site.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_STATUS } from '../../shared/codes.ts';
import { LIMITS } from '../../shared/limits.ts';
import { BLOCK_CODES } from '../../worker/blocks/registry.ts';

type Json = Record<string, unknown>;

function fixture(root: string, name: string): Json {
  return JSON.parse(readFileSync(join(root, 'fixtures', 'sites', `${name}.json`), 'utf8')) as Json;
}

/** A small, fast pseudo-random generator (mulberry32): the same seed, the same site. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every word of the fixtures' texts, most frequent first: the vocabulary the generated posts are written in. */
function vocabulary(root: string): string[] {
  const counts = new Map<string, number>();
  const walk = (v: unknown) => {
    if (typeof v === 'string') {
      for (const w of v.toLowerCase().match(/\p{L}{2,}/gu) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const name of ['fernwood', 'trailhead', 'kettle', 'lumen']) walk(fixture(root, name));
  return [...counts]
    .filter(([w]) => !/^(https?|www|jpg|png|media)$/.test(w))
    .sort((a, b) => b[1] - a[1])
    .map(([w]) => w);
}

/** About `words` words of prose in paragraphs, common words more often than rare ones (as in any text). */
function prose(vocab: string[], next: () => number, words: number): string {
  const paragraphs: string[] = [];
  let sentence: string[] = [];
  let paragraph: string[] = [];
  for (let i = 0; i < words; i++) {
    const w = vocab[Math.floor(vocab.length * next() ** 2.5)]!;
    sentence.push(sentence.length ? w : w[0]!.toUpperCase() + w.slice(1));
    if (sentence.length >= 8 + Math.floor(next() * 12)) {
      paragraph.push(`${sentence.join(' ')}.`);
      sentence = [];
      if (paragraph.length >= 4) {
        paragraphs.push(paragraph.join(' '));
        paragraph = [];
      }
    }
  }
  if (sentence.length) paragraph.push(`${sentence.join(' ')}.`);
  if (paragraph.length) paragraphs.push(paragraph.join(' '));
  return paragraphs.join('\n\n');
}

/** Words a generated post's body holds (the measurements: 1,000-word posts). */
export const POST_WORDS = 1000;

/**
 * fernwood with a journal of `n` posts: the fixture's posts (its scheduled one still to come, its draft), then posts
 * made from them in turn, four a day back in time, each with the fixture post's blocks and 1,000 words of its own, three
 * tags of some 300 and the fixture's categories.
 */
export function blogSnapshot(root: string, n: number): Json {
  const site = fixture(root, 'fernwood');
  const journal = (site.collections as Json[]).find((c) => c.urlId === 'journal')!;
  const originals = journal.items as Json[];
  const vocab = vocabulary(root);
  const next = random(n);
  const tags = [...new Set([...originals.flatMap((i) => i.tags as string[]), ...vocab.slice(40, 320)])];
  const posts: Json[] = [...originals];
  const start = Date.UTC(2026, 9, 1, 8);
  for (let i = posts.length; i < n; i++) {
    const from = originals[i % originals.length]!;
    const no = String(i).padStart(6, '0');
    const body = (from.body as { blocks: Json[] } | undefined)?.blocks ?? [];
    posts.push({
      ...from,
      id: `${from.id as string}-${no}`,
      urlId: `${from.urlId as string}-${no}`,
      title: `${from.title as string} (${i})`,
      status: CONTENT_STATUS.PUBLISHED,
      publishOn: new Date(start - i * 6 * 3600_000).toISOString(),
      tags: [
        tags[Math.floor(next() * tags.length)]!,
        tags[Math.floor(next() * tags.length)]!,
        tags[Math.floor(next() * tags.length)]!,
      ].filter((t, k, a) => a.indexOf(t) === k),
      body: {
        blocks: [
          ...body.map((b) => ({ ...b, id: `${b.id as string}-${no}` })),
          { id: `post-${no}-words`, type: BLOCK_CODES.markdown, span: 12, data: { markdown: prose(vocab, next, POST_WORDS) } },
        ],
      },
    });
  }
  journal.items = posts.slice(0, Math.max(n, originals.length));
  site.version = `scale-blog-${n}`;
  const website = site.website as Json;
  website.identifier = `scale-blog-${n}`;
  website.title = `Fernwood at ${n} posts`;
  return site;
}

/**
 * trailhead with `n` products: the fixture's shop (each product as it is), then products made from them in turn (the
 * fixture's size: variants, images, texts), 200 to a collection (§9), the shop's collections linked from a folder of
 * the main navigation (50 to a folder).
 */
export function shopSnapshot(root: string, n: number): Json {
  const site = fixture(root, 'trailhead');
  const collections = site.collections as Json[];
  const shop = collections.find((c) => c.urlId === 'shop')!;
  const originals = shop.items as Json[];
  const products: Json[] = [...originals];
  for (let i = products.length; i < n; i++) {
    const from = originals[i % originals.length]!;
    const no = String(i).padStart(6, '0');
    const product = from.product as { variants: Json[] };
    products.push({
      ...from,
      id: `${from.id as string}-${no}`,
      urlId: `${from.urlId as string}-${no}`,
      title: `${from.title as string} ${i}`,
      product: { ...product, variants: product.variants.map((v) => ({ ...v, sku: `${(v.sku as string).slice(0, 40)}-${no}` })) },
      body: from.body
        ? { blocks: (from.body as { blocks: Json[] }).blocks.map((b) => ({ ...b, id: `${b.id as string}-${no}` })) }
        : undefined,
    });
  }
  const per = LIMITS.productsPerCollection;
  const extra: Json[] = [];
  shop.items = products.slice(0, Math.min(per, Math.max(n, originals.length)));
  for (let start = per, k = 2; start < n; start += per, k++) {
    extra.push({ ...shop, id: `shop-${k}`, urlId: `shop-${k}`, title: `Shop, part ${k}`, items: products.slice(start, start + per) });
  }
  collections.push(...extra);
  if (extra.length) {
    const navigation = site.navigation as Record<string, Json[]>;
    for (let i = 0; i < extra.length; i += 50) {
      navigation.mainNavigation!.push({
        kind: 'folder',
        title: `More of the shop ${i / 50 + 1}`,
        items: extra.slice(i, i + 50).map((c) => ({ kind: 'page', id: c.id })),
      });
    }
  }
  site.version = `scale-shop-${n}`;
  const website = site.website as Json;
  website.identifier = `scale-shop-${n}`;
  website.title = `Trailhead at ${n} products`;
  return site;
}

/** The nth small site of the round-robin: lumen (a cover page and a little more) under its own identifier. */
export function smallSnapshot(root: string, i: number): Json {
  const site = fixture(root, 'lumen');
  const website = site.website as Json;
  website.identifier = smallIdentifier(i);
  website.title = `${website.title as string} ${i}`;
  site.version = `small-${i}`;
  return site;
}

export const smallIdentifier = (i: number) => `small-${String(i).padStart(4, '0')}`;

/** The page types the scale table measures on each blog and shop. */
export const SCALE_PAGES = ['collection', 'page50', 'item', 'tag', 'search', 'feed'] as const;
export type ScalePage = (typeof SCALE_PAGES)[number];
