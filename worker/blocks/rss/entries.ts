// Feed entries as the RSS block shows them: plain text (markup removed, character references decoded, whitespace
// collapsed), cut to length, at most the block's limit.
import { cutText, plainText } from '../../../shared/plain-text.ts';
import type { FeedEntry } from '../../site/feed.ts';

/** An entry as the block lists it. */
export interface ShownEntry {
  title: string;
  /** an absolute http(s) URL */
  link: string;
  /** ISO 8601 */
  date?: string;
  /** plain text, at most SUMMARY_MAX characters */
  summary?: string;
}

const SUMMARY_MAX = 240;
const TITLE_MAX = 300;

/** The first `limit` entries as the block shows them; an entry without a title is named by its summary, else its host. */
export function shownEntries(entries: readonly FeedEntry[], limit: number): ShownEntry[] {
  return entries.slice(0, limit).map((entry) => {
    const summary = plainText(entry.description);
    const shown: ShownEntry = {
      title: cutText(plainText(entry.title) || summary || new URL(entry.link).hostname, TITLE_MAX),
      link: entry.link,
    };
    if (entry.date) shown.date = entry.date;
    if (summary) shown.summary = cutText(summary, SUMMARY_MAX);
    return shown;
  });
}
