// Server-side search over a site's pages and visible items (§2 /search): every word must match; titles rank first.
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

export function searchWords(query: string): string[] {
  return [
    ...new Set(
      query
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length > 0),
    ),
  ].slice(0, 10);
}

/** The excerpt of `text` (lower-cased: `lower`) around the first of the words it holds. */
function snippetAround(text: string, lower: string, words: string[]): string {
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

export function searchSite(site: SiteModel, query: string, now: Date): SearchHit[] {
  const words = searchWords(query);
  if (!words.length) return [];
  const scored: { score: number; hit: SearchHit }[] = [];
  for (const doc of site.searchDocuments(now)) {
    if (!words.every((w) => doc.haystack.includes(w))) continue;
    const score = words.reduce((s, w) => s + (doc.lowerTitle.includes(w) ? 10 : 1), 0) + doc.publishTime / 1e13;
    scored.push({
      score,
      hit: {
        url: doc.url,
        title: doc.title,
        collectionTitle: doc.collectionTitle,
        publishOn: doc.publishOn,
        snippet: snippetAround(doc.text, doc.lowerText, words),
        words,
      },
    });
  }
  return scored
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_SEARCH_RESULTS)
    .map((s) => s.hit);
}
