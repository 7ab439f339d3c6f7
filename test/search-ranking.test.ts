// Search's ranking and shard lookup (worker/site/search.ts) against their plain definitions, on random indexes of a few
// to 20,000 documents: the ranking looks only at the documents of the word with the fewest matches (sorted when they
// are few, read off its array when they are many) and must order exactly as a walk of every document, newest first, by
// score; the shards of a word are found from its own prefixes and a binary search, as a walk of every prefix finds them.
import { describe, expect, it } from 'vitest';
import type { SearchRecord } from '../shared/snapshot/records.ts';
import { MAX_SEARCH_RESULTS, ranked, shardsOf, type Matches } from '../worker/site/search.ts';

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

const root = (docs: number, hidden: number[], shards: Record<string, string> = {}): SearchRecord => ({
  kind: 'search',
  shards,
  docs,
  docChunks: [],
  hidden,
});

/** A word matching each document with probability `p` (in its title with probability `title` of those). */
function word(docs: number, p: number, title: number, next: () => number): Matches {
  const found = new Uint8Array(docs);
  const list: number[] = [];
  for (let doc = 0; doc < docs; doc++) {
    if (next() >= p) continue;
    found[doc] = next() < title ? 2 : 1;
    list.push(doc);
  }
  // the postings of several terms come in no overall order
  list.sort(() => next() - 0.5);
  return { found, docs: list, inTitles: list.some((doc) => found[doc] === 2) };
}

/** The definition: every document, newest first, each score keeping its first MAX_SEARCH_RESULTS, best score first. */
function reference(index: SearchRecord, perWord: Matches[]): number[] {
  const byScore = new Map<number, number[]>();
  for (let doc = index.docs - 1; doc >= 0; doc--) {
    let score = 0;
    for (const { found } of perWord) {
      if (!found[doc]) {
        score = 0;
        break;
      }
      score += found[doc] === 2 ? 10 : 1;
    }
    if (!score || index.hidden.includes(doc)) continue;
    const docs = byScore.get(score) ?? [];
    if (docs.length < MAX_SEARCH_RESULTS) docs.push(doc);
    byScore.set(score, docs);
  }
  return [...byScore.keys()]
    .sort((a, b) => b - a)
    .flatMap((s) => byScore.get(s)!)
    .slice(0, MAX_SEARCH_RESULTS);
}

describe('ranked', () => {
  it('orders as a walk of every document does, for rare and common words alike', () => {
    const next = random(29);
    for (const docs of [3, 40, 1000, 20_000]) {
      for (const [p1, p2] of [
        [0.001, 0.5],
        [0.02, 0.9],
        [0.3, 0.6],
        [1, 1],
        [0.5, 0],
      ] as const) {
        for (const title of [0, 0.1]) {
          const hidden = Array.from({ length: 5 }, () => Math.floor(next() * docs));
          const index = root(docs, hidden);
          // words found in no title (the ranking stops at a page of the newest) and in some titles
          const one = [word(docs, p1, title, next)];
          const two = [word(docs, p1, title, next), word(docs, p2, 0.3, next)];
          expect(ranked(index, one), `${docs} docs, one word of ${p1}, titles ${title}`).toEqual(reference(index, one));
          expect(ranked(index, two), `${docs} docs, words of ${p1} and ${p2}, titles ${title}`).toEqual(reference(index, two));
        }
      }
    }
  });
});

describe('shardsOf', () => {
  it('finds the shards of every listed prefix of the word and of every prefix that starts with it', () => {
    const shards: Record<string, string> = {};
    for (const prefix of ['a', 'al', 'ala', 'alb', 'alc', 'b', 'ba', 'bar', 'barn', 'bb', 'c', 'ca', 'cz', 'mo', 'mou', 'moun'])
      shards[prefix] = `terms:${prefix.length % 3}:${prefix}`;
    const index = root(10, [], shards);
    for (const w of ['al', 'alpine', 'ba', 'barnacle', 'bz', 'c', 'moun', 'mountain', 'mo', 'zebra', 'b']) {
      const walk =
        w.length === 1
          ? shards[w]
            ? [shards[w]]
            : []
          : [...new Set(Object.entries(shards).flatMap(([p, k]) => (w.startsWith(p) || p.startsWith(w) ? [k] : [])))];
      expect(shardsOf(index, w).sort(), w).toEqual(walk.sort());
    }
  });
});
