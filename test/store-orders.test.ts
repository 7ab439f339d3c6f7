// Checkout to a confirmed order, gift cards and donations through the real Worker with real Durable Objects: field
// rules (§5 US zip), the test payment provider, atomic stock (50 checkouts for 5 in stock), nothing lost or doubled
// when the objects restart mid-checkout, and orders shown only to the browser that placed them or the site's owner.
import { abortAllDurableObjects, env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShoppingCart } from '../shared/cart.ts';
import { ZIP_MESSAGE } from '../shared/checkout.ts';
import { STORE_API, type ContributionView, type OrderView, type PlacedAnswer } from '../shared/store-api.ts';
import { CARD_DATA_MESSAGE, TEST_DECLINED_MESSAGE } from '../worker/commerce/payments.ts';
import { call, originReceived, postJson, proxyRequest, publishCopy, setCookies, setOrigin, viaProxy } from './support/api.ts';
import { CRUMB, login } from './support/auth.ts';
import { Jar } from './support/store.ts';

const ID = 'site-orders';
let HOST = '';
let OWNER = '';

beforeAll(async () => {
  ({ host: HOST } = await publishCopy('trailhead', 'orders', (s) => {
    // five of one variant, for the race
    const jacket = s.collections.find((c) => c.id === 'shop')!.items.find((i) => i.id === 'p-edale-jacket')!.product!;
    jacket.variants.find((v) => v.sku === 'TH-EDJ-SLT-S')!.qtyInStock = 5;
  }));
  OWNER = await login(HOST, 'owner@trailhead.example');
});

const orders = () => env.ORDERS.getByName(ID);

const GB = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '14 Main Road',
  city: 'Hathersage',
  zip: 'S32 1BB',
  country: 'GB',
};
const US = { ...GB, address1: '350 Fifth Avenue', city: 'New York', region: 'NY', country: 'US' };

async function add(jar: Jar, productId: string, sku: string, quantity = 1): Promise<void> {
  const res = jar.take(await postJson(HOST, STORE_API.entries, { productId, sku, quantity }, { cookies: jar.header }));
  expect(res.status).toBe(200);
}

async function checkout(jar: Jar, body: Record<string, unknown>): Promise<Response> {
  return jar.take(await postJson(HOST, STORE_API.orders, body, { cookies: jar.header }));
}

async function order(jar: Jar, id: string): Promise<Response> {
  return call(HOST, STORE_API.order(id), {}, { cookies: jar.header });
}

describe('POST /api/commerce/orders', () => {
  it('places a paid order from the cart, clears the cart cookies and shows the order to its buyer', async () => {
    const jar = new Jar();
    await add(jar, 'p-edale-jacket', 'TH-EDJ-MOS-L', 1);
    await add(jar, 'p-dark-peak-maps', 'digital', 1);
    const res = await checkout(jar, { ...GB, shippingOptionId: 'uk-next-day', acceptsMarketing: true });
    expect(res.status).toBe(200);
    const placed = (await res.json()) as PlacedAnswer;
    expect(placed.id).toMatch(/^[0-9a-f]{20}$/);
    expect(placed.number).toMatch(/^\d{5}$/);
    expect(placed.redirect).toBe(`/commerce/order-confirmed?orderId=${placed.id}`);
    const cookies = setCookies(res).join('\n');
    expect(cookies).toMatch(/CART=; Max-Age=0/);
    expect(cookies).toMatch(/hasCart=; Max-Age=0/);
    expect(cookies).toMatch(/ss_receipts=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/);

    const view = (await (await order(jar, placed.id)).json()) as OrderView;
    expect(view).toMatchObject({
      id: placed.id,
      state: 'paid',
      kind: 'cart',
      currencyCode: 'GBP',
      subtotalCents: 18900 + 900,
      shippingCostCents: 895,
      grandTotalCents: 18900 + 900 + 895,
      display: { grandTotal: '£206.95', shippingCost: '£8.95' },
      shippingOption: { name: 'UK next working day', display: '£8.95' },
      customer: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', acceptsMarketing: true },
      shippingAddress: { city: 'Hathersage', zip: 'S32 1BB', country: 'GB' },
      payment: { provider: 'test', testMode: true, reference: `test_${placed.id}` },
    });
    expect(view.lines.map((l) => [l.title, l.variantLabel, l.quantity])).toEqual([
      ['Edale Waterproof Jacket', 'Moss / L', 1],
      ['Dark Peak Trail Map Pack (download)', '', 1],
    ]);
  });

  it('refuses a bad US zip code with §5’s rule, then places the order with a good one', async () => {
    const jar = new Jar();
    await add(jar, 'p-ridgeline-poles', 'TH-RLP-120');
    let res = await checkout(jar, { ...US, zip: '1001' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Please correct the fields marked below.', errors: { zip: ZIP_MESSAGE } });
    res = await checkout(jar, { ...US, zip: '10001' });
    expect(res.status).toBe(200);
    const view = (await (await order(jar, ((await res.json()) as PlacedAnswer).id)).json()) as OrderView;
    expect(view.shippingOption).toEqual({ name: 'International tracked delivery', display: '£14.95' });
    expect(view.shippingAddress).toMatchObject({ zip: '10001', region: 'NY', country: 'US' });
  });

  it('names every field in error, with the forms’ own rules', async () => {
    const jar = new Jar();
    await add(jar, 'p-ridgeline-poles', 'TH-RLP-120');
    const res = await checkout(jar, { email: 'not-an-email', firstName: '', country: 'XX', address1: 'a'.repeat(201) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({
      email: 'Email address must be a valid email address.',
      firstName: 'First name is required.',
      lastName: 'Last name is required.',
      address1: 'Address line 1 is too long.',
      city: 'City is required.',
      zip: 'ZIP or postal code is required.',
      country: 'Country must be one of the listed options.',
    });
  });

  it('asks only for contact details when nothing is shipped', async () => {
    const jar = new Jar();
    await add(jar, 'p-wild-camping-guide', 'digital');
    const res = await checkout(jar, { email: 'reader@example.com', firstName: 'Rae', lastName: 'Reader' });
    expect(res.status).toBe(200);
    const view = (await (await order(jar, ((await res.json()) as PlacedAnswer).id)).json()) as OrderView;
    expect(view).toMatchObject({ shippingAddress: null, shippingOption: null, grandTotalCents: 899 });
  });

  it('refuses any field that looks like card data, and stores nothing', async () => {
    const jar = new Jar();
    await add(jar, 'p-ridgeline-poles', 'TH-RLP-120');
    const before = await orders().counts();
    for (const field of ['cardNumber', 'card_number', 'cvc', 'cvv', 'expiry', 'ccnum']) {
      const res = await checkout(jar, { ...GB, [field]: '4242424242424242' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: CARD_DATA_MESSAGE });
    }
    expect(await orders().counts()).toEqual(before);
  });

  it('declines as the test payment is asked to, gives the stock back, and places the order on a retry', async () => {
    const jar = new Jar();
    await add(jar, 'p-ridgeline-poles', 'TH-RLP-110', 4);
    let res = await checkout(jar, { ...GB, testPaymentOutcome: 'decline' });
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({ error: TEST_DECLINED_MESSAGE });
    expect((await orders().counts()).sold[`p-ridgeline-poles:TH-RLP-110`]).toBe(0);
    expect(jar.get('CART')).toBeDefined();
    res = await checkout(jar, { ...GB, testPaymentOutcome: 'approve' });
    expect(res.status).toBe(200);
    expect((await orders().counts()).sold[`p-ridgeline-poles:TH-RLP-110`]).toBe(4);
  });

  it('refuses when the total shown is no longer the total, and says the new one', async () => {
    const jar = new Jar();
    await add(jar, 'p-millstone-flask', 'TH-MSF-GRT', 2);
    const res = await checkout(jar, { ...GB, expectedTotalCents: 1 });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: string; cart: ShoppingCart };
    expect(body.error).toBe('The total of your order is now £64.00. Please check your order and place it again.');
    expect(body.cart.grandTotalCents).toBe(6400);
  });

  it('refuses an empty cart and a visitor without one', async () => {
    const res = await checkout(new Jar(), GB);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Your cart is empty.' });
  });

  it('answers a checkout sent again after it succeeded with the same order', async () => {
    const jar = new Jar();
    await add(jar, 'p-house-blend', 'TH-HBC-FIL', 2);
    const kept = jar.header;
    const first = (await (await checkout(jar, GB)).json()) as PlacedAnswer;
    const again = await postJson(HOST, STORE_API.orders, GB, { cookies: kept });
    expect(again.status).toBe(200);
    expect(((await again.json()) as PlacedAnswer).id).toBe(first.id);
  });
});

describe('stock taken atomically', () => {
  it('turns 50 concurrent checkouts for a variant with 5 in stock into exactly 5 orders and 45 clear refusals', async () => {
    const jars = Array.from({ length: 50 }, () => new Jar());
    for (const jar of jars) await add(jar, 'p-edale-jacket', 'TH-EDJ-SLT-S', 1);
    const answers = await Promise.all(jars.map((jar) => checkout(jar, GB)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    const refusals = await Promise.all(answers.filter((r) => r.status === 409).map((r) => r.json() as Promise<{ error: string }>));
    for (const r of refusals) {
      expect(r.error).toBe('Sorry: Edale Waterproof Jacket (Slate / S) has just sold out. Your cart shows what can still be ordered.');
    }
    expect((await orders().counts()).sold['p-edale-jacket:TH-EDJ-SLT-S']).toBe(5);
    // and the next visitor cannot even add it
    const late = new Jar();
    const res = await postJson(HOST, STORE_API.entries, { productId: 'p-edale-jacket', sku: 'TH-EDJ-SLT-S' }, { cookies: late.header });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'Edale Waterproof Jacket (Slate / S) is sold out.' });
  });
});

describe('restarts mid-checkout', () => {
  it('keeps a cart through a restart of every object', async () => {
    const jar = new Jar();
    await add(jar, 'p-derwent-socks', 'TH-DWS-M-2', 3);
    await abortAllDurableObjects();
    const cart = (await (await call(HOST, STORE_API.cart, {}, { cookies: jar.header })).json()) as ShoppingCart;
    expect(cart.entries.map((l) => [l.sku, l.quantity])).toEqual([['TH-DWS-M-2', 3]]);
  });

  it.each([0, 1, 3, 8, 20])(
    'loses and doubles nothing when the objects restart %i ms into a checkout that is then retried',
    async (delay) => {
      const jar = new Jar();
      await add(jar, 'p-derwent-socks', 'TH-DWS-L-1', 2);
      const cartId = jar.get('CART')!;
      const kept = jar.header;
      const soldBefore = (await orders().counts()).sold['p-derwent-socks:TH-DWS-L-1'] ?? 0;
      const first = postJson(HOST, STORE_API.orders, GB, { cookies: kept }).catch(() => null);
      await new Promise((r) => setTimeout(r, delay));
      await abortAllDurableObjects();
      const firstAnswer = await first;
      // the browser retries with the cookies it had (it may never have seen the first answer)
      let retry = await postJson(HOST, STORE_API.orders, GB, { cookies: kept });
      if (retry.status >= 500) retry = await postJson(HOST, STORE_API.orders, GB, { cookies: kept });
      expect(retry.status).toBe(200);
      const placed = (await retry.json()) as PlacedAnswer;
      if (firstAnswer?.status === 200) expect(((await firstAnswer.json()) as PlacedAnswer).id).toBe(placed.id);
      const counts = await orders().counts();
      expect(counts.sold['p-derwent-socks:TH-DWS-L-1']).toBe(soldBefore + 2);
      const cart = await env.CARTS.getByName(cartId).read(ID);
      expect(cart).toMatchObject({ isPurchased: true, orderId: placed.id });
      const stored = await orders().order(placed.id);
      expect(stored?.view.state).toBe('paid');
      expect(stored?.cartId).toBe(cartId);
    },
  );
});

describe('GET /api/commerce/orders/:id', () => {
  it('shows an order only to the browser that placed it and to the site’s owner', async () => {
    const buyer = new Jar();
    await add(buyer, 'p-enamel-mug', 'TH-MUG-CRM');
    const placed = (await (await checkout(buyer, GB)).json()) as PlacedAnswer;
    expect((await order(buyer, placed.id)).status).toBe(200);

    const stranger = new Jar();
    const refused = await order(stranger, placed.id);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({
      error: 'This order cannot be shown here: only the browser that placed it, or the store’s owner, can see it.',
    });

    // a receipts cookie made up by hand is not signed
    stranger.cookies.set('ss_receipts', `${placed.id}.AAAA`);
    expect((await order(stranger, placed.id)).status).toBe(404);

    const owner = await call(HOST, STORE_API.order(placed.id), {}, { cookies: OWNER });
    expect(owner.status).toBe(200);
    const list = (await (await call(HOST, STORE_API.orders, {}, { cookies: OWNER })).json()) as { orders: OrderView[] };
    expect(list.orders.some((o) => o.id === placed.id)).toBe(true);
    expect((await call(HOST, STORE_API.orders)).status).toBe(401);
  });

  it('answers 404 for ids that are not ours', async () => {
    for (const id of ['nope', '0123456789abcdef0123', '../../x']) expect((await order(new Jar(), id)).status).toBe(404);
  });
});

describe('POST /api/commerce/gift-cards', () => {
  const GIFT = {
    productId: 'p-gift-card',
    sku: 'TH-GC-50',
    email: 'giver@example.com',
    firstName: 'Gil',
    lastName: 'Giver',
    recipientName: 'Rosa',
    recipientEmail: 'rosa@example.com',
    idempotencyKey: 'gift-key-0123456789',
  };

  it('buys a gift card for a recipient: no shipping, no tax, a code kept for the recipient and the owner', async () => {
    const jar = new Jar();
    const res = jar.take(await postJson(HOST, STORE_API.giftCards, { ...GIFT, message: 'Happy birthday!' }));
    expect(res.status).toBe(200);
    const placed = (await res.json()) as PlacedAnswer;
    const view = (await (await order(jar, placed.id)).json()) as OrderView;
    expect(view).toMatchObject({
      kind: 'gift-card',
      state: 'paid',
      grandTotalCents: 5000,
      shippingAddress: null,
      giftCard: { recipientName: 'Rosa', recipientEmail: 'rosa@example.com', message: 'Happy birthday!', amount: '£50.00' },
    });
    expect(JSON.stringify(view)).not.toMatch(/[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/);
    expect((await orders().order(placed.id))?.giftCardCode).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    // the same key again: the same order
    const again = await postJson(HOST, STORE_API.giftCards, GIFT);
    expect(((await again.json()) as PlacedAnswer).id).toBe(placed.id);
  });

  it('refuses a product that is not a gift card, and a recipient without an e-mail address', async () => {
    let res = await postJson(HOST, STORE_API.giftCards, {
      productId: 'p-enamel-mug',
      sku: 'TH-MUG-CRM',
      ...GB,
      recipientName: 'R',
      recipientEmail: 'r@example.com',
    });
    expect(res.status).toBe(404);
    res = await postJson(HOST, STORE_API.giftCards, { productId: 'p-gift-card', sku: 'TH-GC-25', ...GB, recipientName: 'R' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({
      recipientEmail: "Recipient's email address is required.",
    });
  });
});

describe('POST /api/commerce/donations', () => {
  const donor = { email: 'donor@example.com', firstName: 'Dee', lastName: 'Donor', donatePageId: 'trail-fund' };

  it('records a contribution in the store currency and lands on CONTRIBUTION_CONFIRMED', async () => {
    const jar = new Jar();
    const res = jar.take(await postJson(HOST, STORE_API.donations, { ...donor, amount: '£1,250.50' }));
    expect(res.status).toBe(200);
    const placed = (await res.json()) as PlacedAnswer;
    expect(placed.redirect).toBe(`/commerce/contribution-confirmed?donatePageId=trail-fund&contributionId=${placed.id}`);
    const stored = (await orders().contribution(placed.id)) as ContributionView & { state: string };
    expect(stored).toMatchObject({ state: 'paid', amountCents: 125050, display: { amount: '£1,250.50' }, title: 'Give to the Trail Fund' });
  });

  // [amount typed, message]
  const amounts: [string, string][] = [
    ['', 'Enter the amount you would like to give.'],
    ['ten pounds', 'Enter an amount in numbers, such as 25 or 25.50.'],
    ['-5', 'Enter an amount in numbers, such as 25 or 25.50.'],
    ['12.345', 'Enter an amount in numbers, such as 25 or 25.50.'],
    ['0.99', 'The smallest amount we can take is £1.00.'],
    ['1000000.01', 'The largest amount we can take is £1,000,000.00.'],
    ['1e5', 'Enter an amount in numbers, such as 25 or 25.50.'],
  ];
  it.each(amounts)('refuses the amount %j: %s', async (amount, message) => {
    const res = await postJson(HOST, STORE_API.donations, { ...donor, amount });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({ amount: message });
  });

  it('refuses a donation page that no block offers', async () => {
    const res = await postJson(HOST, STORE_API.donations, { ...donor, donatePageId: 'nothing', amount: '10' });
    expect(res.status).toBe(404);
  });
});

describe('the store API with API_ORIGIN set', () => {
  const ORIGIN = 'store.origin.example.test';

  it('checks the input at the edge, then forwards the call with the store’s cookies and passes the origin’s answer on', async () => {
    await setOrigin(ORIGIN, { reset: true });
    const bad = await viaProxy(
      proxyRequest(HOST, STORE_API.entries, {
        method: 'POST',
        type: 'application/json',
        body: '{"productId":"p-edale-jacket","sku":"X","quantity":-2}',
      }),
      ORIGIN,
    );
    expect(bad.res.status).toBe(400);
    expect(await originReceived(ORIGIN)).toEqual([]);

    const { res } = await viaProxy(
      proxyRequest(
        HOST,
        STORE_API.entries,
        { method: 'POST', type: 'application/json', body: '{"productId":"p-edale-jacket","sku":"TH-EDJ-MOS-M","quantity":2}' },
        { cookies: 'CART=AAAAAAAAAAAAAAAAAAAAAA; hasCart=true; _ga=GA1; ss_receipts=x' },
      ),
      ORIGIN,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ origin: true, path: '/api/commerce/cart/entries' });
    expect(setCookies(res)).toEqual(['CART=origincartorigincart00; Path=/; HttpOnly; SameSite=Lax']);
    const [received] = await originReceived(ORIGIN);
    expect(received!.headers.cookie).toBe(`crumb=${CRUMB}; CART=AAAAAAAAAAAAAAAAAAAAAA; hasCart=true; ss_receipts=x`);
    expect(JSON.parse(received!.body)).toEqual({ productId: 'p-edale-jacket', sku: 'TH-EDJ-MOS-M', quantity: 2 });
    expect(received!.headers['x-sitebuilder-website-id']).toBe(ID);
  });
});
