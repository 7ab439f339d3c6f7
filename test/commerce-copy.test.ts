// What the commerce pages tell a shopper: nothing the runtime does not do (issue 14, item 16). The runtime sends no
// e-mail, has no express checkout, delivers no download and redeems no gift card at checkout; every store page, from
// the product to the confirmations, is read with goods in the cart and after real purchases, and none may say it does.
import { beforeAll, describe, expect, it } from 'vitest';
import { STORE_API, type PlacedAnswer } from '../shared/store-api.ts';
import { postJson, publishCopy } from './support/api.ts';
import { textOf } from './support/fixtures.ts';
import { visit } from './support/sites.ts';
import { Jar } from './support/store.ts';

let HOST = '';

beforeAll(async () => {
  ({ host: HOST } = await publishCopy('trailhead', 'storecopy'));
});

async function read(path: string, jar?: Jar): Promise<string> {
  const res = await visit(HOST, path, { headers: jar ? { Cookie: jar.header } : {} });
  expect(res.status, path).toBe(200);
  return textOf(await res.text());
}

async function post(jar: Jar, path: string, body: unknown): Promise<PlacedAnswer> {
  const res = jar.take(await postJson(HOST, path, body, { cookies: jar.header }));
  expect(res.status, path).toBe(200);
  return (await res.json()) as PlacedAnswer;
}

/** A visitor with a jacket and a download in the cart. */
async function cartWithGoods(): Promise<Jar> {
  const jar = new Jar();
  await post(jar, STORE_API.entries, { productId: 'p-edale-jacket', sku: 'TH-EDJ-MOS-M' });
  await post(jar, STORE_API.entries, { productId: 'p-dark-peak-maps', sku: 'digital' });
  return jar;
}

const BUYER = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };

/** Every page a shopper meets, as they see it: with goods in the cart, and after an order, a gift card and a gift. */
async function storePages(): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  const jar = await cartWithGoods();
  for (const path of [
    '/shop',
    '/shop/edale-waterproof-jacket',
    '/shop/dark-peak-trail-map-pack',
    '/shop/trailhead-gift-card',
    '/cart',
    '/checkout',
    '/checkout/giftcard?websiteId=site-storecopy&giftCardProductId=p-gift-card&sku=TH-GC-50',
    '/commerce/donate?donatePageId=trail-fund',
  ]) {
    pages.set(path, await read(path, jar));
  }
  const order = await post(jar, STORE_API.orders, {
    ...BUYER,
    address1: '14 Main Road',
    city: 'Hathersage',
    zip: 'S32 1BB',
    country: 'GB',
    shippingOptionId: 'uk-standard',
  });
  const gift = await post(jar, STORE_API.giftCards, {
    ...BUYER,
    productId: 'p-gift-card',
    sku: 'TH-GC-50',
    recipientName: 'Rosa',
    recipientEmail: 'rosa@example.com',
    message: 'Happy birthday!',
    idempotencyKey: 'copy-gift-0123456789',
  });
  const given = await post(jar, STORE_API.donations, { ...BUYER, amount: '25', donatePageId: 'trail-fund' });
  for (const placed of [order, gift, given]) pages.set(placed.redirect, await read(placed.redirect, jar));
  return pages;
}

/** What the runtime does not do, as a page would promise it. */
const PROMISES: [string, RegExp][] = [
  ['an express checkout', /express checkout/i],
  ['an e-mail sent', /\bby e-?mail\b|\bwe will (write|e-?mail)|\be-?mail(s)? you\b|on its way|e-?mail with (tracking|meeting)/i],
  ['a download delivered', /instant download|download (link|it) (now|here)|download starts/i],
  ['a gift card redeemed online', /(redeem|valid|use it)[^.]{0,60}\bonline\b/i],
];

describe('the store’s pages', () => {
  it('promise nothing the runtime does not do: no e-mail, no express checkout, no download, no gift card online', async () => {
    const pages = await storePages();
    expect([...pages.keys()].length).toBe(11);
    const found = [...pages].flatMap(([path, text]) =>
      PROMISES.flatMap(([what, pattern]) => {
        const m = pattern.exec(text);
        return m ? [`${path}: ${what} (“${m[0]}”)`] : [];
      }),
    );
    expect(found).toEqual([]);
  });

  it('a promise the runtime does not keep is found: the sweep can fail', () => {
    for (const said of [
      'Gift cards and downloads are sent by email straight away.',
      'A £50.00 gift card is on its way to Rosa.',
      'We will write to ada@example.com about this order.',
      'Try our Express Checkout.',
      'PDF and GPX files · Instant download',
      'Valid for two years in the shop, the café and online.',
    ]) {
      expect(
        PROMISES.some(([, pattern]) => pattern.test(said)),
        said,
      ).toBe(true);
    }
  });
});

describe('GET /checkout', () => {
  it('does not promise shipping options that appear as an address is typed', async () => {
    const text = await read('/checkout', await cartWithGoods());
    expect(text).toContain('Shipping Method');
    expect(text).not.toContain('Enter a shipping address to see the shipping options');
  });
});
