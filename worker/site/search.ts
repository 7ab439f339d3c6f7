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

/** Each search root's shard prefixes: by prefix, and in code-unit order; made once per root held. */
const prefixesOf = new WeakMap<SearchRecord, { byPrefix: Map<string, string>; sorted: string[] }>();

/**
 * The shards a word's matches lie in: the terms that start with it are in the shard of its longest listed prefix and in
 * every shard whose prefix starts with it (a shard too large at publish was split by the next letter). A word of one
 * letter matches that word alone. Found by the word's own prefixes and a binary search of the sorted ones, not by a walk
 * of every prefix: a large site's root lists hundreds.
 */
export function shardsOf(index: SearchRecord, word: string): string[] {
  if (word.length === 1) return index.shards[word] ? [index.shards[word]] : [];
  let prefixes = prefixesOf.get(index);
  if (!prefixes) {
    const byPrefix = new Map(Object.entries(index.shards));
    prefixes = { byPrefix, sorted: [...byPrefix.keys()].sort() };
    prefixesOf.set(index, prefixes);
  }
  const { byPrefix, sorted } = prefixes;
  const keys = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const key = byPrefix.get(word.slice(0, i));
    if (key !== undefined) keys.add(key);
  }
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < word) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < sorted.length && sorted[i]!.startsWith(word); i++) keys.add(byPrefix.get(sorted[i]!)!);
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

/** A word's matches: by document, 2 if a word of its title starts with it, 1 elsewhere, 0 not at all; and those documents. */
export interface Matches {
  found: Uint8Array;
  /** each matching document once, in no order */
  docs: number[];
  /** whether any document has the word in its title */
  inTitles: boolean;
}

/**
 * For each document of the index, whether it has a word starting with `word`, and the list of those documents. An
 * array by document number rather than a map of the matches: a common word on a large site matches thousands of
 * documents, and filling an array of bytes costs a fraction of inserting as many map entries.
 */
function matches(index: SearchRecord, site: SiteModel, word: string): Maybe<Matches> {
  return andThen(all(shardsOf(index, word).map((key) => site.read(key, 'terms'))), (shards) => {
    const found = new Uint8Array(index.docs);
    const docs: number[] = [];
    let inTitles = false;
    for (const shard of shards) {
      for (const term of termsStartingWith(shard, word)) {
        for (const posting of shard.terms[term]!) {
          const doc = posting >> 1;
          const inTitle = posting & 1 ? 2 : 1;
          const was = found[doc]!;
          if (!was) docs.push(doc);
          if (was < inTitle) {
            found[doc] = inTitle;
            if (inTitle === 2) inTitles = true;
          }
        }
      }
    }
    return { found, docs, inTitles };
  });
}

/** Each search root's hidden documents as a set, made once per root held. */
const hiddenOf = new WeakMap<SearchRecord, ReadonlySet<number>>();

/**
 * The documents to show, best first: every word matching, 10 points per word in the title and 1 elsewhere, then the
 * newest (documents are numbered oldest first). Only the documents of the word with the fewest matches are looked at,
 * newest first: a few sorted, many read off its array; each score keeps its first MAX_SEARCH_RESULTS documents, so the
 * ranking needs no sort of the matches, and it stops once the best score any document can have (10 for each word found
 * in some title, 1 for the others) holds a page of them: no older document can take their place. The work follows the
 * matches and the results shown, not the number of documents of the site.
 */
export function ranked(index: SearchRecord, perWord: Matches[]): number[] {
  let hidden = hiddenOf.get(index);
  if (!hidden) {
    hidden = new Set(index.hidden);
    hiddenOf.set(index, hidden);
  }
  const found = perWord.map((m) => m.found);
  const rarest = perWord.reduce((a, b) => (b.docs.length < a.docs.length ? b : a));
  const byScore: number[][] = [];
  let best = 0;
  for (const m of perWord) best += m.inTitles ? 10 : 1;
  /** scores the document; true once the best possible score holds a page of documents */
  const consider = (doc: number): boolean => {
    let score = 0;
    for (const f of found) {
      const m = f[doc]!;
      if (!m) return false;
      score += m === 2 ? 10 : 1;
    }
    if (hidden.has(doc)) return false;
    const docs = byScore[score];
    if (!docs) byScore[score] = [doc];
    else if (docs.length < MAX_SEARCH_RESULTS) docs.push(doc);
    return score === best && byScore[score]!.length === MAX_SEARCH_RESULTS;
  };
  if (rarest.docs.length * 16 < index.docs) {
    const candidates = Int32Array.from(rarest.docs).sort();
    for (let i = candidates.length - 1; i >= 0; i--) if (consider(candidates[i]!)) break;
  } else {
    for (let doc = index.docs - 1; doc >= 0; doc--) if (rarest.found[doc] && consider(doc)) break;
  }
  const shown: number[] = [];
  for (let score = byScore.length - 1; score > 0 && shown.length < MAX_SEARCH_RESULTS; score--) {
    for (const doc of byScore[score] ?? []) {
      if (shown.length === MAX_SEARCH_RESULTS) break;
      shown.push(doc);
    }
  }
  return shown;
}

/** The best results: every word matching, 10 points per word in the title and 1 elsewhere, then the newest first (ranked). */
export function searchSite(site: SiteModel, query: string, now: Date): Maybe<SearchHit[]> {
  const words = searchWords(query);
  if (!words.length) return [];
  return andThen(site.searchIndex(now), (index) =>
    andThen(all(words.map((w) => matches(index, site, w))), (perWord) => {
      const best = ranked(index, perWord).map((doc) => ({ doc }));
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
