// Reads of the stock from the site's SiteOrders object, each taught to this isolate (live-stock.ts). Apart from
// live-stock.ts, which block modules read and publish:site loads on Node, because this one calls a Durable Object.
import type { Env } from '../env.ts';
import { learnStock, type Counted } from '../site/live-stock.ts';

/** Reads what is left of these variants from the site's SiteOrders object (one call) and learns it. */
export async function readStock(env: Pick<Env, 'ORDERS'>, websiteId: string, items: readonly Counted[]): Promise<number[]> {
  if (!items.length) return [];
  const { epoch, left } = await env.ORDERS.getByName(websiteId).availability(items.map((i) => ({ key: i.key, qtyInStock: i.qtyInStock })));
  learnStock(websiteId, epoch, { items, left });
  return left;
}
