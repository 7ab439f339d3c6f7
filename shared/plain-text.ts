// Text out of markup, for everything that shows or indexes words rather than a document: search results and their
// index, summaries and excerpts, feeds, descriptions. One function, so an excerpt reads the same everywhere.
// Markdown is converted to HTML first by its block (worker/blocks/markdown), then read here like any HTML.
import { decodeHTML } from 'entities/decode';

/** Elements inside a line of text: removing them must not split a word ('<em>un</em>likely' is 'unlikely'). */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
]);

/**
 * The words of a piece of markup as plain text: script, style, template and comment contents removed, every tag
 * removed (a block element's end is a space, an inline element's is nothing), character references decoded once,
 * whitespace collapsed. A lone '<' (as in '<3' or 'a < b') is text, not a tag. Text without markup comes back as it
 * was, whitespace collapsed.
 */
export function plainText(markup: string | undefined | null): string {
  if (!markup) return '';
  const known = plainTexts.get(markup);
  if (known !== undefined) return known;
  const text = plainTextOf(markup);
  // a memo bounded in characters (the oldest go first): every list, card and feed of a site reads the same bodies on
  // every render, and the memo holds the snapshot's own strings
  const size = markup.length + text.length;
  if (size > PLAIN_TEXT_MEMO_CHARS / 16) return text;
  while (memoChars + size > PLAIN_TEXT_MEMO_CHARS) {
    const [oldest, oldText] = plainTexts.entries().next().value!;
    plainTexts.delete(oldest);
    memoChars -= oldest.length + oldText.length;
  }
  plainTexts.set(markup, text);
  memoChars += size;
  return text;
}

/** At most this many characters of markup and text in the memo (about 8 MB at two bytes a character, worst case). */
const PLAIN_TEXT_MEMO_CHARS = 4 * 1024 * 1024;
const plainTexts = new Map<string, string>();
let memoChars = 0;

function plainTextOf(markup: string): string {
  const stripped = markup
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(/<\/?([a-z][a-z0-9-]*)\b(?:[^>"']|"[^"]*"|'[^']*')*>/gi, (_tag, name: string) => (INLINE.has(name.toLowerCase()) ? '' : ' '));
  // every reference HTML defines, read as a browser reads text (the `entities` package's decoder)
  return decodeHTML(stripped)
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

/** Text cut at a word near `max` characters, with an ellipsis when anything was cut. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** An excerpt as lists, cards and feeds show it: the plain text of `markup`, cut near `max` characters. */
export function excerptText(markup: string | undefined | null, max: number): string {
  return cutText(plainText(markup), max);
}
