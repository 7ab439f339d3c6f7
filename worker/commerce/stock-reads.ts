// Reads of the stock from the site's SiteOrders object, each taught to this isolate (live-stock.ts). Apart from
// live-stock.ts, which block modules read and publish:site loads on Node, because this one calls a Durable Object.
import type { Env } from '../env.ts';
import { knownStock, learnStock, type Counted } from '../site/live-stock.ts';

/**
 * What is left of these variants, from the site's SiteOrders object (one call), learnt by this isolate. Only the
 * variants this isolate has not read at the epoch it knows are asked for: what is left moves only with the epoch (a sale
 * or a return moves it in the same step), so a value read at the epoch the object still answers is what it would answer
 * now. A page of a collection then asks for nothing but the epoch once the collection's stock has been read here, instead
 * of every counted variant of the collection (up to 200 products' worth) on every render. When the epoch has moved since,
 * a second call reads them all.
 */
export async function readStock(env: Pick<Env, 'ORDERS'>, websiteId: string, items: readonly Counted[]): Promise<number[]> {
  if (!items.length) return [];
  const orders = env.ORDERS.getByName(websiteId);
  const known = knownStock(websiteId);
  if (known) {
    const seen = items.map((i) => known.left(i.key, i.qtyInStock));
    const missing = items.filter((_, k) => seen[k] === undefined);
    const answer = await orders.availability(missing.map((i) => ({ key: i.key, qtyInStock: i.qtyInStock })));
    if (answer.epoch === known.epoch) {
      learnStock(websiteId, answer.epoch, { items: missing, left: answer.left });
      let next = 0;
      return seen.map((left) => left ?? answer.left[next++]!);
    }
  }
  const { epoch, left } = await orders.availability(items.map((i) => ({ key: i.key, qtyInStock: i.qtyInStock })));
  learnStock(websiteId, epoch, { items, left });
  return left;
}
