// Which pages of a site show limited stock: the pages and collections (their lists, items and filters alike) whose
// products, or whose blocks' products, have variants with a count (physical and service products that are not
// unlimited). Worked out at publish from the whole snapshot (stockPagesOf, a trait of the split): the host pointer names
// the pages (so the page cache can tell from a URL, before it routes anything or reads the site, whether the page's key
// must carry the stock epoch: worker/render/page-cache.ts), and the site record and each collection's stock record hold
// the counts a render reads live (worker/routes/store-data.ts).
import { PRODUCT_TYPES } from '../../shared/codes.ts';
import type { StockItem } from '../../shared/snapshot/records.ts';
import type { Collection, Item, Layout, SiteSnapshot } from '../../shared/snapshot/schema.ts';
import { parseBlock } from './registry.ts';
import type { SiteModel } from '../site/model.ts';
import { stockKey } from '../site/catalog.ts';
import type { Maybe } from '../site/maybe.ts';

/** The variants of an item's product that are sold from a count (none for digital products, gift cards, unlimited). */
export function countedVariants(item: Item): StockItem[] {
  const product = item.product;
  if (!product || (product.productType !== PRODUCT_TYPES.PHYSICAL && product.productType !== PRODUCT_TYPES.SERVICE)) return [];
  return product.variants.filter((v) => !v.unlimited).map((v) => ({ key: stockKey(item.id, v.sku), sku: v.sku, qtyInStock: v.qtyInStock }));
}

/** The variants with a count that the pages of each page and collection may show, by its urlId (none: not listed). */
export function stockPagesOf(snapshot: SiteSnapshot): Map<string, StockItem[]> {
  const items = new Map<string, Item>();
  for (const collection of snapshot.collections) for (const item of collection.items) items.set(`${collection.id}\n${item.id}`, item);
  /** the products a layout's blocks point at (a product block, anything else that names an item) */
  const fromLayout = (layout: Layout | undefined, into: Map<string, StockItem>) => {
    for (const block of layout?.blocks ?? []) {
      const parsed = parseBlock(block);
      if (!parsed.ok) continue;
      for (const ref of parsed.definition.references?.(parsed.data).items ?? []) {
        const item = items.get(`${ref.collectionId}\n${ref.itemId}`);
        if (item) for (const s of countedVariants(item)) into.set(s.key, s);
      }
    }
  };
  const byUrlId = new Map<string, StockItem[]>();
  const keep = (urlId: string, found: Map<string, StockItem>) => {
    if (found.size) byUrlId.set(urlId, [...found.values()]);
  };
  for (const page of snapshot.pages) {
    const found = new Map<string, StockItem>();
    fromLayout(page.layout, found);
    keep(page.urlId, found);
  }
  for (const collection of snapshot.collections) keep(collection.urlId, collectionStock(collection, fromLayout));
  return byUrlId;
}

/** A collection's pages: its list (with each product's quick view), its items, their bodies and its header. */
function collectionStock(collection: Collection, fromLayout: (layout: Layout | undefined, into: Map<string, StockItem>) => void) {
  const found = new Map<string, StockItem>();
  fromLayout(collection.headerLayout, found);
  for (const item of collection.items) {
    for (const s of countedVariants(item)) found.set(s.key, s);
    fromLayout(item.body, found);
  }
  return found;
}

/** The urlId of the page or collection a path belongs to (its first segment; the homepage's for '/'); undefined if unreadable. */
export function urlIdOfPath(pathname: string, homeUrlId: string | undefined): string | undefined {
  if (pathname === '/') return homeUrlId;
  const end = pathname.indexOf('/', 1);
  const urlId = end < 0 ? pathname.slice(1) : pathname.slice(1, end);
  if (!urlId.includes('%')) return urlId;
  try {
    return decodeURIComponent(urlId);
  } catch {
    return undefined; // a path the router answers with 404
  }
}

/**
 * The variants with a count that the page at this path may show; undefined for a page that shows none. By the path's
 * first segment (the page or collection it belongs to), so a collection's list, filters, pages and items share it: a
 * page's from the site record, a collection's from its stock record (read once per isolate).
 */
export function stockShownAt(site: SiteModel, pathname: string): Maybe<readonly StockItem[] | undefined> {
  if (!site.facts.stock.size) return undefined;
  const urlId = urlIdOfPath(pathname, site.homeUrlId());
  if (urlId === undefined || !site.facts.stock.has(urlId)) return undefined;
  const entry = site.byUrlId.get(urlId);
  if (entry?.kind === 'page') return site.record.pageStock[urlId];
  return entry ? site.collectionStock(entry.collection) : undefined;
}
