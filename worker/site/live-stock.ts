// What this isolate knows of each site's stock: the stock epoch of its SiteOrders object (which moves with every sale
// and every return) and what was left of the variants it last read, with when it learnt them. Every read and every
// order through this isolate teaches it (readStock, learnStockEpoch), so a sale made here retires the cached pages
// that offer limited stock at once (the epoch is in their page-cache key), and a page rendered here shows what is left
// now, not what the owner last published. docs/store.md, "Stock on cached pages", gives the whole design.

/** A variant sold from a count: its stock key (catalog.ts stockKey), its SKU and the count the snapshot publishes. */
export interface StockItem {
  key: string;
  sku: string;
  qtyInStock: number;
}

/** A variant read: its key and the count the snapshot publishes (what is left is worked out from it). */
export type Counted = Pick<StockItem, 'key' | 'qtyInStock'>;

/**
 * How long an epoch learnt here is trusted to be the current one. Another isolate's sale reaches this one with its
 * next read of the stock; past this time without one, pages that offer limited stock are keyed by a window of this
 * length instead (stockKeyPart), so a cached copy outlives a sale made elsewhere by at most this long.
 */
export const STOCK_EPOCH_TRUST_MS = 10_000;

interface Known {
  epoch: number;
  /** when it was last read (ms) */
  at: number;
  /** what was left of each variant read at this epoch, with the published count it was worked out from */
  left: Map<string, { qtyInStock: number; left: number }>;
}

/** By website id; at most MAX_SITES (an isolate serves many sites; the oldest read is forgotten first). */
const known = new Map<string, Known>();
const MAX_SITES = 512;

function remember(websiteId: string, entry: Known): void {
  known.delete(websiteId);
  if (known.size >= MAX_SITES) known.delete(known.keys().next().value!);
  known.set(websiteId, entry);
}

/**
 * Learns a site's stock epoch (and, with `read`, what was left of those variants at it). An answer older than what is
 * known (two reads that crossed) changes nothing; a newer epoch forgets the counts read before it.
 */
export function learnStock(
  websiteId: string,
  epoch: number,
  read?: { items: readonly Counted[]; left: readonly number[] },
  now = Date.now(),
): void {
  const current = known.get(websiteId);
  if (current && epoch < current.epoch) return;
  const entry: Known = current && current.epoch === epoch ? { ...current, at: now } : { epoch, at: now, left: new Map() };
  read?.items.forEach((item, i) => {
    entry.left.set(item.key, { qtyInStock: item.qtyInStock, left: read.left[i]! });
  });
  remember(websiteId, entry);
}

/** The site's stock epoch as this isolate last read it, if that was within STOCK_EPOCH_TRUST_MS. */
export function knownStockEpoch(websiteId: string, now: number): number | undefined {
  const entry = known.get(websiteId);
  return entry && now - entry.at <= STOCK_EPOCH_TRUST_MS ? entry.epoch : undefined;
}

/**
 * The epoch this isolate last read the site's stock at, and what it read of each variant at that epoch (a read at a
 * newer epoch starts a list of its own and leaves this one as it is); undefined when it has read none.
 */
export function knownStock(
  websiteId: string,
): { epoch: number; left: (key: string, qtyInStock: number) => number | undefined } | undefined {
  const entry = known.get(websiteId);
  if (!entry) return undefined;
  const { epoch, left } = entry;
  return {
    epoch,
    left: (key, qtyInStock) => {
      const seen = left.get(key);
      return seen && seen.qtyInStock === qtyInStock ? seen.left : undefined;
    },
  };
}

/**
 * What is left of a variant as this isolate last read it; undefined when it has not read it since the epoch moved, or
 * read it against another published count (a newer publish is a new count).
 */
export function knownLeft(websiteId: string, key: string, qtyInStock: number): number | undefined {
  const seen = known.get(websiteId)?.left.get(key);
  return seen && seen.qtyInStock === qtyInStock ? seen.left : undefined;
}
