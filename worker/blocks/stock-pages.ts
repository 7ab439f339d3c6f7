// Which pages of a site show limited stock: the pages and collections (their lists, items and filters alike) whose
// products, or whose blocks' products, have variants with a count (physical and service products that are not
// unlimited). Worked out once per published version from the snapshot alone, so the page cache can tell from a URL,
// before it routes anything, whether the page's key must carry the stock epoch (worker/render/page-cache.ts), and the
// render knows which counts to read live (worker/routes/store-data.ts).
import { PRODUCT_TYPES } from '../../shared/codes.ts';
import type { Collection, Item, Layout } from '../../shared/snapshot/schema.ts';
import { parseBlock } from './registry.ts';
import type { SiteModel } from '../site/model.ts';
import { stockKey } from '../site/catalog.ts';
import type { StockItem } from '../site/live-stock.ts';

/** One variant with a count: the key its sales are kept under, and the count the snapshot publishes. */

interface StockPages {
  /** by the urlId of a page or collection: the variants with a count that its pages may show */
  byUrlId: Map<string, readonly StockItem[]>;
  /** those of the homepage, served at '/' */
  home: readonly StockItem[] | undefined;
}

const byModel = new WeakMap<SiteModel, StockPages>();

/** The variants of an item's product that are sold from a count (none for digital products, gift cards, unlimited). */
export function countedVariants(item: Item): StockItem[] {
  const product = item.product;
  if (!product || (product.productType !== PRODUCT_TYPES.PHYSICAL && product.productType !== PRODUCT_TYPES.SERVICE)) return [];
  return product.variants.filter((v) => !v.unlimited).map((v) => ({ key: stockKey(item.id, v.sku), sku: v.sku, qtyInStock: v.qtyInStock }));
}

function build(site: SiteModel): StockPages {
  const items = new Map<string, Item>();
  for (const collection of site.snapshot.collections) for (const item of collection.items) items.set(`${collection.id}\n${item.id}`, item);
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
  const byUrlId = new Map<string, readonly StockItem[]>();
  const keep = (urlId: string, found: Map<string, StockItem>) => {
    if (found.size) byUrlId.set(urlId, [...found.values()]);
  };
  for (const page of site.snapshot.pages) {
    const found = new Map<string, StockItem>();
    fromLayout(page.layout, found);
    keep(page.urlId, found);
  }
  for (const collection of site.snapshot.collections) keep(collection.urlId, collectionStock(collection, fromLayout));
  const home = site.homepage();
  return { byUrlId, home: home && byUrlId.get(home.kind === 'page' ? home.page.urlId : home.collection.urlId) };
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

function stockPages(site: SiteModel): StockPages {
  let pages = byModel.get(site);
  if (!pages) {
    pages = build(site);
    byModel.set(site, pages);
  }
  return pages;
}

/**
 * The variants with a count that the page at this path may show; undefined for a page that shows none. By the path's
 * first segment (the page or collection it belongs to), so a collection's list, filters, pages and items share it. A
 * few string operations and one map lookup: it runs for every cached page.
 */
export function stockShownAt(site: SiteModel, pathname: string): readonly StockItem[] | undefined {
  const pages = stockPages(site);
  if (pages.byUrlId.size === 0) return undefined;
  if (pathname === '/') return pages.home;
  const end = pathname.indexOf('/', 1);
  let urlId = end < 0 ? pathname.slice(1) : pathname.slice(1, end);
  if (urlId.includes('%')) {
    try {
      urlId = decodeURIComponent(urlId);
    } catch {
      return undefined; // a path the router answers with 404
    }
  }
  return pages.byUrlId.get(urlId);
}
