// The RSS 2.0 feed of a collection (/{urlId}?format=rss): its newest visible items.
import type { Collection } from '../../shared/snapshot/schema.ts';
import { layoutText, type SiteModel } from './model.ts';

const FEED_ITEMS = 20;

function xml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

export function collectionFeed(site: SiteModel, collection: Collection, origin: string, now: Date): string {
  const items = site
    .visibleItems(collection, now)
    .slice()
    .sort((a, b) => Date.parse(b.publishOn) - Date.parse(a.publishOn))
    .slice(0, FEED_ITEMS);
  const link = origin + site.entryUrl({ kind: 'collection', collection });
  const entries = items.map((item) => {
    const url = origin + site.itemUrl(collection, item);
    const summary = item.excerpt ?? layoutText(item.body).slice(0, 400);
    return `<item><title>${xml(item.title)}</title><link>${xml(url)}</link><guid isPermaLink="true">${xml(url)}</guid><pubDate>${new Date(item.publishOn).toUTCString()}</pubDate>${
      item.author ? `<dc:creator>${xml(item.author.displayName)}</dc:creator>` : ''
    }${item.categories.map((c) => `<category>${xml(c)}</category>`).join('')}<description>${xml(summary)}</description></item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>${xml(
    `${collection.title} — ${site.website.title}`,
  )}</title><link>${xml(link)}</link><description>${xml(collection.description ?? site.website.description ?? '')}</description><language>${xml(
    site.website.language,
  )}</language>${entries.join('')}</channel></rss>`;
}
