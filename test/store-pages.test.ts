// The store's pages through the real Worker: the cart pages and checkout drawn with the visitor's cart (never cached,
// never public), the plain-HTML forms that work without script (303 on success, the page again with the reasons on a
// refusal, only from the site itself), §2's goto-checkout alert and gift-card page, the confirmations shown only to
// their buyer, the owner's e-mail preview of a real order, and product pages whose island props are the same for
// every visitor.
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeIslands, ISLANDS_ELEMENT_ID } from '../shared/islands/protocol.ts';
import { createExecutionContext, env } from 'cloudflare:test';
import { GOTO_CHECKOUT_ALERT, PAYMENTS_UNAVAILABLE_MESSAGE, STORE_API } from '../shared/store-api.ts';
import { app } from '../worker/index.ts';
import { originReceived, postForm, postJson, proxyRequest, publishCopy, setCookies, setOrigin, viaProxy } from './support/api.ts';
import { CRUMB, login } from './support/auth.ts';
import { textOf } from './support/fixtures.ts';
import { visit } from './support/sites.ts';
import { Jar } from './support/store.ts';

let HOST = '';
let ORIGIN = '';
let OWNER = '';

beforeAll(async () => {
  ({ host: HOST } = await publishCopy('trailhead', 'storepages'));
  ORIGIN = `http://${HOST}`;
  OWNER = await login(HOST, 'owner@trailhead.example');
});

async function page(path: string, jar?: Jar, headers: Record<string, string> = {}): Promise<{ res: Response; html: string; text: string }> {
  const res = await visit(HOST, path, { headers: { ...(jar ? { Cookie: jar.header } : {}), ...headers } });
  jar?.take(res);
  const html = await res.text();
  return { res, html, text: textOf(html) };
}

/** A plain-HTML form post from the site's own page, as a browser sends it. */
async function form(
  path: string,
  fields: Record<string, string>,
  jar: Jar,
  headers: Record<string, string> = { Origin: ORIGIN },
): Promise<Response> {
  const res = await visit(HOST, path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: jar.header, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return jar.take(res);
}

function islandProps(html: string): unknown[] {
  const m = new RegExp(`<script type="application/json" id="${ISLANDS_ELEMENT_ID}">(.*?)</script>`, 's').exec(html);
  return m ? decodeIslands(m[1]!).props : [];
}

const ADDRESS = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '350 Fifth Avenue',
  city: 'New York',
  region: 'NY',
  country: 'US',
};

describe('the cart pages', () => {
  it('draw the visitor’s cart, private and never stored', async () => {
    const jar = new Jar();
    jar.take(await postJson(HOST, STORE_API.entries, { productId: 'p-edale-jacket', sku: 'TH-EDJ-MOS-M', quantity: 2 }));
    const { res, text } = await page('/cart', jar);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('X-Page-Cache')).toBeNull();
    expect(text).toMatch(/Cart \(\s*2 items\s*\)/);
    expect(text).toContain('Edale Waterproof Jacket');
    expect(text).toContain('Moss / M');
    expect(text).toContain('£378.00');
    const empty = await page('/cart');
    expect(empty.text).toContain('Your cart is empty.');
    expect(empty.text).not.toContain('Edale Waterproof Jacket');
  });
});

describe('the plain-HTML forms of the store', () => {
  it('add to the cart from a product’s form and land on the cart (303), with the cart cookies', async () => {
    const jar = new Jar();
    const res = await form('/cart', { intent: 'add', productId: 'p-millstone-flask', sku: 'TH-MSF-GRT', quantity: '2' }, jar);
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/cart');
    expect(jar.get('CART')).toBeDefined();
    expect(jar.get('hasCart')).toBe('true');
    expect((await page('/cart', jar)).text).toContain('Millstone Insulated Flask, 750 ml');
  });

  it('change a quantity, one more, and remove a line', async () => {
    const jar = new Jar();
    await form('/cart', { intent: 'add', productId: 'p-millstone-flask', sku: 'TH-MSF-GRT' }, jar);
    const html = (await page('/cart', jar)).html;
    const entryId = /name="quantity-([0-9a-f]{20})"/.exec(html)![1]!;
    expect((await form('/cart', { intent: 'update', [`quantity-${entryId}`]: '3' }, jar)).status).toBe(303);
    expect((await page('/cart', jar)).text).toContain('£96.00');
    await form('/cart', { intent: `increase:${entryId}`, [`quantity-${entryId}`]: '3' }, jar);
    expect((await page('/cart', jar)).text).toContain('£128.00');
    await form('/cart', { intent: `remove:${entryId}` }, jar);
    expect((await page('/cart', jar)).text).toContain('Your cart is empty.');
    expect(jar.get('hasCart')).toBeUndefined();
  });

  it('send the cart page back with the reason when the store refuses', async () => {
    const jar = new Jar();
    const res = await form('/cart', { intent: 'add', productId: 'p-kinder-pack', sku: 'TH-KDP-HTH' }, jar);
    expect(res.status).toBe(409);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(textOf(await res.text())).toContain('Kinder 30 L Daypack (Heather) is sold out.');
  });

  it('refuse a post from another site, and one that says nothing about where it came from without the crumb', async () => {
    const jar = new Jar();
    const fields = { intent: 'add', productId: 'p-millstone-flask', sku: 'TH-MSF-GRT' };
    expect((await form('/cart', fields, jar, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await form('/cart', fields, jar, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await form('/cart', fields, jar, {})).status).toBe(403);
    expect(jar.get('CART')).toBeUndefined();
    jar.cookies.set('crumb', CRUMB);
    expect((await form('/cart', { ...fields, crumb: CRUMB }, jar, {})).status).toBe(303);
  });

  it('check out: a bad US zip sends the page back with the message and what was typed, a good one places the order', async () => {
    const jar = new Jar();
    await form('/cart', { intent: 'add', productId: 'p-ridgeline-poles', sku: 'TH-RLP-120' }, jar);
    let res = await form('/checkout', { ...ADDRESS, zip: '1234' }, jar);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(textOf(html)).toContain('ZIP code must be exactly 5 digits.');
    expect(html).toContain('value="350 Fifth Avenue"');
    res = await form('/checkout', { ...ADDRESS, zip: '10001', shippingOptionId: 'international', testPaymentOutcome: 'approve' }, jar);
    expect(res.status).toBe(303);
    const location = res.headers.get('Location')!;
    expect(location).toMatch(/^\/commerce\/order-confirmed\?orderId=[0-9a-f]{20}$/);
    const confirmed = await page(location, jar);
    expect(confirmed.res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(confirmed.text).toContain('Thank you for your order');
    expect(confirmed.text).toMatch(/Order number \d{5}/);
    expect(confirmed.text).toContain('Ridgeline Walking Poles (pair)');
    expect(confirmed.text).toContain('International tracked delivery');
    expect(confirmed.text).toContain('A test payment: nothing was charged.');
    // another visitor with the same link sees no order
    const stranger = await page(location);
    expect(stranger.text).toContain('This order can only be shown in the browser it was placed in.');
    expect(stranger.text).not.toContain('Ridgeline');
  });

  it('give to a donation page and land on its confirmation, which shows the amount to the donor', async () => {
    const jar = new Jar();
    const res = await form(
      '/commerce/donate?donatePageId=trail-fund',
      { amount: 'other', otherAmount: '12.50', firstName: 'Dee', lastName: 'Donor', email: 'dee@example.com' },
      jar,
    );
    expect(res.status).toBe(303);
    const location = res.headers.get('Location')!;
    expect(location).toMatch(/^\/commerce\/contribution-confirmed\?donatePageId=trail-fund&contributionId=[0-9a-f]{20}$/);
    const confirmed = await page(location, jar);
    expect(confirmed.text).toContain('Your contribution of £12.50 to Give to the Trail Fund has been received');
    expect((await page(location)).text).not.toContain('£12.50');
  });

  it('send the donation page back with the amount’s message', async () => {
    const res = await form(
      '/commerce/donate?donatePageId=trail-fund',
      { amount: 'other', otherAmount: '0.50', firstName: 'D', lastName: 'D', email: 'd@example.com' },
      new Jar(),
    );
    expect(res.status).toBe(400);
    expect(textOf(await res.text())).toContain('The smallest amount we can take is £1.00.');
  });
});

describe('GET /commerce/goto-checkout (§2)', () => {
  it('shows the alert to a visitor without the cart cookies', async () => {
    const { res, text } = await page('/commerce/goto-checkout');
    expect(res.status).toBe(200);
    expect(text).toContain(GOTO_CHECKOUT_ALERT);
  });

  it.each([['hasCart=true'], ['CART=AAAAAAAAAAAAAAAAAAAAAA']])('goes to checkout with %s', async (cookie) => {
    const res = await visit(HOST, '/commerce/goto-checkout', { headers: { Cookie: cookie } });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/checkout');
  });
});

describe('GET /checkout/giftcard (§2)', () => {
  const url = (websiteId: string, productId = 'p-gift-card', sku = 'TH-GC-50') =>
    `/checkout/giftcard?websiteId=${websiteId}&giftCardProductId=${productId}&sku=${sku}`;

  it('is the purchase page of this site’s gift card, with the amount of the URL', async () => {
    const { res, html, text } = await page(url('site-storepages'));
    expect(res.status).toBe(200);
    expect(text).toContain('Buy the Trailhead Gift Card');
    expect(html).toMatch(/<option value="TH-GC-50" selected="">/);
    expect(text).toContain('Test mode');
  });

  it.each([
    ['another site’s id', url('site-trailhead')],
    ['a product that is not a gift card', url('site-storepages', 'p-enamel-mug', 'TH-MUG-CRM')],
    ['an amount the card does not come in', url('site-storepages', 'p-gift-card', 'TH-GC-75')],
  ])('is not found for %s', async (_case, path) => {
    expect((await page(path)).res.status).toBe(404);
  });

  it('is where a gift card’s product form goes without script: /cart sends it on, with nothing in the cart', async () => {
    const jar = new Jar();
    const res = await form('/cart', { intent: 'add', productId: 'p-gift-card', sku: 'TH-GC-100', quantity: '1' }, jar);
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(url('site-storepages', 'p-gift-card', 'TH-GC-100'));
    expect(jar.get('CART')).toBeUndefined();
    // an amount the card does not come in: its first amount
    const other = await form('/cart', { intent: 'add', productId: 'p-gift-card', sku: 'TH-GC-75' }, jar);
    expect(other.headers.get('Location')).toBe(url('site-storepages', 'p-gift-card', 'TH-GC-25'));
  });

  it('buys the gift card without script and confirms it to the buyer', async () => {
    const jar = new Jar();
    const res = await form(
      url('site-storepages'),
      {
        sku: 'TH-GC-100',
        email: 'g@example.com',
        firstName: 'Gil',
        lastName: 'Giver',
        recipientName: 'Rosa',
        recipientEmail: 'rosa@example.com',
        idempotencyKey: 'gc-form-0123456789',
      },
      jar,
    );
    expect(res.status).toBe(303);
    const confirmed = await page(res.headers.get('Location')!, jar);
    expect(confirmed.text).toMatch(/A £100\.00 gift card for Rosa \(\s*rosa@example\.com\s*\) is paid for\./);
  });
});

describe('payments with no provider configured', () => {
  /** The page through the Worker as production runs it until a provider is configured: PAYMENT_PROVIDER empty. */
  async function withoutProvider(path: string, jar: Jar): Promise<{ res: Response; html: string; text: string }> {
    const request = new Request(`http://${HOST}${path}`, { headers: { Cookie: jar.header } });
    const res = await app.fetch(request, { ...env, ENVIRONMENT: 'production', PAYMENT_PROVIDER: '' }, createExecutionContext());
    const html = await res.text();
    return { res, html, text: textOf(html) };
  }

  it('say so on the checkout and donate pages, and offer no button, rather than promise a payment', async () => {
    const jar = new Jar();
    jar.take(await postJson(HOST, STORE_API.entries, { productId: 'p-enamel-mug', sku: 'TH-MUG-CRM' }));
    for (const path of ['/checkout', '/commerce/donate?donatePageId=trail-fund']) {
      const { res, html, text } = await withoutProvider(path, jar);
      expect(res.status, path).toBe(200);
      expect(text, path).toContain(PAYMENTS_UNAVAILABLE_MESSAGE);
      expect(text, path).not.toMatch(/Test mode|payment provider/);
      expect(html, path).toMatch(/<button type="submit" class="commerce-button commerce-button-block[^"]*" disabled="">/);
    }
    // with the test provider, the same pages say it is a test and can be sent
    const { html, text } = await page('/checkout', jar);
    expect(text).toContain('Test mode');
    expect(html).not.toMatch(/commerce-place-order" disabled/);
  });
});

describe('the owner’s e-mail preview', () => {
  it('shows a real order to the owner, and the sample to everyone else', async () => {
    const jar = new Jar();
    jar.take(await postJson(HOST, STORE_API.entries, { productId: 'p-derwent-socks', sku: 'TH-DWS-L-2', quantity: 2 }));
    const placed = (await jar
      .take(await postJson(HOST, STORE_API.orders, { ...ADDRESS, zip: '10001' }, { cookies: jar.header }))
      .json()) as {
      id: string;
      number: string;
    };
    const owner = await page(`/commerce/email-preview?orderId=${placed.id}`, undefined, { Cookie: OWNER, 'Sec-Fetch-Dest': 'iframe' });
    expect(owner.text).toMatch(new RegExp(`Order #\\s*${placed.number}`));
    expect(owner.text).toContain(`order ${placed.number}`);
    expect(owner.text).toContain('Derwent Wool Walking Socks');
    expect(owner.text).toContain('£64.00');
    const anonymous = await page(`/commerce/email-preview?orderId=${placed.id}`);
    expect(anonymous.text).toMatch(/Order #\s*00001/);
    expect(anonymous.text).not.toContain('Derwent Wool Walking Socks');
  });
});

describe('cached product pages', () => {
  it('carry the same island props for every visitor: the cart is read after load', async () => {
    const jar = new Jar();
    jar.take(await postJson(HOST, STORE_API.entries, { productId: 'p-enamel-mug', sku: 'TH-MUG-CRM', quantity: 3 }));
    for (const path of ['/shop/edale-waterproof-jacket', '/shop', '/gift-guide', '/']) {
      const anonymous = await page(path);
      const shopper = await page(path, jar);
      expect(islandProps(shopper.html)).toEqual(islandProps(anonymous.html));
      expect(shopper.html).not.toContain(jar.get('CART')!);
      expect(setCookies(shopper.res).join('\n')).not.toMatch(/CART=/);
    }
  });

  it('put the cart badge in the header of a store’s pages, without a number', async () => {
    const { html } = await page('/shop');
    expect(html).toMatch(/<site-island data-island="cart-badge"[^>]*><a class="cart-badge" href="\/cart">/);
    expect(html).toMatch(
      /<span class="visually-hidden">Cart<\/span><span class="cart-badge-label" aria-hidden="true">Cart<\/span><span class="cart-badge-count" aria-hidden="true"><\/span><\/a>/,
    );
  });
});

describe('the store’s pages with API_ORIGIN set', () => {
  const ORIGIN_HOST = 'pages.origin.example.test';

  it('draw the cart the origin holds, and send a plain-HTML add to the origin’s cart API', async () => {
    await setOrigin(ORIGIN_HOST, { reset: true });
    const { res } = await viaProxy(proxyRequest(HOST, '/cart', {}, { cookies: 'CART=AAAAAAAAAAAAAAAAAAAAAA' }), ORIGIN_HOST);
    expect(res.status).toBe(200);
    const text = textOf(await res.text());
    expect(text).toContain('Origin Mug');
    expect(text).toContain('£14.00');
    const [read] = await originReceived(ORIGIN_HOST);
    expect(read).toMatchObject({ method: 'GET', path: '/api/commerce/cart' });
    expect(read!.headers.cookie).toContain('CART=AAAAAAAAAAAAAAAAAAAAAA');

    await setOrigin(ORIGIN_HOST, { reset: true });
    const added = await viaProxy(
      proxyRequest(HOST, '/cart', {
        method: 'POST',
        type: 'application/x-www-form-urlencoded',
        body: 'intent=add&productId=p-edale-jacket&sku=TH-EDJ-MOS-M&quantity=2',
        headers: { Origin: ORIGIN },
      }),
      ORIGIN_HOST,
    );
    expect(added.res.status).toBe(303);
    expect(setCookies(added.res)).toContain('CART=origincartorigincart00; Path=/; HttpOnly; SameSite=Lax');
    const [post] = await originReceived(ORIGIN_HOST);
    expect(post).toMatchObject({ method: 'POST', path: '/api/commerce/cart/entries' });
    expect(post!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(post!.body)).toEqual({ productId: 'p-edale-jacket', sku: 'TH-EDJ-MOS-M', quantity: 2 });
  });

  it('say the store is unavailable when the origin is down, and still draw the page', async () => {
    await setOrigin(ORIGIN_HOST, { reset: true });
    await setOrigin(ORIGIN_HOST, { mode: 'down' });
    const { res } = await viaProxy(proxyRequest(HOST, '/cart', {}, { cookies: 'CART=AAAAAAAAAAAAAAAAAAAAAA' }), ORIGIN_HOST);
    expect(res.status).toBe(200);
    const text = textOf(await res.text());
    expect(text).toContain('This service is temporarily unavailable. Please try again later.');
    expect(text).toContain('Your cart is empty.');
  });
});

describe('the store’s engagement events (§3)', () => {
  const NAMES = ['Cart Add', 'Checkout Started', 'Checkout Completed'];
  const counts = async () => {
    const res = await visit(HOST, '/api/census/Summary', { headers: { Cookie: OWNER } });
    const { engagementEvents } = (await res.json()) as { engagementEvents: Record<string, number> };
    return NAMES.map((name) => engagementEvents[name] ?? 0);
  };
  /** The RecordEvent a shopper's browser sends for one (client/ui/cart.ts), as the request layer sends it. */
  const recordEvent = (event: string) => ({
    crumb: CRUMB,
    event,
    data: JSON.stringify({ websiteId: 'site-storepages', templateId: 't', variantId: 't', pagePath: '/checkout' }),
  });

  it('are the browser’s RecordEvents: the edge counts none itself, so an add, a checkout and an order count once each', async () => {
    const before = await counts();
    const jar = new Jar();
    await form('/cart', { intent: 'add', productId: 'p-house-blend', sku: 'TH-HBC-ESP' }, jar);
    await page('/checkout', jar);
    const placed = await form('/checkout', { ...ADDRESS, zip: '10001', shippingOptionId: 'international' }, jar);
    expect(placed.status).toBe(303);
    for (const name of NAMES) expect((await postForm(HOST, '/api/events/RecordEvent', recordEvent(name))).status).toBe(204);
    // what the edge once recorded itself went after its responses (waitUntil): time for it to land, were it sent
    await new Promise((r) => setTimeout(r, 300));
    expect(await counts()).toEqual(before.map((n) => n + 1));
  });

  it('reach the product origin as RecordEvents when API_ORIGIN is set', async () => {
    const ORIGIN_HOST = 'events.origin.example.test';
    await setOrigin(ORIGIN_HOST, { reset: true });
    for (const name of NAMES) {
      const request = proxyRequest(HOST, '/api/events/RecordEvent', {
        method: 'POST',
        type: 'application/x-www-form-urlencoded',
        body: new URLSearchParams(recordEvent(name)).toString(),
      });
      const { res, settled } = await viaProxy(request, ORIGIN_HOST);
      expect(res.status).toBe(204);
      await settled;
    }
    const received = await originReceived(ORIGIN_HOST);
    expect(received.map((r) => [r.path, new URLSearchParams(r.body).get('event')])).toEqual(
      NAMES.map((name) => ['/api/events/RecordEvent', name]),
    );
  });
});
