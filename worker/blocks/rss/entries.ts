// Feed entries as the RSS block shows them: plain text (markup removed, character references decoded, whitespace
// collapsed), cut to length, at most the block's limit.
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

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  middot: '·',
  bull: '•',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  eacute: 'é',
  egrave: 'è',
  agrave: 'à',
  ccedil: 'ç',
  uuml: 'ü',
  ouml: 'ö',
  auml: 'ä',
  szlig: 'ß',
  euro: '€',
  pound: '£',
};

/** Decodes XML/HTML character references; unknown or invalid ones are left as they are. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,31});/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const cp = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      const valid = cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff);
      return valid ? String.fromCodePoint(cp) : whole;
    }
    return NAMED_ENTITIES[ref] ?? NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** Removes markup: script and style contents entirely, then every tag. A lone '<' (as in '<3') is not a tag. */
function stripMarkup(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?[a-z][^>]*>/gi, ' ');
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** Text that may hold markup (an RSS title or description) as plain text. */
export function plainText(text: string | undefined): string {
  // the markup's own character references are decoded once its tags are gone
  return text ? collapse(decodeEntities(stripMarkup(text))) : '';
}

/** The first `limit` entries as the block shows them; an entry without a title is named by its summary, else its host. */
export function shownEntries(entries: readonly FeedEntry[], limit: number): ShownEntry[] {
  return entries.slice(0, limit).map((entry) => {
    const summary = plainText(entry.description);
    const shown: ShownEntry = {
      title: truncate(plainText(entry.title) || summary || new URL(entry.link).hostname, TITLE_MAX),
      link: entry.link,
    };
    if (entry.date) shown.date = entry.date;
    if (summary) shown.summary = truncate(summary, SUMMARY_MAX);
    return shown;
  });
}
