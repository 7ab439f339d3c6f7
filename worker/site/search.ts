// Server-side search over a site's pages and visible items (§2 /search), from the index built at publish
// (shared/snapshot/split.ts): each query word reads the term shard of its prefix, every word must match the start of a
// word of the page (its title, text, tags or categories), words in the title rank first, then the newest. A search reads
// the shards of its words and the docs records of the results it shows, never the whole site.
import { DOCS_PER_CHUNK, searchTerms, type SearchDoc, type SearchRecord, type TermShard } from '../../shared/snapshot/records.ts';
import { all, andThen, type Maybe } from './maybe.ts';
import type { SiteModel } from './model.ts';

export interface SearchHit {
  url: string;
  title: string;
  collectionTitle?: string | undefined;
  publishOn?: string | undefined;
  snippet: string;
  /** the query's words, for highlighting */
  words: string[];
}

export const MAX_SEARCH_RESULTS = 50;
const SNIPPET_RADIUS = 110;
const MAX_QUERY_WORDS = 10;

export function searchWords(query: string): string[] {
  return [...new Set(searchTerms(query))].slice(0, MAX_QUERY_WORDS);
}

/** The excerpt of `text` around the first of the words it holds. */
function snippetAround(text: string, words: string[]): string {
  const lower = text.toLowerCase();
  let at = -1;
  for (const w of words) {
    const i = lower.indexOf(w);
    if (i !== -1 && (at === -1 || i < at)) at = i;
  }
  if (at === -1) return text.slice(0, SNIPPET_RADIUS * 2).trim() + (text.length > SNIPPET_RADIUS * 2 ? '…' : '');
  const start = Math.max(0, at - SNIPPET_RADIUS);
  const end = Math.min(text.length, at + SNIPPET_RADIUS);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/**
 * The shards a word's matches lie in: the terms that start with it are in the shard of its longest listed prefix and in
 * every shard whose prefix starts with it (a shard too large at publish was split by the next letter). A word of one
 * letter matches that word alone.
 */
function shardsOf(index: SearchRecord, word: string): string[] {
  if (word.length === 1) return index.shards[word] ? [index.shards[word]] : [];
  const keys = new Set<string>();
  for (const [prefix, key] of Object.entries(index.shards)) if (word.startsWith(prefix) || prefix.startsWith(word)) keys.add(key);
  return [...keys];
}

/** Each term shard's terms in code-unit order, made once per shard record held (a search reads the range of its word). */
const sortedTerms = new WeakMap<TermShard, string[]>();

/** The terms of a shard that start with `word` (a word of one letter: that term alone), found by binary search. */
function termsStartingWith(shard: TermShard, word: string): string[] {
  let terms = sortedTerms.get(shard);
  if (!terms) {
    terms = Object.keys(shard.terms).sort();
    sortedTerms.set(shard, terms);
  }
  if (word.length === 1) return shard.terms[word] ? [word] : [];
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (terms[mid]! < word) lo = mid + 1;
    else hi = mid;
  }
  const found: string[] = [];
  for (let i = lo; i < terms.length && terms[i]!.startsWith(word); i++) found.push(terms[i]!);
  return found;
}

/**
 * For each document of the index, whether it has a word starting with `word`: 2 if one is in its title, 1 elsewhere, 0
 * not at all. An array by document number rather than a map of the matches: a common word on a large site matches
 * thousands of documents, and filling an array of bytes costs a fraction of inserting as many map entries.
 */
function matches(index: SearchRecord, site: SiteModel, word: string): Maybe<Uint8Array> {
  return andThen(all(shardsOf(index, word).map((key) => site.read(key, 'terms'))), (shards) => {
    const found = new Uint8Array(index.docs);
    for (const shard of shards) {
      for (const term of termsStartingWith(shard, word)) {
        for (const posting of shard.terms[term]!) {
          const doc = posting >> 1;
          const inTitle = posting & 1 ? 2 : 1;
          if (found[doc]! < inTitle) found[doc] = inTitle;
        }
      }
    }
    return found;
  });
}

/** The best results: every word matching, 10 points per word in the title and 1 elsewhere, then the newest first. */
export function searchSite(site: SiteModel, query: string, now: Date): Maybe<SearchHit[]> {
  const words = searchWords(query);
  if (!words.length) return [];
  return andThen(site.searchIndex(now), (index) =>
    andThen(all(words.map((w) => matches(index, site, w))), (perWord) => {
      const hidden = new Set(index.hidden);
      // newest first (documents are numbered oldest first): each score keeps its first MAX_SEARCH_RESULTS documents,
      // so the ranking needs no sort of the matches, however many there are
      const byScore = new Map<number, number[]>();
      for (let doc = index.docs - 1; doc >= 0; doc--) {
        let score = 0;
        for (const found of perWord) {
          const m = found[doc]!;
          if (!m) {
            score = 0;
            break;
          }
          score += m === 2 ? 10 : 1;
        }
        if (!score || hidden.has(doc)) continue;
        const docs = byScore.get(score);
        if (!docs) byScore.set(score, [doc]);
        else if (docs.length < MAX_SEARCH_RESULTS) docs.push(doc);
      }
      const best = [...byScore.keys()]
        .sort((a, b) => b - a)
        .flatMap((score) => byScore.get(score)!)
        .slice(0, MAX_SEARCH_RESULTS)
        .map((doc) => ({ doc }));
      const per = DOCS_PER_CHUNK;
      const chunks = new Map<number, Maybe<SearchDoc[]>>();
      for (const { doc } of best) {
        const c = Math.floor(doc / per);
        if (!chunks.has(c))
          chunks.set(
            c,
            andThen(site.read(index.docChunks[c]!, 'docs'), (r) => r.docs),
          );
      }
      const order = [...chunks.keys()];
      return andThen(all(order.map((c) => chunks.get(c)!)), (read) => {
        const byChunk = new Map(order.map((c, i) => [c, read[i]!]));
        return best.map(({ doc }): SearchHit => {
          const d = byChunk.get(Math.floor(doc / per))![doc % per]!;
          return {
            url: d.url,
            title: d.title,
            collectionTitle: d.collectionTitle,
            publishOn: d.publishOn,
            snippet: snippetAround(d.text, words),
            words,
          };
        });
      });
    }),
  );
}
