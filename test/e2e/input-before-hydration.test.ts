// Input made before an island wakes is never lost (issue 28 §1), in Debian's Chromium against wrangler dev: for each
// island that holds input, its chunk is held back while the visitor ticks, picks, types and presses on the server's
// HTML; once the island has hydrated, what it shows (a button's label, a field) and what it sends (the API request's
// body) are what the visitor did. docs/blocks-and-islands.md, "Input made before an island wakes".
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STORE_API } from '../../shared/store-api.ts';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { wake } from './support/islands.ts';

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

/** Script errors and console errors (a hydration mismatch among them) of the current test's page. */
let problems: string[] = [];

async function newPage(): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // nothing leaves for the booking service: its widget script, should one load, draws nothing
  await context.route(/^https:\/\/www\.opentable\.[a-z.]+\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
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

/**
 * Holds back the scripts whose path matches `pattern` (an island's chunk, the loader) until the returned function is
 * called: until then the page is the server's HTML and what the visitor does is done to it.
 */
async function holdBack(page: Page, pattern: RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.fallback();
  });
  return release;
}

const chunkOf = (island: string) => new RegExp(`/client/island-${island}-[A-Z0-9]+\\.js`);
const LOADER = /\/client\/loader-[A-Z0-9]+\.js/;

const islandState = (page: Page, island: string) =>
  page.locator(`site-island[data-island="${island}"]`).first().getAttribute('data-island-state');

/**
 * The island has woken and hydrated. A React island wakes at the visitor's first touch inside it once the loader has
 * run: what the visitor did before the loader arrived touched only the server's HTML, so they touch it again, as their
 * next step would (support/islands.ts: a focusin, which moves no focus and presses nothing).
 */
async function hydrated(page: Page, island: string): Promise<void> {
  await wake(page, `site-island[data-island="${island}"]`);
  await page.locator(`site-island[data-island="${island}"][data-island-state="hydrated"]`).first().waitFor();
}

/** The JSON body of the next request to `path` with `method`. */
function nextBody(page: Page, method: string, path: string | RegExp): Promise<Record<string, unknown>> {
  return page
    .waitForRequest(
      (r: Request) => r.method() === method && (typeof path === 'string' ? new URL(r.url()).pathname === path : path.test(r.url())),
    )
    .then((r) => r.postDataJSON() as Record<string, unknown>);
}

/** The values a form submission sends (SaveFormSubmission's `form`, the JSON string of the values). */
function nextFormValues(page: Page): Promise<Record<string, unknown>> {
  return page
    .waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/form/SaveFormSubmission')
    .then((r) => JSON.parse(new URLSearchParams(r.postData() ?? '').get('form') ?? 'null') as Record<string, unknown>);
}

/** Puts a variant in this visitor's cart from its product page, as a shopper does. */
async function addToCart(page: Page, path: string, option: string): Promise<void> {
  await page.goto(`${origin()}${path}`);
  await hydrated(page, 'product');
  const panel = page.locator('.product-summary .product-purchase');
  await panel.getByRole('combobox').selectOption({ label: option });
  await panel.getByRole('button', { name: 'Add To Cart' }).click();
  await panel.locator('.product-purchase-message.is-success').waitFor();
}

describe('the donate page', () => {
  it.each([
    ['while the island’s chunk is on its way (the loader holds the tick and replays it)', [chunkOf('donate')]],
    ['before the loader has run (the tick is the browser’s own)', [LOADER, chunkOf('donate')]],
  ])('gives the amount ticked %s, and says so on the button', async (_when, held) => {
    const page = await newPage();
    const releases = await Promise.all(held.map((pattern) => holdBack(page, pattern)));
    // without waiting for the page's scripts, which may be held
    await page.goto(`${origin()}/commerce/donate?donatePageId=trail-fund`, { waitUntil: 'commit' });
    await page.getByLabel('£25.00').click();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Early');
    await page.getByLabel('Email address').fill('ada.early@example.com');
    expect(await islandState(page, 'donate')).not.toBe('hydrated');
    for (const release of releases) release();
    await hydrated(page, 'donate');
    const button = page.getByRole('button', { name: /^Donate/ });
    expect(await page.getByLabel('£25.00').isChecked()).toBe(true);
    await expect.poll(() => button.innerText()).toBe('Donate · £25.00');
    const sent = nextBody(page, 'POST', STORE_API.donations);
    await Promise.all([page.waitForURL((url) => url.pathname === '/commerce/contribution-confirmed'), button.click()]);
    expect(await sent).toMatchObject({ amount: '25.00', firstName: 'Ada', lastName: 'Early', email: 'ada.early@example.com' });
    expect(problems).toEqual([]);
  });
});

describe('the product page', () => {
  it('adds the colour and quantity picked before the island woke, with Add To Cart pressed before it too', async () => {
    const page = await newPage();
    const release = await holdBack(page, chunkOf('product'));
    await page.goto(`${origin()}/shop/trailhead-enamel-mug`);
    const panel = page.locator('.product-summary .product-purchase');
    await panel.getByRole('combobox').selectOption({ label: 'Cream' });
    await panel.getByLabel('Quantity').fill('2');
    const sent = nextBody(page, 'POST', STORE_API.entries);
    // the press waits for the island (the loader holds it), and is answered by it
    await panel.getByRole('button', { name: 'Add To Cart' }).click();
    expect(await islandState(page, 'product')).toBe('loading');
    release();
    await hydrated(page, 'product');
    await panel.locator('.product-purchase-message.is-success').waitFor();
    expect(await panel.locator('.product-purchase-message').innerText()).toContain('2 × Trailhead Enamel Mug (Cream) added to your cart.');
    expect(await sent).toEqual({ productId: 'p-enamel-mug', sku: 'TH-MUG-CRM', quantity: 2 });
    expect(await panel.getByRole('combobox').inputValue()).toBe('TH-MUG-CRM');
    expect(problems).toEqual([]);
  });
});

describe('the cart', () => {
  it('sends a quantity typed before the island woke', async () => {
    const page = await newPage();
    await addToCart(page, '/shop/trailhead-enamel-mug', 'Cream');
    const release = await holdBack(page, chunkOf('cart'));
    await page.goto(`${origin()}/cart`);
    const quantity = page.getByRole('spinbutton').first();
    // the first touch wakes the island; the typing is done before it has come
    await quantity.fill('3');
    expect(await islandState(page, 'cart')).toBe('loading');
    const sent = nextBody(page, 'PUT', new RegExp(`${STORE_API.entries}/`));
    release();
    await hydrated(page, 'cart');
    expect(await sent).toEqual({ quantity: 3 });
    await expect.poll(() => page.locator('.commerce-summary').first().innerText()).toContain('£42.00');
    expect(await quantity.inputValue()).toBe('3');
    expect(problems).toEqual([]);
  });
});

describe('the checkout', () => {
  it('places the order with the details, shipping and choices made before the island woke', async () => {
    const page = await newPage();
    await addToCart(page, '/shop/trailhead-enamel-mug', 'Cream');
    const release = await holdBack(page, chunkOf('checkout'));
    await page.goto(`${origin()}/checkout`);
    await page.getByLabel('Email address').fill('cy@example.com');
    await page.getByLabel('First name').fill('Cy');
    await page.getByLabel('Last name').fill('Early');
    await page.getByLabel('Keep me up to date on news and offers').click();
    await page.getByLabel('Address line 1').fill('1 Edge Lane');
    await page.getByLabel('City').fill('Hathersage');
    await page.locator('#checkout-zip').fill('S32 1DA');
    await page.getByLabel('Country').selectOption('GB');
    expect(await islandState(page, 'checkout')).toBe('loading');
    release();
    await hydrated(page, 'checkout');
    // the country chosen prices the order once the island runs: the UK's options, standard delivery first
    await page.getByLabel(/UK next working day/).click();
    const button = page.getByRole('button', { name: /^Place Order/ });
    // (the total for each shipping option is its own element, shown by CSS as the option is ticked: read as one line)
    await expect.poll(async () => (await button.innerText()).replace(/\s+/g, ' ')).toBe('Place Order · £22.95');
    expect(await page.getByLabel('Keep me up to date on news and offers').isChecked()).toBe(true);
    const sent = nextBody(page, 'POST', STORE_API.orders);
    await Promise.all([page.waitForURL((url) => url.pathname === '/commerce/order-confirmed'), button.click()]);
    expect(await sent).toMatchObject({
      email: 'cy@example.com',
      firstName: 'Cy',
      lastName: 'Early',
      address1: '1 Edge Lane',
      city: 'Hathersage',
      zip: 'S32 1DA',
      country: 'GB',
      acceptsMarketing: true,
      shippingOptionId: expect.stringMatching(/next/i),
    });
    expect(problems).toEqual([]);
  });
});

describe('forms', () => {
  it('the form block sends what was typed, ticked and pressed before it woke', async () => {
    const page = await newPage();
    const release = await holdBack(page, chunkOf('form'));
    await page.goto(`${origin()}/visit-the-store`);
    const form = page.locator('form.form-block, form').filter({ hasText: 'Send enquiry' }).first();
    await form.getByLabel('First').fill('Gail');
    await form.getByLabel('Last').fill('Group');
    await form.getByLabel('Email address').fill('gail.group@example.com');
    await form.getByLabel('Trade account').click();
    await form.getByLabel('Tell us more').fill('Twelve jackets, please.');
    const sent = nextFormValues(page);
    await form.getByRole('button', { name: 'Send enquiry' }).click();
    expect(await islandState(page, 'form')).toBe('loading');
    release();
    await hydrated(page, 'form');
    await page.getByText('Thanks for getting in touch.').waitFor();
    expect(await sent).toMatchObject({
      'g-name': ['Gail', 'Group'],
      'g-email': 'gail.group@example.com',
      'g-type': 'Trade account',
      'g-details': 'Twelve jackets, please.',
    });
    expect(problems).toEqual([]);
  });

  it('the newsletter block signs up the address typed before it woke', async () => {
    const page = await newPage();
    const release = await holdBack(page, chunkOf('newsletter'));
    await page.goto(`${origin()}/`);
    const form = page.getByRole('form', { name: 'The Trailhead Dispatch' });
    await form.getByPlaceholder('Email Address').fill('early.reader@example.com');
    const sent = nextFormValues(page);
    await form.getByPlaceholder('Email Address').press('Enter');
    expect(await islandState(page, 'newsletter')).toBe('loading');
    release();
    await hydrated(page, 'newsletter');
    await page.getByText('Your first Dispatch arrives next Thursday.').waitFor();
    expect(Object.values(await sent)).toContain('early.reader@example.com');
    expect(problems).toEqual([]);
  });
});
