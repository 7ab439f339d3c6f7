// Stock on cached pages (docs/store.md) through the real Worker, with the real page cache and SiteOrders object: a
// product page offers a variant until its last unit is sold (through the cart API, or the plain-HTML forms), then
// draws it sold out and disabled from the stock left, and the copy cached before the sale is never served again; the
// pages that offer no limited stock keep theirs. GET /api/commerce/availability answers what is left.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeIslands, ISLANDS_ELEMENT_ID } from '../shared/islands/protocol.ts';
import { STORE_API, type Availability } from '../shared/store-api.ts';
import type { PurchaseProps } from '../worker/blocks/product/purchase.view.tsx';
import { call, postJson, publishCopy } from './support/api.ts';
import { visit } from './support/sites.ts';
import { Jar } from './support/store.ts';

let HOST = '';

beforeAll(async () => {
  ({ host: HOST } = await publishCopy('trailhead', 'stockpages', (s) => {
    const shop = s.collections.find((c) => c.id === 'shop')!;
    const product = (id: string) => shop.items.find((i) => i.id === id)!.product!;
    // one left of each: the flask in Heather (also on the gift guide's product block) and the navigation day
    product('p-millstone-flask').variants.find((v) => v.sku === 'TH-MSF-HTH')!.qtyInStock = 1;
    product('p-nav-skills').variants.find((v) => v.sku === 'TH-NAV-DAY')!.qtyInStock = 1;
  }));
});

async function page(path: string): Promise<{ cache: string | null; html: string }> {
  const res = await visit(HOST, path);
  expect(res.status).toBe(200);
  return { cache: res.headers.get('X-Page-Cache'), html: await res.text() };
}

/** The purchase panels' island props of a page. */
function panels(html: string): PurchaseProps[] {
  const m = new RegExp(`<script type="application/json" id="${ISLANDS_ELEMENT_ID}">(.*?)</script>`, 's').exec(html);
  return (m ? (decodeIslands(m[1]!).props as unknown[]) : []).filter(
    (p): p is PurchaseProps => !!p && typeof p === 'object' && 'variants' in p,
  );
}

const GB = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '14 Main Road',
  city: 'Hathersage',
  zip: 'S32 1BB',
  country: 'GB',
};

/** A plain-HTML form post from the site's own page. */
async function form(path: string, fields: Record<string, string>, jar: Jar): Promise<Response> {
  return jar.take(
    await visit(HOST, path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: jar.header, Origin: `http://${HOST}` },
      body: new URLSearchParams(fields).toString(),
    }),
  );
}

describe('a cached product page whose variant sells out', () => {
  it('offers the variant until its last unit is sold through the cart API, then draws it Sold Out and disabled, never from the old copy', async () => {
    const path = '/shop/stanage-merino-base-layer';
    const offered = '<option value="TH-STB-XL">XL</option>';
    const soldOut = /<option value="TH-STB-XL" disabled="">XL(<!-- -->)? \(Sold Out\)<\/option>/;
    // an isolate that has not read the site's stock yet keys the page by the time window; its render reads the stock
    // epoch, which keys the page from then on
    await page(path);
    const first = await page(path);
    expect(first.html).toContain(offered);
    const cached = await page(path);
    expect(cached.cache).toBe('hit');
    expect(cached.html).toContain(offered);
    await page('/about');
    expect((await page('/about')).cache).toBe('hit');

    // the last XL, bought by another visitor
    const jar = new Jar();
    expect(jar.take(await postJson(HOST, STORE_API.entries, { productId: 'p-stanage-base', sku: 'TH-STB-XL' })).status).toBe(200);
    const order = jar.take(await postJson(HOST, STORE_API.orders, { ...GB, shippingOptionId: 'uk-next-day' }, { cookies: jar.header }));
    expect(order.status).toBe(200);

    const after = await page(path);
    expect(after.cache).toBe('miss');
    expect(after.html).not.toContain(offered);
    expect(after.html).toMatch(soldOut);
    const xl = panels(after.html)[0]!.variants.find((v) => v.sku === 'TH-STB-XL')!;
    expect(xl.soldOut).toBe(true);
    // the page drawn after the sale is the one shared from now on
    const again = await page(path);
    expect(again.cache).toBe('hit');
    expect(again.html).toMatch(soldOut);
    // a page that offers no limited stock keeps its copy
    expect((await page('/about')).cache).toBe('hit');
  });

  it('without script too: sold through the plain-HTML forms, the product’s page and the page with its product block say Sold Out', async () => {
    const product = '/shop/map-and-compass-skills-day';
    // each visited twice, whatever this isolate knew of the stock before (see above)
    for (const path of [product, product, '/gift-guide', '/gift-guide']) await page(path);
    const before = await page(product);
    expect(before.cache).toBe('hit');
    expect(before.html).toMatch(/<button type="submit" class="button product-add-to-cart">Add To Cart<\/button>/);
    const guide = await page('/gift-guide');
    expect(guide.cache).toBe('hit');
    expect(guide.html).toContain('<option value="TH-MSF-HTH">Heather</option>');

    const jar = new Jar();
    expect((await form('/cart', { intent: 'add', productId: 'p-nav-skills', sku: 'TH-NAV-DAY' }, jar)).status).toBe(303);
    expect((await form('/cart', { intent: 'add', productId: 'p-millstone-flask', sku: 'TH-MSF-HTH' }, jar)).status).toBe(303);
    const placed = await form('/checkout', { ...GB, shippingOptionId: 'uk-next-day', testPaymentOutcome: 'approve' }, jar);
    expect(placed.status).toBe(303);
    expect(placed.headers.get('Location')).toMatch(/^\/commerce\/order-confirmed\?orderId=/);

    const sold = await page(product);
    expect(sold.cache).toBe('miss');
    expect(sold.html).toMatch(/<button type="submit" class="button product-add-to-cart" disabled="">Sold Out<\/button>/);
    expect(sold.html).not.toContain('name="quantity"');
    const guideAfter = await page('/gift-guide');
    expect(guideAfter.cache).toBe('miss');
    expect(guideAfter.html).toMatch(/<option value="TH-MSF-HTH" disabled="">Heather(<!-- -->)? \(Sold Out\)<\/option>/);
    // and the plain form cannot add it either
    const refused = await form('/cart', { intent: 'add', productId: 'p-nav-skills', sku: 'TH-NAV-DAY' }, new Jar());
    expect(refused.status).toBe(409);
  });
});

describe('the stock epoch', () => {
  it('moves when a sale takes stock and again when a declined payment gives it back', async () => {
    const orders = env.ORDERS.getByName('site-stockpages');
    const before = (await orders.availability([])).epoch;
    const jar = new Jar();
    expect(jar.take(await postJson(HOST, STORE_API.entries, { productId: 'p-dawn-walk', sku: 'TH-GW-DAWN-U16', quantity: 4 })).status).toBe(
      200,
    );
    const declined = await postJson(HOST, STORE_API.orders, { ...GB, testPaymentOutcome: 'decline' }, { cookies: jar.header });
    expect(declined.status).toBe(402);
    const after = await orders.availability([{ key: 'p-dawn-walk:TH-GW-DAWN-U16', qtyInStock: 4 }]);
    expect(after).toEqual({ epoch: before + 2, left: [4] });
  });
});

describe('GET /api/commerce/availability', () => {
  it('answers what is left of each variant with a count, and nothing for products sold without one', async () => {
    const res = await call(HOST, `${STORE_API.availability}?productId=p-ridgeline-poles`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect((await res.json()) as Availability).toEqual({
      productId: 'p-ridgeline-poles',
      variants: [
        { sku: 'TH-RLP-110', left: 4 },
        { sku: 'TH-RLP-120', left: 8 },
        { sku: 'TH-RLP-130', left: 3 },
      ],
    });
    expect(await (await call(HOST, `${STORE_API.availability}?productId=p-enamel-mug`)).json()).toEqual({
      productId: 'p-enamel-mug',
      variants: [],
    });
    expect((await call(HOST, `${STORE_API.availability}?productId=p-no-such-thing`)).status).toBe(404);
    expect((await call(HOST, STORE_API.availability)).status).toBe(400);
  });
});
