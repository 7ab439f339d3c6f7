// The cart API at the edge (/api/commerce/cart*), through the real Worker with real Durable Objects: the CART and
// hasCart cookies, stock limits, re-pricing from the current snapshot on every read, hostile input, another site's cart,
// expiry.
import { env, runDurableObjectAlarm } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { CART_TTL_MS, MAX_LINE_QUANTITY, type ShoppingCart } from '../shared/cart.ts';
import type { SiteSnapshot } from '../shared/snapshot/schema.ts';
import { STORE_API } from '../shared/store-api.ts';
import { call, postJson, publishCopy, setCookies } from './support/api.ts';
import { Jar } from './support/store.ts';
import { publish } from './support/sites.ts';

let HOST = '';
let SITE: SiteSnapshot;
let OTHER = '';

beforeAll(async () => {
  ({ host: HOST, site: SITE } = await publishCopy('trailhead', 'cartapi'));
  ({ host: OTHER } = await publishCopy('trailhead', 'cartapiother'));
});

async function add(jar: Jar, body: Record<string, unknown>, host = HOST): Promise<Response> {
  return jar.take(await postJson(host, STORE_API.entries, body, { cookies: jar.header }));
}

async function read(jar: Jar, host = HOST): Promise<ShoppingCart> {
  const res = jar.take(await call(host, STORE_API.cart, {}, { cookies: jar.header }));
  expect(res.status).toBe(200);
  return (await res.json()) as ShoppingCart;
}

const JACKET_M = { productId: 'p-edale-jacket', sku: 'TH-EDJ-MOS-M' };

describe('POST /api/commerce/cart/entries', () => {
  it('makes a cart, sets CART (HttpOnly) and hasCart=true, and answers the priced cart', async () => {
    const jar = new Jar();
    const res = await add(jar, { ...JACKET_M, quantity: 2 });
    expect(res.status).toBe(200);
    const cookies = setCookies(res).join('\n');
    expect(cookies).toMatch(/CART=[A-Za-z0-9_-]{22}; Max-Age=1209600; Path=\/; HttpOnly; SameSite=Lax/);
    expect(cookies).toMatch(/hasCart=true; Max-Age=1209600; Path=\/; SameSite=Lax/);
    const { cart, entryId } = (await res.json()) as { cart: ShoppingCart; entryId: string };
    expect(entryId).toMatch(/^[0-9a-f]{20}$/);
    expect(cart).toMatchObject({
      id: jar.get('CART'),
      websiteId: 'site-cartapi',
      currencyCode: 'GBP',
      totalQuantity: 2,
      subtotalCents: 37800,
      requiresShipping: true,
      display: { subtotal: '£378.00' },
    });
    expect(cart.entries[0]).toMatchObject({ title: 'Edale Waterproof Jacket', variantLabel: 'Moss / M', quantity: 2, maxQuantity: 7 });
  });

  it('adds to the same line for the same variant, and to a new line for another', async () => {
    const jar = new Jar();
    await add(jar, { ...JACKET_M, quantity: 1 });
    await add(jar, { ...JACKET_M, quantity: 2 });
    await add(jar, { productId: 'p-enamel-mug', sku: 'TH-MUG-CRM', quantity: 1 });
    const cart = await read(jar);
    expect(cart.entries.map((l) => [l.sku, l.quantity])).toEqual([
      ['TH-EDJ-MOS-M', 3],
      ['TH-MUG-CRM', 1],
    ]);
    expect(cart.subtotalCents).toBe(3 * 18900 + 1400);
  });

  it('ignores prices and totals the browser sends: the edge prices everything', async () => {
    const jar = new Jar();
    const res = await add(jar, { ...JACKET_M, quantity: 1, price: 1, unitPriceCents: 1, subtotalCents: 1, salePrice: 1 });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { cart: ShoppingCart }).cart.subtotalCents).toBe(18900);
  });

  it('prices a sale item at its sale price, with the original beside it', async () => {
    const jar = new Jar();
    const { cart } = (await (await add(jar, { productId: 'p-stanage-base', sku: 'TH-STB-M' })).json()) as { cart: ShoppingCart };
    expect(cart.entries[0]!.display).toEqual({ unitPrice: '£49.00', originalUnitPrice: '£65.00', lineTotal: '£49.00' });
  });

  it('sells a download under its one SKU', async () => {
    const jar = new Jar();
    const { cart } = (await (await add(jar, { productId: 'p-dark-peak-maps', sku: 'digital' })).json()) as { cart: ShoppingCart };
    expect(cart).toMatchObject({ subtotalCents: 900, purelyDigital: true, requiresShipping: false });
  });

  // [case, body, status, error]
  const hostile: [string, Record<string, unknown>, number, string][] = [
    ['a negative quantity', { ...JACKET_M, quantity: -1 }, 400, 'quantity must be a whole number from 1 to 999'],
    ['a zero quantity', { ...JACKET_M, quantity: 0 }, 400, 'quantity must be a whole number from 1 to 999'],
    ['a huge quantity', { ...JACKET_M, quantity: 1e12 }, 400, 'quantity must be a whole number from 1 to 999'],
    ['a fractional quantity', { ...JACKET_M, quantity: 1.5 }, 400, 'quantity must be a whole number from 1 to 999'],
    ['a quantity that is not a number', { ...JACKET_M, quantity: 'lots' }, 400, 'quantity must be a whole number from 1 to 999'],
    ['more than the stock', { ...JACKET_M, quantity: 8 }, 409, 'Only 7 of Edale Waterproof Jacket (Moss / M) are left.'],
    ['a variant of another product', { productId: 'p-edale-jacket', sku: 'TH-MUG-CRM' }, 404, 'This product is not available.'],
    ['a product that does not exist', { productId: 'p-nothing', sku: 'X' }, 404, 'This product is not available.'],
    ['a sold-out variant', { productId: 'p-edale-jacket', sku: 'TH-EDJ-SLT-XL' }, 409, 'Edale Waterproof Jacket (Slate / XL) is sold out.'],
    ['a sold-out product', { productId: 'p-kinder-pack', sku: 'TH-KDP-BLK' }, 409, 'Kinder 30 L Daypack (Black) is sold out.'],
    [
      'a gift card',
      { productId: 'p-gift-card', sku: 'TH-GC-50' },
      400,
      'Gift cards are bought on their own page, with a message for the recipient.',
    ],
    ['no productId', { sku: 'X' }, 400, 'productId is required'],
    ['a productId with odd characters', { productId: '../x', sku: 'X' }, 400, 'productId is letters, digits, _ and -'],
    ['a SKU past 60 characters', { productId: 'p-edale-jacket', sku: 'S'.repeat(61) }, 400, 'sku is at most 60 characters'],
  ];
  it.each(hostile)('refuses %s with a clear message, and makes no cart', async (_case, body, status, error) => {
    const jar = new Jar();
    const res = await add(jar, body);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ error });
    expect(jar.get('CART')).toBeUndefined();
  });

  it('refuses a body that is not an object, and one of another media type', async () => {
    const jar = new Jar();
    expect((await add(jar, [1, 2] as unknown as Record<string, unknown>)).status).toBe(400);
    const res = await call(HOST, STORE_API.entries, { method: 'POST', type: 'text/plain', body: 'productId=x' });
    expect(res.status).toBe(415);
  });

  it('refuses a quantity that would take a line past the stock, counting what is in the cart', async () => {
    const jar = new Jar();
    await add(jar, { productId: 'p-ridgeline-poles', sku: 'TH-RLP-130', quantity: 2 });
    const res = await add(jar, { productId: 'p-ridgeline-poles', sku: 'TH-RLP-130', quantity: 2 });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: 'Only 3 of Ridgeline Walking Poles (pair) (130 cm) can be bought, and your cart already holds 2.',
    });
    expect((await read(jar)).entries[0]!.quantity).toBe(2);
  });

  it('takes up to MAX_LINE_QUANTITY of an unlimited variant, and no more', async () => {
    const jar = new Jar();
    expect((await add(jar, { productId: 'p-enamel-mug', sku: 'TH-MUG-FOR', quantity: MAX_LINE_QUANTITY })).status).toBe(200);
    const res = await add(jar, { productId: 'p-enamel-mug', sku: 'TH-MUG-FOR', quantity: 1 });
    expect(res.status).toBe(409);
  });

  it('needs the crumb, as every unsafe /api/ call does', async () => {
    const res = await postJson(HOST, STORE_API.entries, JACKET_M, { crumb: false });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ crumbFail: true });
  });
});

describe('PUT and DELETE /api/commerce/cart/entries/:id', () => {
  it('changes a quantity, refuses more than the stock, and removes a line (hasCart goes with the last one)', async () => {
    const jar = new Jar();
    const { entryId } = (await (await add(jar, { ...JACKET_M, quantity: 1 })).json()) as { entryId: string };
    const put = (quantity: unknown) =>
      call(
        HOST,
        STORE_API.entry(entryId),
        { method: 'PUT', type: 'application/json', body: JSON.stringify({ quantity }) },
        { cookies: jar.header },
      );

    let res = jar.take(await put(4));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { cart: ShoppingCart }).cart.totalQuantity).toBe(4);

    res = await put(8);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'Only 7 of Edale Waterproof Jacket (Moss / M) are left.' });
    res = await put(-3);
    expect(res.status).toBe(400);

    res = jar.take(await call(HOST, STORE_API.entry(entryId), { method: 'DELETE' }, { cookies: jar.header }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { cart: ShoppingCart }).cart.entries).toEqual([]);
    expect(setCookies(res).join('\n')).toMatch(/hasCart=; Max-Age=0/);
    expect(jar.get('hasCart')).toBeUndefined();
    expect(jar.get('CART')).toBeDefined();
  });

  it('takes a quantity of 0 as a removal', async () => {
    const jar = new Jar();
    const { entryId } = (await (await add(jar, JACKET_M)).json()) as { entryId: string };
    const res = await call(
      HOST,
      STORE_API.entry(entryId),
      { method: 'PUT', type: 'application/json', body: '{"quantity":0}' },
      { cookies: jar.header },
    );
    expect(((await res.json()) as { cart: ShoppingCart }).cart.entries).toEqual([]);
  });

  it('answers 404 for a line of another cart, and for no cart at all', async () => {
    const mine = new Jar();
    const theirs = new Jar();
    const { entryId } = (await (await add(theirs, JACKET_M)).json()) as { entryId: string };
    await add(mine, JACKET_M);
    const res = await call(HOST, STORE_API.entry(entryId), { method: 'DELETE' }, { cookies: mine.header });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'This item is no longer in your cart.' });
    expect((await read(theirs)).entries).toHaveLength(1);
    const none = await call(HOST, STORE_API.entry(entryId), { method: 'DELETE' });
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ error: 'Your cart is empty.' });
  });
});

describe('GET /api/commerce/cart', () => {
  it('is an empty cart for a visitor without one, and sets no cookie', async () => {
    const res = await call(HOST, STORE_API.cart);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(setCookies(res)).toEqual([]);
    expect(await res.json()).toMatchObject({ id: null, entries: [], totalQuantity: 0, display: { grandTotal: '£0.00' } });
  });

  it('treats a made-up or malformed CART cookie as no cart', async () => {
    for (const value of ['AAAAAAAAAAAAAAAAAAAAAA', 'not-a-cart', '../../etc']) {
      const cart = (await (await call(HOST, STORE_API.cart, {}, { cookies: `CART=${value}` })).json()) as ShoppingCart;
      expect(cart).toMatchObject({ id: null, entries: [] });
    }
  });

  it('re-prices from the current snapshot: a new price and a product gone out of stock show with notices', async () => {
    const jar = new Jar();
    await add(jar, { ...JACKET_M, quantity: 2 });
    await add(jar, { productId: 'p-millstone-flask', sku: 'TH-MSF-HTH', quantity: 1 });
    const changed = structuredClone(SITE);
    const shop = changed.collections.find((c) => c.id === 'shop')!;
    const jacket = shop.items.find((i) => i.id === 'p-edale-jacket')!.product!;
    jacket.variants.find((v) => v.sku === 'TH-EDJ-MOS-M')!.price = 19900;
    shop.items.find((i) => i.id === 'p-millstone-flask')!.product!.variants.find((v) => v.sku === 'TH-MSF-HTH')!.qtyInStock = 0;
    changed.version = 'v-reprice';
    await publish(changed, HOST);
    try {
      const cart = await read(jar);
      expect(cart.subtotalCents).toBe(2 * 19900);
      expect(cart.entries.map((l) => l.available)).toEqual([true, false]);
      expect(cart.notices.map((n) => n.message)).toEqual([
        'The price of Edale Waterproof Jacket (Moss / M) has changed from £189.00 to £199.00.',
        'Millstone Insulated Flask, 750 ml (Heather) is sold out and is not included in your total.',
      ]);
    } finally {
      await publish(SITE, HOST);
    }
  });
});

describe('a cart of another site', () => {
  it('cannot be read or changed there: the other site starts a cart of its own', async () => {
    const jar = new Jar();
    await add(jar, JACKET_M);
    const cartId = jar.get('CART')!;
    const stranger = new Jar();
    stranger.cookies.set('CART', cartId);
    expect(await read(stranger, OTHER)).toMatchObject({ id: null, entries: [] });

    const res = await add(stranger, { productId: 'p-enamel-mug', sku: 'TH-MUG-CRM' }, OTHER);
    expect(res.status).toBe(200);
    expect(stranger.get('CART')).not.toBe(cartId);
    const mine = await read(jar);
    expect(mine.entries.map((l) => l.sku)).toEqual(['TH-EDJ-MOS-M']);
    expect(await env.CARTS.getByName(cartId).read('site-cartapiother')).toBeNull();
  });
});

describe('cart expiry', () => {
  it('keeps a cart while it is in use, and its alarm deletes it once left alone for CART_TTL_MS', async () => {
    const jar = new Jar();
    await add(jar, JACKET_M);
    const live = env.CARTS.getByName(jar.get('CART')!);
    // not yet due: the alarm keeps the cart
    expect(await runDurableObjectAlarm(live)).toBe(true);
    expect(await live.read('site-cartapi')).not.toBeNull();

    const id = 'OLDCARTOLDCARTOLDCART0';
    const old = env.CARTS.getByName(id);
    const then = Date.now() - CART_TTL_MS - 1000;
    await old.add(
      id,
      'site-cartapi',
      { productId: 'p-enamel-mug', sku: 'TH-MUG-CRM', quantity: 1, unitPriceCents: 1400, limit: 999 },
      then,
    );
    // its alarm was due at once (it may have run already); read as of its own time, it would still be alive
    await runDurableObjectAlarm(old);
    expect(await old.read('site-cartapi', then)).toBeNull();
    const stale = new Jar();
    stale.cookies.set('CART', id);
    expect((await read(stale)).entries).toEqual([]);
  });

  it('reads as empty once past its life, even before the alarm has run', async () => {
    const jar = new Jar();
    await add(jar, JACKET_M);
    const stub = env.CARTS.getByName(jar.get('CART')!);
    expect(await stub.read('site-cartapi', Date.now() + CART_TTL_MS + 1000)).toBeNull();
    expect((await read(jar)).entries).toEqual([]);
  });
});
