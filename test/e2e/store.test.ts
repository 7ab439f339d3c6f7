// The store as a shopper uses it on trailhead, in Debian's Chromium against wrangler dev (issue §4): a variant picked
// and two added with the header's badge changing without a reload; the cart's quantity changed and a line removed;
// checkout with a bad US zip then a good one, to the confirmed order; a sold-out variant that cannot be added, and one
// that sold out in another visit after the page was loaded; goto-checkout without cookies; a donation and a gift card
// end to end; the quick view and the product image zoom; and the same purchase without JavaScript.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GOTO_CHECKOUT_ALERT } from '../../shared/store-api.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seriousAxeViolations } from './support/axe.ts';
import { launchChromium } from './support/browser.ts';
import { checkHtmlFiles, formatMessage } from './support/html-checker.ts';
import { measureOverflow } from './support/overflow.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { wakeAndWait } from './support/islands.ts';

const HOST = 'trailhead.localhost';

let server: DevServer;
let browser: Browser;
let context: BrowserContext | undefined;
const origin = () => server.origin(HOST);

beforeAll(async () => {
  server = await startDevServer(['fixtures/sites/trailhead.json']);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** Script errors and console errors (hydration mismatches, CSP refusals) of the current test's pages. */
let problems: string[] = [];

async function newPage(options: { javaScriptEnabled?: boolean; width?: number } = {}): Promise<Page> {
  context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();
  problems = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.setDefaultTimeout(15_000);
  page.setDefaultNavigationTimeout(20_000);
  return page;
}

/** Wakes an island of the page as a shopper's first touch does (a React island waits for one), then waits until it has hydrated. */
async function hydrated(page: Page, island: string): Promise<void> {
  await wakeAndWait(page, `site-island[data-island="${island}"]`);
}

/**
 * Presses a form's button and waits for the page it leads to; if none comes, the failure says what the shopper saw
 * instead (the page, the form's message, the button), not only that a navigation timed out.
 */
async function pressAndLand(page: Page, pathname: string, press: () => Promise<void>): Promise<void> {
  try {
    await Promise.all([page.waitForURL((url) => url.pathname === pathname), press()]);
  } catch (error) {
    const seen = await page
      .evaluate(() => ({
        url: location.href,
        message: document.querySelector('[id$="-message"]')?.textContent ?? null,
        alert: document.querySelector('[role=alert]')?.textContent ?? null,
        button: document.querySelector('form button[type=submit], form button:not([type])')?.outerHTML ?? null,
      }))
      .catch((e: unknown) => String(e));
    throw new Error(`no ${pathname} after the press: ${(error as Error).message.split('\n')[0]}; the page: ${JSON.stringify(seen)}`);
  }
}

async function badgeCount(page: Page, count: number): Promise<void> {
  const name = count ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart';
  await expect.poll(() => page.getByRole('link', { name, exact: true }).count()).toBe(1);
}

/** Adds a variant from its product page, as a shopper does. */
async function addFromProductPage(page: Page, path: string, option: string | null, quantity: number): Promise<void> {
  await page.goto(`${origin()}${path}`);
  await hydrated(page, 'product');
  const panel = page.locator('.product-summary .product-purchase');
  if (option) await panel.getByRole('combobox').selectOption({ label: option });
  await panel.getByLabel('Quantity').fill(String(quantity));
  await panel.getByRole('button', { name: 'Add To Cart' }).click();
  await panel.locator('.product-purchase-message.is-success').waitFor();
}

/** Another shopper buys a variant through the cart API and checkout, in a browser of their own. */
async function buyElsewhere(productId: string, sku: string): Promise<void> {
  const other = await browser.newContext();
  try {
    const page = await other.newPage();
    await page.goto(`${origin()}/about`);
    const statuses = await page.evaluate(
      async ([productId, sku]) => {
        const crumb = /(?:^|; )crumb=([^;]+)/.exec(document.cookie)?.[1] ?? '';
        const post = (path: string, body: unknown) =>
          fetch(path, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': crumb },
            body: JSON.stringify(body),
          });
        const added = await post('/api/commerce/cart/entries', { productId, sku });
        const ordered = await post('/api/commerce/orders', {
          email: 'bea@example.com',
          firstName: 'Bea',
          lastName: 'Quick',
          address1: '14 Main Road',
          city: 'Hathersage',
          zip: 'S32 1BB',
          country: 'GB',
          shippingOptionId: 'uk-next-day',
        });
        return [added.status, ordered.status];
      },
      [productId, sku] as const,
    );
    expect(statuses).toEqual([200, 200]);
  } finally {
    await other.close();
  }
}

describe('the store in Chromium', () => {
  it('picks a variant, shows its price, adds two and changes the badge without a reload', async () => {
    const page = await newPage();
    await page.goto(`${origin()}/shop/derwent-wool-walking-socks`);
    await hydrated(page, 'product');
    await hydrated(page, 'cart-badge');
    await badgeCount(page, 0);
    const panel = page.locator('.product-summary .product-purchase');
    // §3: varied prices read 'from' until a variant is chosen
    await expect.poll(() => panel.locator('.product-price').innerText()).toBe('from £18.00');
    await panel.getByRole('combobox').selectOption({ label: 'L (UK 8–11) / Two pairs' });
    await expect.poll(() => panel.locator('.product-price').innerText()).toBe('£32.00');
    await panel.getByLabel('Quantity').fill('2');
    let loads = 0;
    page.on('load', () => loads++);
    await panel.getByRole('button', { name: 'Add To Cart' }).click();
    await expect.poll(() => panel.locator('.product-add-to-cart').innerText()).toBe('Added!');
    await expect
      .poll(() => panel.locator('.product-purchase-message').innerText())
      .toContain('2 × Derwent Wool Walking Socks (L (UK 8–11) / Two pairs) added to your cart.');
    await badgeCount(page, 2);
    expect(loads).toBe(0);
    // the badge reads the cart on the next page too
    await page.goto(`${origin()}/about`);
    await hydrated(page, 'cart-badge');
    await badgeCount(page, 2);
    expect(problems).toEqual([]);
  });

  it('shows a sale price with the original, and cannot add a sold-out variant or product', async () => {
    const page = await newPage();
    await page.goto(`${origin()}/shop/stanage-merino-base-layer`);
    await hydrated(page, 'product');
    const panel = page.locator('.product-summary .product-purchase');
    await expect.poll(() => panel.locator('.sale-price').innerText()).toContain('£49.00');
    await expect.poll(() => panel.locator('del.original-price').innerText()).toContain('£65.00');

    await page.goto(`${origin()}/shop/edale-waterproof-jacket`);
    await hydrated(page, 'product');
    const option = page.locator('.product-summary select option', { hasText: 'Slate / XL' });
    expect(await option.innerText()).toBe('Slate / XL (Sold Out)');
    expect(await option.isDisabled()).toBe(true);

    await page.goto(`${origin()}/shop/kinder-30-litre-daypack`);
    await hydrated(page, 'product');
    const sold = page.locator('.product-summary .product-add-to-cart');
    expect(await sold.textContent()).toBe('Sold Out');
    expect(await sold.isDisabled()).toBe(true);
    expect(await page.locator('.product-summary .product-sold-out').textContent()).toBe('Sold Out');
    expect(problems).toEqual([]);
  });

  it('shows a variant that sold out since the page was loaded as sold out when it is picked, and sends no add the cart would refuse', async () => {
    const page = await newPage();
    const adds: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname === '/api/commerce/cart/entries' && adds.push(r.method()));
    await page.goto(`${origin()}/shop/stanage-merino-base-layer`);
    await hydrated(page, 'product');
    const panel = page.locator('.product-summary .product-purchase');
    const xl = panel.locator('select option[value="TH-STB-XL"]');
    await page.waitForLoadState('networkidle'); // the panel has asked what is left once
    expect(await xl.innerText()).toBe('XL');
    expect(await xl.isDisabled()).toBe(false);
    // meanwhile another shopper buys the last XL
    await buyElsewhere('p-stanage-base', 'TH-STB-XL');
    await panel.getByRole('combobox').selectOption({ label: 'XL' });
    // and this one asks for it at once, before anything else could happen
    await panel.locator('form').evaluate((form: HTMLFormElement) => form.requestSubmit());
    await expect.poll(() => panel.locator('.product-purchase-message').innerText()).toBe('Stanage Merino Base Layer (XL) is sold out.');
    expect(await xl.innerText()).toBe('XL (Sold Out)');
    expect(await xl.isDisabled()).toBe(true);
    const button = panel.locator('.product-add-to-cart');
    expect(await button.innerText()).toBe('Sold Out');
    expect(await button.isDisabled()).toBe(true);
    expect(adds).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('changes a quantity in the cart, applies a discount code and removes a line, with the totals and the badge following', async () => {
    const page = await newPage();
    await addFromProductPage(page, '/shop/millstone-insulated-flask', 'Gritstone grey', 1);
    await addFromProductPage(page, '/shop/ridgeline-walking-poles', '120 cm', 1);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`${origin()}/cart`);
    await hydrated(page, 'cart-badge');
    await badgeCount(page, 2);
    // a cart that is only looked at runs no React: the island's code is preloaded as it comes near the viewport (issue
    // 28 §2), and the island wakes at the visitor's first press in it
    await page.waitForLoadState('networkidle');
    const preloaded = await page.$$eval('link[rel=modulepreload]', (links) => links.map((l) => (l as HTMLLinkElement).href));
    const bodies = await page.evaluate(
      (urls) => Promise.all(urls.map((u) => fetch(u).then(async (r) => ({ url: u, text: await r.text() })))),
      scripts,
    );
    // react-dom's production build names its error pages: fetched only as a modulepreload, never run
    expect(bodies.filter((b) => b.text.includes('react.dev/errors') && !preloaded.includes(b.url)).map((b) => b.url)).toEqual([]);
    expect(await page.locator('site-island[data-island="cart"]').getAttribute('data-island-state')).toBeNull();
    const flask = page.locator('.commerce-line', { hasText: 'Millstone Insulated Flask' });
    // that first press is held while the island loads, then replayed: the quantity goes up once, without a reload
    let reloaded = false;
    page.on('framenavigated', () => (reloaded = true));
    await flask.getByRole('button', { name: /One more/ }).click();
    await expect.poll(() => flask.locator('.commerce-line-total').innerText()).toBe('£64.00');
    await hydrated(page, 'cart');
    expect(reloaded).toBe(false);
    await expect.poll(() => page.locator('.commerce-totals-row', { hasText: 'Subtotal' }).innerText()).toContain('£143.00');
    await badgeCount(page, 3);
    // a quantity typed in
    await flask.getByRole('spinbutton').fill('3');
    await expect.poll(() => flask.locator('.commerce-line-total').innerText()).toBe('£96.00');
    await badgeCount(page, 4);
    // a discount code, typed in lower case
    await page.getByLabel('Discount code').fill('trailfund10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.locator('.commerce-totals-discount').innerText()).toMatch(/Discount \(TRAILFUND10\)\s+−£17\.50/);
    await expect.poll(() => page.locator('.commerce-totals-total').innerText()).toMatch(/Total\s+£157\.50/);
    const poles = page.locator('.commerce-line', { hasText: 'Ridgeline Walking Poles' });
    await poles.getByRole('button', { name: /Remove/ }).click();
    await expect.poll(() => page.locator('.commerce-line').count()).toBe(1);
    await expect.poll(() => page.locator('.commerce-notice').innerText()).toContain('was removed from your cart.');
    await expect.poll(() => page.locator('.commerce-totals-row', { hasText: 'Subtotal' }).innerText()).toContain('£96.00');
    await expect.poll(() => page.locator('.commerce-totals-total').innerText()).toMatch(/Total\s+£86\.40/);
    await badgeCount(page, 3);
    // and the last one: the empty cart
    await flask.getByRole('button', { name: /Remove/ }).click();
    await page.getByText('Your cart is empty.').waitFor();
    await badgeCount(page, 0);
    expect(problems).toEqual([]);
  });

  it('checks out with a bad US zip, then a good one, and confirms the order', async () => {
    const page = await newPage();
    await addFromProductPage(page, '/shop/derwent-wool-walking-socks', 'M (UK 4–7) / Single pair', 2);
    await page.goto(`${origin()}/cart`);
    // straight to checkout: the press wakes the cart's island, which lets the link go on (the cart cookies are there)
    await Promise.all([page.waitForURL((url) => url.pathname === '/checkout'), page.getByRole('link', { name: 'Checkout' }).click()]);
    await hydrated(page, 'checkout');
    await page.getByLabel('Email address').fill('ada@example.com');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Address line 1').fill('350 Fifth Avenue');
    await page.getByLabel('City').fill('New York');
    // priced for the shop's own country at first; a US address is asked for its state and ZIP code (checkout's state is
    // optional, as the edge checks it: its label says so)
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('State (optional)', { exact: true }).fill('NY');
    // the destination re-prices the order: international shipping
    await page.getByLabel(/International tracked delivery/).waitFor();
    await expect.poll(() => page.locator('.commerce-summary .commerce-totals-total').innerText()).toContain('£50.95');
    await page.getByLabel('ZIP code').fill('1234');
    await page.getByRole('button', { name: /Place Order/ }).click();
    await expect.poll(() => page.locator('#checkout-zip-error').innerText()).toBe('ZIP code must be exactly 5 digits.');
    expect(await page.getByLabel('ZIP code').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toBe(`${origin()}/checkout`);
    await page.getByLabel('ZIP code').fill('10001');
    await pressAndLand(page, '/commerce/order-confirmed', () => page.getByRole('button', { name: 'Place Order · £50.95' }).click());
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toMatch(/Order number \d{5}/);
    expect(text).toContain('Derwent Wool Walking Socks');
    expect(text).toContain('International tracked delivery');
    expect(text).toContain('£50.95');
    expect(text).toContain('A test payment: nothing was charged.');
    await hydrated(page, 'cart-badge');
    await badgeCount(page, 0);
    // the confirmation is this browser's alone
    const url = page.url();
    const other = await browser.newContext();
    const stranger = await other.newPage();
    await stranger.goto(url);
    expect(await stranger.locator('main').innerText()).toContain('This order can only be shown in the browser it was placed in.');
    await other.close();
    expect(problems).toEqual([]);
  });

  it('shows §2’s alert for goto-checkout without cookies', async () => {
    const page = await newPage();
    await page.goto(`${origin()}/commerce/goto-checkout`);
    expect(await page.getByRole('alert').innerText()).toBe(GOTO_CHECKOUT_ALERT);
    expect(new URL(page.url()).pathname).toBe('/commerce/goto-checkout');
  });

  it('gives to the Trail Fund and lands on the contribution’s confirmation', async () => {
    const page = await newPage();
    await page.goto(`${origin()}/trail-fund`);
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/commerce/donate'),
      page.getByRole('link', { name: 'Give £25' }).click(),
    ]);
    await hydrated(page, 'donate');
    expect(await page.getByLabel('£25.00').isChecked()).toBe(true);
    await page.getByLabel('Other amount in Pound Sterling (£)').fill('0.5');
    await page.getByLabel('First name').fill('Dee');
    await page.getByLabel('Last name').fill('Donor');
    await page.getByLabel('Email address').fill('dee@example.com');
    await page.getByRole('button', { name: /^Donate/ }).click();
    await expect.poll(() => page.locator('#donate-amount-error').innerText()).toBe('The smallest amount we can take is £1.00.');
    await page.getByLabel('Other amount in Pound Sterling (£)').fill('12.50');
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/commerce/contribution-confirmed'),
      page.getByRole('button', { name: /^Donate/ }).click(),
    ]);
    expect(await page.locator('main').innerText()).toContain('Your contribution of £12.50 to Give to the Trail Fund has been received');
    expect(problems).toEqual([]);
  });

  it('buys a gift card from its product page through §2’s gift-card page', async () => {
    const page = await newPage();
    await page.goto(`${origin()}/shop/trailhead-gift-card`);
    await hydrated(page, 'product');
    const panel = page.locator('.product-summary .product-purchase');
    await panel.getByRole('combobox').selectOption({ label: '£50' });
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/checkout/giftcard'),
      panel.getByRole('button', { name: 'Purchase Gift Card' }).click(),
    ]);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      websiteId: 'site-trailhead',
      giftCardProductId: 'p-gift-card',
      sku: 'TH-GC-50',
    });
    await hydrated(page, 'checkout');
    await page.getByLabel("Recipient's name").fill('Rosa');
    await page.getByLabel("Recipient's email address").fill('rosa@example.com');
    await page.getByLabel('Message').fill('Happy birthday, see you on the Edge!');
    await page.getByLabel('Email address', { exact: true }).fill('gil@example.com');
    await page.getByLabel('First name').fill('Gil');
    await page.getByLabel('Last name').fill('Giver');
    await Promise.all([
      page.waitForURL((u) => u.pathname === '/commerce/order-confirmed'),
      page.getByRole('button', { name: 'Buy Gift Card · £50.00' }).click(),
    ]);
    expect(await page.locator('main').innerText()).toContain('A £50.00 gift card for Rosa (rosa@example.com) is paid for.');
    expect(problems).toEqual([]);
  });

  it('opens a product in the quick view, records it, and adds from there', async () => {
    const page = await newPage();
    await page.goto(`${origin()}/shop`);
    await hydrated(page, 'product-list');
    const recorded = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/census/RecordQuickView/p-enamel-mug'));
    await page.getByRole('link', { name: 'Quick View: Trailhead Enamel Mug' }).click();
    const dialog = page.getByRole('dialog', { name: 'Trailhead Enamel Mug' });
    await dialog.waitFor();
    await recorded;
    await dialog.getByRole('combobox').selectOption({ label: 'Forest green' });
    await dialog.getByRole('button', { name: 'Add To Cart' }).click();
    await dialog.locator('.product-purchase-message.is-success').waitFor();
    await badgeCount(page, 1);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });

  it('magnifies the product image under the pointer and opens it in the lightbox', async () => {
    const page = await newPage();
    await page.goto(`${origin()}/shop/trailhead-enamel-mug`);
    await hydrated(page, 'product-gallery');
    const image = page.locator('.product-zoom');
    const box = (await image.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.25);
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3);
    await expect.poll(() => image.getAttribute('class')).toContain('is-zoomed');
    await image.click();
    await page.locator('dialog[open]').waitFor();
    expect(await page.locator('body').getAttribute('class')).toContain('lightbox-open');
    expect(problems).toEqual([]);
  });
});

describe('the store’s pages with a visitor’s cart, checked', () => {
  it('are valid HTML, with no serious axe violation at 1280 or 390 px and nothing past the edge at 390', async () => {
    const page = await newPage({ width: 390 });
    await addFromProductPage(page, '/shop/edale-waterproof-jacket', 'Moss / L', 1);
    await addFromProductPage(page, '/shop/stanage-merino-base-layer', 'S', 2);
    const pages = [
      '/cart',
      '/checkout',
      '/commerce/goto-checkout',
      '/checkout/giftcard?websiteId=site-trailhead&giftCardProductId=p-gift-card&sku=TH-GC-25',
    ];
    const found: Record<string, Record<string, unknown>> = {};
    const dir = mkdtempSync(join(tmpdir(), 'store-html-'));
    try {
      const files: string[] = [];
      for (const path of pages) {
        await page.setViewportSize({ width: 390, height: 844 });
        // the HTML as served, for the Nu checker; then the page as the shopper uses it, for axe
        const response = await page.goto(`${origin()}${path}`);
        const file = join(dir, `${files.length}.html`);
        writeFileSync(file, await response!.body());
        files.push(file);
        if (path === '/checkout') {
          // with the destination's shipping options and a field in error
          await hydrated(page, 'checkout');
          await page.getByLabel('Country').selectOption('GB');
          await page.getByLabel(/UK standard delivery/).waitFor();
          await page.getByRole('button', { name: /Place Order/ }).click();
          await page.locator('#checkout-email-error').waitFor();
        }
        const overflow = await page.evaluate(measureOverflow);
        const phone = await seriousAxeViolations(page);
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        found[path] = { overflow: overflow.offenders, phone, desktop: await seriousAxeViolations(page) };
      }
      const report = await checkHtmlFiles(files);
      pages.forEach((path, i) => {
        found[path]!.html = (report.get(files[i]!) ?? []).map(formatMessage);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    for (const path of pages) expect(found[path], path).toEqual({ overflow: [], phone: [], desktop: [], html: [] });
    expect(problems).toEqual([]);
  });
});

describe('the store without JavaScript', () => {
  it('adds to the cart, checks out and confirms the order with plain forms', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto(`${origin()}/shop/walkers-flapjack`.replace('walkers-flapjack', 'brew-room-house-blend-coffee'));
    await page.locator('.product-summary select').selectOption({ label: 'Cafetière' });
    await page.locator('.product-summary input[name=quantity]').fill('2');
    await Promise.all([page.waitForURL((url) => url.pathname === '/cart'), page.locator('.product-summary .product-add-to-cart').click()]);
    expect(await page.locator('main').innerText()).toContain('Brew Room House Blend Coffee, 250 g');
    await Promise.all([page.waitForURL((url) => url.pathname === '/checkout'), page.getByRole('link', { name: 'Checkout' }).click()]);
    await page.getByLabel('Email address').fill('bo@example.com');
    await page.getByLabel('First name').fill('Bo');
    await page.getByLabel('Last name').fill('Brewer');
    await page.getByLabel('Address line 1').fill('1 Station Road');
    await page.getByLabel('City').fill('Hathersage');
    await page.getByLabel('Postcode').fill('S32 1DD');
    // priced for the shop's own country before the button: its shipping and the total it makes, placed with one press
    expect(await page.getByLabel('Country').inputValue()).toBe('GB');
    expect(await page.getByLabel(/UK standard delivery/).isChecked()).toBe(true);
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/commerce/order-confirmed'),
      page.getByRole('button', { name: 'Place Order · £23.95' }).click(),
    ]);
    const text = await page.locator('main').innerText();
    expect(text).toContain('Thank you for your order');
    expect(text).toContain('Brew Room House Blend Coffee, 250 g');
    expect(text).toContain('UK standard delivery');
  });
});
