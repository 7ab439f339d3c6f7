// Affiliate pixels (§7 Tracking pixels) in Chromium against wrangler dev, the network answered by a stand-in that
// records every frame the page loads from it: a newsletter signup loads the two signup campaigns' hidden 1x1 frames and
// a purchase the two purchase campaigns' (qty1=1, the order's id), once per order; a site without a network, and a
// visitor who has not consented under the restrictive cookie policy, load none.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { fixtureFile, publishVariant } from './support/fixture-pages.ts';
import { formIslandsHydrated, newVisitor } from './support/forms.ts';
import { wakeAndWait } from './support/islands.ts';

const NETWORK = 'https://affiliates.network.test/pixel';
/** kettle (its newsletter on /contact) and trailhead (its store, restrictive cookie policy) with the network set */
const KETTLE = 'kettle-aff.localhost';
const TRAILHEAD = 'trail-aff.localhost';
const PLAIN_KETTLE = 'kettle.localhost';

let server: DevServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const records = [
    ...(await publishVariant('kettle', 'kettle-aff', (site) => {
      site.settings.affiliatePixelUrl = NETWORK;
    })),
    ...(await publishVariant('trailhead', 'trail-aff', (site) => {
      site.settings.affiliatePixelUrl = NETWORK;
    })),
  ];
  server = await startDevServer([fixtureFile('kettle'), fixtureFile('trailhead')], { records });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

async function visitor(consented = true): Promise<{ page: Page; frames: URL[] }> {
  const context = await newVisitor(browser, { cookieNoticeAnswered: consented });
  contexts.push(context);
  const frames: URL[] = [];
  await context.route(/^https:\/\/affiliates\.network\.test\//, (route) => {
    frames.push(new URL(route.request().url()));
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>pixel</title>' });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { page, frames };
}

const campaigns = (frames: URL[]) =>
  frames.map((u) => [u.searchParams.get('cid'), u.searchParams.get('irchannel'), u.searchParams.get('qty1')]);

async function signUp(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/contact`);
  await formIslandsHydrated(page);
  const form = page.getByRole('form', { name: 'The Kettle & Crumb letter' });
  await form.getByPlaceholder('First Name').fill('Nell');
  await form.getByPlaceholder('Last Name').fill('Reader');
  await form.getByPlaceholder('Email Address').fill(`nell.${Date.now()}@example.com`);
  await form.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByRole('status').filter({ hasText: 'Your first letter arrives' }).waitFor();
}

describe('affiliate pixels', () => {
  it('a newsletter signup loads the signup campaigns’ hidden 1x1 frames', async () => {
    const { page, frames } = await visitor();
    await signUp(page, server.origin(KETTLE));
    await expect.poll(() => frames.length).toBe(2);
    expect(campaigns(frames)).toEqual([
      ['1291', '2895', null],
      ['362', '794', null],
    ]);
    expect(frames.every((u) => u.origin + u.pathname === NETWORK)).toBe(true);
    const drawn = await page.locator('iframe.affiliate-pixel').evaluateAll((all) =>
      all.map((f) => {
        const box = f.getBoundingClientRect();
        return [f.getAttribute('width'), f.getAttribute('height'), f.getAttribute('aria-hidden'), box.right <= 0];
      }),
    );
    expect(drawn).toEqual([
      ['1', '1', 'true', true],
      ['1', '1', 'true', true],
    ]);
  });

  it('a site without a network loads none', async () => {
    const { page, frames } = await visitor();
    await signUp(page, server.origin(PLAIN_KETTLE));
    await page.waitForTimeout(500);
    expect(frames).toEqual([]);
    await expect(page.locator('iframe.affiliate-pixel').count()).resolves.toBe(0);
  });

  it('a purchase loads the purchase campaigns’ frames with qty1=1 and the order id, once per order', async () => {
    const { page, frames } = await visitor();
    const origin = server.origin(TRAILHEAD);
    await page.goto(`${origin}/shop/derwent-wool-walking-socks`);
    await wakeAndWait(page, 'site-island[data-island="product"]');
    const panel = page.locator('.product-summary .product-purchase');
    await panel.getByRole('combobox').selectOption({ label: 'M (UK 4–7) / Single pair' });
    await panel.getByRole('button', { name: 'Add To Cart' }).click();
    await panel.locator('.product-purchase-message.is-success').waitFor();
    expect(frames).toEqual([]);
    await page.goto(`${origin}/checkout`);
    await wakeAndWait(page, 'site-island[data-island="checkout"]');
    await page.getByLabel('Email address').fill('ada@example.com');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Address line 1').fill('14 Main Road');
    await page.getByLabel('City').fill('Hathersage');
    await page.getByLabel('Country').selectOption('GB');
    await page.getByLabel(/UK standard delivery/).check();
    await page.getByLabel(/Postcode|ZIP code/).fill('S32 1BB');
    await Promise.all([
      page.waitForURL((u) => u.pathname === '/commerce/order-confirmed'),
      page.getByRole('button', { name: /Place Order/ }).click(),
    ]);
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    await expect.poll(() => frames.length).toBe(2);
    expect(campaigns(frames)).toEqual([
      ['1291', '2959', '1'],
      ['362', '795', '1'],
    ]);
    const orderId = new URL(page.url()).searchParams.get('orderId');
    expect(frames.map((u) => u.searchParams.get('orderId'))).toEqual([orderId, orderId]);
    // the confirmation again: counted already
    await page.reload();
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    await page.waitForTimeout(1500);
    expect(frames).toHaveLength(2);
  });

  it('sends nothing before consent under the restrictive cookie policy', async () => {
    const { page, frames } = await visitor(false);
    await page.goto(`${server.origin(TRAILHEAD)}/`);
    const form = page.getByRole('form', { name: 'The Trailhead Dispatch' });
    await form.getByPlaceholder('Email Address').focus();
    await page.locator('site-island[data-island="newsletter"][data-island-state=hydrated]').waitFor({ state: 'attached' });
    await form.getByPlaceholder('Email Address').fill(`walker.${Date.now()}@example.com`);
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('status').filter({ hasText: 'Your first Dispatch arrives' }).waitFor();
    await page.waitForTimeout(1000);
    expect(frames).toEqual([]);
  });
});
