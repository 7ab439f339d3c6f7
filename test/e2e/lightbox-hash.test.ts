// The image block's lightbox kept in the URL hash (§2 Gallery and lightbox deep links, §2 Overlays: "optionally synced
// to the URL hash", §4 Lightbox), in Chromium against wrangler dev on fernwood: opening it writes #lightbox={block id}
// in place, closing it takes the hash away, and a page opened at that address shows the lightbox over it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { fixtureFile } from './support/fixture-pages.ts';
import { newVisitor } from './support/forms.ts';

const FERNWOOD = 'fernwood.localhost';
const BLOCK = '#block-portfolio-b4';

let server: DevServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startDevServer([fixtureFile('fernwood')]);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

async function visitor(): Promise<Page> {
  const context = await newVisitor(browser, { cookieNoticeAnswered: true });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

const lightbox = (page: Page) => page.locator('dialog.lightbox[open]');

describe('the image block’s lightbox in the URL hash', () => {
  it('writes #lightbox={block id} while it is shown, in place, and takes it away on close', async () => {
    const page = await visitor();
    await page.goto(`${server.origin(FERNWOOD)}/portfolio`);
    const entries = await page.evaluate(() => history.length);
    // the loader is running (the block's plain island has sized it): a click now is the island's, not the link's
    await page.locator(`${BLOCK} .image-block[data-fitted]`).waitFor({ state: 'attached' });
    await page.$eval(BLOCK, (el) => el.scrollIntoView({ block: 'center' }));
    await page.click(`${BLOCK} .image-block-lightbox`);
    await lightbox(page).waitFor();
    await expect.poll(() => new URL(page.url()).hash).toBe('#lightbox=portfolio-b4');
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await page.keyboard.press('Escape');
    await lightbox(page).waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${server.origin(FERNWOOD)}/portfolio`);
  });

  it('opens the lightbox of the block the hash names when the page loads at that address', async () => {
    const page = await visitor();
    await page.goto(`${server.origin(FERNWOOD)}/portfolio#lightbox=portfolio-b4`);
    await lightbox(page).waitFor();
    await expect(lightbox(page).getByText('Urbia, 21 October').count()).resolves.toBeGreaterThan(0);
    // the page behind did not follow the image's link to the full-size file
    expect(new URL(page.url()).pathname).toBe('/portfolio');
    await page.keyboard.press('Escape');
    await lightbox(page).waitFor({ state: 'detached' });
    expect(new URL(page.url()).hash).toBe('');
  });

  it('leaves the page as it is for a hash that names no lightbox', async () => {
    const page = await visitor();
    await page.goto(`${server.origin(FERNWOOD)}/portfolio#lightbox=no-such-block`);
    await page.locator(`${BLOCK} .image-block[data-fitted]`).waitFor({ state: 'attached' });
    await page.waitForTimeout(500);
    await expect(lightbox(page).count()).resolves.toBe(0);
  });
});
