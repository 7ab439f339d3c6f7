// A collection's feed: the entries of its newest visible items, worked out at publish (its feed record). The site serves
// them as RSS 2.0 (/{urlId}?format=rss, cached like pages), and an RSS block of the same site reads them in-process.
import { andThen, type Maybe } from './maybe.ts';
import type { CollectionMeta, SiteModel } from './model.ts';

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

/** The newest visible items of a collection as feed entries, their links on `origin` (read from its feed record). */
export function collectionEntries(site: SiteModel, collection: CollectionMeta, origin: string, now: Date): Maybe<FeedEntry[]> {
  return andThen(site.feed(collection, now), (entries) =>
    entries.map((entry) => ({
      title: entry.title,
      link: origin + entry.path,
      date: entry.date,
      description: entry.description,
      author: entry.author,
      categories: entry.categories,
    })),
  );
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
export function collectionFeed(site: SiteModel, collection: CollectionMeta, origin: string, now: Date): Maybe<string> {
  const link = origin + site.entryUrl({ kind: 'collection', collection });
  return andThen(collectionEntries(site, collection, origin, now), (entries) => {
    const items = entries.map(itemXml);
    return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>${xml(
      `${collection.title} — ${site.website.title}`,
    )}</title><link>${xml(link)}</link><description>${xml(collection.description ?? site.website.description ?? '')}</description><language>${xml(
      site.website.language,
    )}</language>${items.join('')}</channel></rss>`;
  });
}
