// What the commerce pages tell a shopper: nothing the runtime does not do (issue 14, item 16).
import { beforeAll, describe, expect, it } from 'vitest';
import { hostOf, publishFixtures, textOf } from './support/fixtures.ts';
import { visit } from './support/sites.ts';
import { postJson } from './support/api.ts';
import { Jar } from './support/store.ts';

/** Checkout as a visitor with a jacket in the cart sees it. */
async function checkoutWithGoods(): Promise<string> {
  const jar = new Jar();
  jar.take(await postJson(hostOf('trailhead'), '/api/commerce/cart/entries', { productId: 'p-edale-jacket', sku: 'TH-EDJ-MOS-M' }));
  return textOf(await (await visit(hostOf('trailhead'), '/checkout', { headers: { Cookie: jar.header } })).text());
}

beforeAll(publishFixtures);

describe('GET /checkout', () => {
  it('names no express checkout, which the runtime does not have, even on a store with the setting on', async () => {
    const text = await checkoutWithGoods();
    expect(text).toContain('Checkout');
    expect(text).not.toMatch(/express checkout/i);
  });

  it('does not promise shipping options that appear as an address is typed', async () => {
    const text = await checkoutWithGoods();
    expect(text).toContain('Shipping Method');
    expect(text).not.toContain('Enter a shipping address to see the shipping options');
  });
});
