// The product badge (settings.productBadge) in Chromium against wrangler dev, on trailhead (its map and compass skills
// day) and a copy of it in a dark design: seen in a bottom corner at 1280 and 390 px clear of the cookie notice and
// the footer's platform badge, its link followed to the product, closed and still closed after a reload until it
// features another product, without its close button when script is off, and the page-quality checks on it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_BADGE_CLOSED_KEY } from '../../worker/overlays/product-badge-storage.ts';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { fixtureFile, publishVariant } from './support/fixture-pages.ts';
import { newVisitor, watchProblems } from './support/forms.ts';
import { NO_FINDINGS, surfaceQuality } from './support/surface-quality.ts';

const TRAILHEAD = 'trailhead.localhost';
/** trailhead in lumen's dark design */
const DARK = 'badge-dark.localhost';
const PRODUCT_PATH = '/shop/map-and-compass-skills-day';
const PRODUCT_NAME = 'Map and Compass Skills Day';

let server: DevServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const records = await publishVariant('trailhead', 'badge-dark', (site) => {
    Object.assign(site.tweakJSON, {
      siteBackgroundColor: '#111214',
      siteTextColor: '#e9e7e1',
      accentColor: '#e0b46c',
      accentContrastColor: '#111214',
    });
  });
  server = await startDevServer([fixtureFile('trailhead')], { records });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

async function visit(host: string, path: string, options: { width?: number; javaScript?: boolean; cookieNoticeAnswered?: boolean } = {}) {
  const context = await newVisitor(browser, { cookieNoticeAnswered: true, ...options });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems = watchProblems(page);
  await page.goto(server.origin(host) + path);
  return { page, problems };
}

const badgeOf = (page: Page) => page.getByRole('complementary', { name: 'Featured product' });
const closeOf = (page: Page) => badgeOf(page).getByRole('button', { name: 'Dismiss featured product' });
const islandAlive = (page: Page) =>
  page.waitForSelector('site-island[data-island="product-badge"][data-island-state=hydrated]', { state: 'attached' });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('the product badge', () => {
  it.each([1280, 390])('is seen in the bottom right corner at %i px, clear of the footer’s platform badge', async (width) => {
    const { page, problems } = await visit(TRAILHEAD, '/', { width });
    const badge = badgeOf(page);
    await expect(badge.isVisible()).resolves.toBe(true);
    const box = (await badge.boundingBox())!;
    const viewport = page.viewportSize()!;
    const margin = width === 390 ? 12 : 16;
    expect(Math.round(viewport.width - (box.x + box.width))).toBe(margin);
    expect(Math.round(viewport.height - (box.y + box.height))).toBe(margin);
    expect(box.x).toBeGreaterThanOrEqual(margin);
    // no taller than a thumbnail and two lines of name
    expect(box.height).toBeLessThan(width === 390 ? 100 : 110);
    await expect(badge.textContent()).resolves.toContain(PRODUCT_NAME);
    // scrolled to the end of the page, the footer (and the platform badge in it) is clear of the card
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const platform = (await page.locator('.site-footer .badge').boundingBox())!;
    expect(overlaps(platform, (await badge.boundingBox())!)).toBe(false);
    await page.screenshot({ path: `/tmp/product-badge-${width}-footer.png` });
    await page.evaluate(() => window.scrollTo(0, 0));
    await islandAlive(page);
    await page.screenshot({ path: `/tmp/product-badge-${width}.png` });
    expect(problems).toEqual([]);
  });

  it('is one link to the product’s page, where it is not drawn', async () => {
    const { page } = await visit(TRAILHEAD, '/gift-guide');
    await badgeOf(page)
      .getByRole('link', { name: new RegExp(PRODUCT_NAME) })
      .click();
    await page.waitForURL(`**${PRODUCT_PATH}`);
    await expect(page.locator('h1').textContent()).resolves.toBe(PRODUCT_NAME);
    await expect(page.locator('.product-badge').count()).resolves.toBe(0);
  });

  it('closes, and stays closed in this browser after a reload and on other pages until it features another product', async () => {
    const { page, problems } = await visit(TRAILHEAD, '/', { width: 390 });
    await islandAlive(page);
    await closeOf(page).click();
    await expect(badgeOf(page).isVisible()).resolves.toBe(false);
    await expect(page.evaluate((key) => localStorage.getItem(key), PRODUCT_BADGE_CLOSED_KEY)).resolves.toBe('p-nav-skills');
    // hidden before it is painted: the root element has the class as soon as the document is parsed
    for (const path of ['/', '/events']) {
      await page.goto(server.origin(TRAILHEAD) + path, { waitUntil: 'domcontentloaded' });
      await expect(page.evaluate(() => document.documentElement.classList.contains('product-badge-closed'))).resolves.toBe(true);
      await expect(page.locator('.product-badge').count()).resolves.toBe(1);
      await expect(badgeOf(page).isVisible()).resolves.toBe(false);
    }
    // the footer no longer keeps room for it
    const footerPadding = await page.locator('.site-footer').evaluate((el) => getComputedStyle(el).paddingBottom);
    expect(footerPadding).toBe('48px');
    // closed for another product: this one shows again
    await page.evaluate((key) => localStorage.setItem(key, 'p-edale-jacket'), PRODUCT_BADGE_CLOSED_KEY);
    await page.reload();
    await expect(badgeOf(page).isVisible()).resolves.toBe(true);
    expect(problems).toEqual([]);
  });

  it('shows no close button without JavaScript, and its link still works', async () => {
    const { page } = await visit(TRAILHEAD, '/', { javaScript: false });
    await expect(badgeOf(page).isVisible()).resolves.toBe(true);
    await expect(page.locator('.product-badge-close').isVisible()).resolves.toBe(false);
    await expect(closeOf(page).count()).resolves.toBe(0);
    await badgeOf(page).getByRole('link').click();
    await page.waitForURL(`**${PRODUCT_PATH}`);
  });

  it('leaves the cookie notice its corner: beside it on a wide screen, after it is answered on a phone', async () => {
    const wide = await visit(TRAILHEAD, '/', { cookieNoticeAnswered: false });
    const notice = wide.page.getByRole('region', { name: 'Cookie notice' });
    await notice.waitFor();
    await expect(badgeOf(wide.page).isVisible()).resolves.toBe(true);
    expect(overlaps((await notice.boundingBox())!, (await badgeOf(wide.page).boundingBox())!)).toBe(false);
    await wide.page.screenshot({ path: '/tmp/product-badge-1280-cookie-notice.png' });

    const phone = await visit(TRAILHEAD, '/', { width: 390, cookieNoticeAnswered: false });
    const phoneNotice = phone.page.getByRole('region', { name: 'Cookie notice' });
    await phoneNotice.waitFor();
    await expect(badgeOf(phone.page).isVisible()).resolves.toBe(false);
    await phone.page.screenshot({ path: '/tmp/product-badge-390-cookie-notice.png' });
    await phoneNotice.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => badgeOf(phone.page).isVisible()).toBe(true);
  });

  it.each([
    ['light', TRAILHEAD],
    ['dark', DARK],
  ])('passes the page-quality checks in the %s design', async (design, host) => {
    const { page } = await visit(host, '/');
    await islandAlive(page);
    expect(await surfaceQuality(page)).toEqual(NO_FINDINGS);
    expect(await surfaceQuality(page, { only: badgeOf(page) })).toEqual(NO_FINDINGS);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.waitForTimeout(100);
      await page.screenshot({ path: `/tmp/product-badge-${width}-${design}.png` });
    }
  });
});
