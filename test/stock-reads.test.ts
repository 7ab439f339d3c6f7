// readStock (worker/commerce/stock-reads.ts) against a stand-in of the site's SiteOrders object that records what it is
// asked: a page asks only for the variants this isolate has not read at the epoch the object still answers, and reads
// them all again once the epoch has moved (a sale or a return), so what it answers is always what a full read would.
import { describe, expect, it } from 'vitest';
import type { Env } from '../worker/env.ts';
import { readStock } from '../worker/commerce/stock-reads.ts';
import { knownLeft } from '../worker/site/live-stock.ts';

function orders() {
  const state = { epoch: 0, sold: new Map<string, number>() };
  const asked: string[][] = [];
  const env = {
    ORDERS: {
      getByName: () => ({
        availability: async (items: { key: string; qtyInStock: number }[]) => {
          asked.push(items.map((i) => i.key));
          return { epoch: state.epoch, left: items.map((i) => Math.max(0, i.qtyInStock - (state.sold.get(i.key) ?? 0))) };
        },
      }),
    },
  } as unknown as Pick<Env, 'ORDERS'>;
  const sell = (key: string, n: number) => {
    state.sold.set(key, (state.sold.get(key) ?? 0) + n);
    state.epoch++;
  };
  return { env, asked, sell };
}

const A = { key: 'p-a:A', qtyInStock: 5 };
const B = { key: 'p-b:B', qtyInStock: 3 };
const C = { key: 'p-c:C', qtyInStock: 0 };

describe('readStock', () => {
  it('asks only for what this isolate has not read at the current epoch', async () => {
    const { env, asked } = orders();
    expect(await readStock(env, 'site-reads-1', [A, B])).toEqual([5, 3]);
    expect(await readStock(env, 'site-reads-1', [A, B])).toEqual([5, 3]);
    expect(await readStock(env, 'site-reads-1', [B, C, A])).toEqual([3, 0, 5]);
    // the first read asks for both; the second for the epoch alone; the third for C alone
    expect(asked).toEqual([[A.key, B.key], [], [C.key]]);
    expect(knownLeft('site-reads-1', C.key, 0)).toBe(0);
  });

  it('reads every variant again once the epoch has moved', async () => {
    const { env, asked, sell } = orders();
    await readStock(env, 'site-reads-2', [A, B]);
    sell(A.key, 2);
    expect(await readStock(env, 'site-reads-2', [A, B])).toEqual([3, 3]);
    expect(asked).toEqual([[A.key, B.key], [], [A.key, B.key]]);
    expect(knownLeft('site-reads-2', A.key, 5)).toBe(3);
    // and then asks for the epoch alone again
    expect(await readStock(env, 'site-reads-2', [A])).toEqual([3]);
    expect(asked.at(-1)).toEqual([]);
  });

  it('asks again for a variant published with another count', async () => {
    const { env, asked } = orders();
    await readStock(env, 'site-reads-3', [A]);
    expect(await readStock(env, 'site-reads-3', [{ ...A, qtyInStock: 9 }])).toEqual([9]);
    expect(asked).toEqual([[A.key], [A.key]]);
  });
});
