// A collection's feed: the entries of its newest visible items. The site serves them as RSS 2.0 (/{urlId}?format=rss),
// and an RSS block of the same site reads them as they are, in-process.
import { cutText, plainText } from '../../shared/plain-text.ts';
import type { Collection } from '../../shared/snapshot/schema.ts';
import type { SiteModel } from './model.ts';

const FEED_ITEMS = 20;
/** an entry without an excerpt is described by the start of its body */
const FEED_DESCRIPTION_MAX = 400;

/** One entry of a feed: an item of this site's collection, or an entry read from a feed elsewhere. */
export interface FeedEntry {
  /** text as the feed gives it (it may hold markup) */
  title: string;
  /** an absolute http(s) URL */
  link: string;
  /** ISO 8601, when the feed gave a readable date */
  date?: string | undefined;
  /** the entry's summary as the feed gives it: RSS descriptions are HTML */
  description?: string | undefined;
  /** the author's name (this site's feeds) */
  author?: string | undefined;
  /** the item's categories (this site's feeds) */
  categories?: readonly string[] | undefined;
}

/** The newest visible items of a collection as feed entries, their links on `origin`. */
export function collectionEntries(site: SiteModel, collection: Collection, origin: string, now: Date): FeedEntry[] {
  return site
    .visibleItems(collection, now)
    .slice()
    .sort((a, b) => Date.parse(b.publishOn) - Date.parse(a.publishOn))
    .slice(0, FEED_ITEMS)
    .map((item) => ({
      title: item.title,
      link: origin + site.itemUrl(collection, item),
      date: new Date(item.publishOn).toISOString(),
      description: item.excerpt ? plainText(item.excerpt) : cutText(site.blocks.layoutText(item.body), FEED_DESCRIPTION_MAX),
      author: item.author?.displayName,
      categories: item.categories,
    }));
}

function xml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

/** One entry as an RSS 2.0 item. */
function itemXml(entry: FeedEntry): string {
  const parts = [
    `<title>${xml(entry.title)}</title>`,
    `<link>${xml(entry.link)}</link>`,
    `<guid isPermaLink="true">${xml(entry.link)}</guid>`,
    entry.date ? `<pubDate>${new Date(entry.date).toUTCString()}</pubDate>` : '',
    entry.author ? `<dc:creator>${xml(entry.author)}</dc:creator>` : '',
    ...(entry.categories ?? []).map((c) => `<category>${xml(c)}</category>`),
    `<description>${xml(entry.description ?? '')}</description>`,
  ];
  return `<item>${parts.join('')}</item>`;
}

/** The RSS 2.0 document of a collection (/{urlId}?format=rss): the same entries an RSS block of this site lists. */
export function collectionFeed(site: SiteModel, collection: Collection, origin: string, now: Date): string {
  const link = origin + site.entryUrl({ kind: 'collection', collection });
  const items = collectionEntries(site, collection, origin, now).map(itemXml);
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>${xml(
    `${collection.title} — ${site.website.title}`,
  )}</title><link>${xml(link)}</link><description>${xml(collection.description ?? site.website.description ?? '')}</description><language>${xml(
    site.website.language,
  )}</language>${items.join('')}</channel></rss>`;
}
