// The pin overlay (§2 Features loaded on demand, §3 pinOverlayOptions.mode) in Chromium against wrangler dev: a Save
// link over each image block's image that opens the pin service's create page for it, shown on hover (or focus) in
// mode hover, at all times in mode always, and not drawn at all when disabled; the page-quality checks on each.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PIN_CREATE_URL } from '../../shared/ui/pin-it.tsx';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { fixtureFile, publishVariant } from './support/fixture-pages.ts';
import { newVisitor } from './support/forms.ts';
import { NO_FINDINGS, surfaceQuality } from './support/surface-quality.ts';

/** fernwood's own mode is hover */
const HOVER = 'fernwood.localhost';
const ALWAYS = 'pins-always.localhost';
const DISABLED = 'pins-off.localhost';

let server: DevServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const records = [
    ...(await publishVariant('fernwood', 'pins-always', (site) => {
      site.settings.pinOverlayOptions = { mode: 'always' };
    })),
    ...(await publishVariant('fernwood', 'pins-off', (site) => {
      site.settings.pinOverlayOptions = { mode: 'disabled' };
    })),
  ];
  server = await startDevServer([fixtureFile('fernwood')], { records });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

async function visit(host: string, path: string): Promise<Page> {
  const context = await newVisitor(browser, { cookieNoticeAnswered: true });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(server.origin(host) + path);
  return page;
}

const CARD = '#block-home-b3';
const opacity = (page: Page, selector: string) => page.locator(selector).evaluate((el) => Number(getComputedStyle(el).opacity));

describe('the pin overlay', () => {
  it('mode hover: a Save link over the image, shown while the block is hovered or the link has the focus', async () => {
    const page = await visit(HOVER, '/');
    const pin = page.locator(`${CARD} .pin-it`);
    await expect(pin.count()).resolves.toBe(1);
    await expect(pin.getAttribute('target')).resolves.toBe('_blank');
    await expect(pin.textContent()).resolves.toBe('Save this image to Pinterest (opens in a new window)');
    const href = new URL((await pin.getAttribute('href'))!);
    expect(`${href.origin}${href.pathname}`).toBe(PIN_CREATE_URL);
    expect(Object.fromEntries(href.searchParams)).toEqual({
      url: 'https://www.fernwoodjournal.com/',
      media: 'https://www.fernwoodjournal.com/media/lake-dawn-reeds.jpg?format=2500w',
      description: 'Spring 2027 workshops',
    });
    await page.mouse.move(5, 5);
    await expect.poll(() => opacity(page, `${CARD} .pin-it`)).toBe(0);
    await page.locator(CARD).scrollIntoViewIfNeeded();
    const image = (await page.locator(`${CARD} .image-block-media`).boundingBox())!;
    await page.mouse.move(image.x + image.width / 2, image.y + image.height / 2);
    await expect.poll(() => opacity(page, `${CARD} .pin-it`)).toBe(1);
    // over the image's top left corner
    const [box, media] = await Promise.all([pin.boundingBox(), page.locator(`${CARD} .image-block-media`).boundingBox()]);
    expect(box!.x).toBeGreaterThan(media!.x);
    expect(box!.y).toBeGreaterThan(media!.y);
    expect(box!.x + box!.width).toBeLessThan(media!.x + media!.width / 2);
    // the keyboard reaches it, and shows it
    await page.mouse.move(5, 5);
    await pin.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect.poll(() => opacity(page, `${CARD} .pin-it`)).toBe(1);
    expect(await surfaceQuality(page)).toEqual(NO_FINDINGS);
  });

  it('mode always: every image block’s Save link shows without a hover', async () => {
    const page = await visit(ALWAYS, '/');
    const pins = page.locator('.block-image .pin-it');
    const blocks = await page.locator('.block-image').count();
    await expect(pins.count()).resolves.toBe(blocks);
    await page.mouse.move(5, 5);
    await expect(opacity(page, `${CARD} .pin-it`)).resolves.toBe(1);
    await expect(page.locator(`${CARD} .pin-it`).isVisible()).resolves.toBe(true);
    expect(await surfaceQuality(page)).toEqual(NO_FINDINGS);
  });

  it('mode disabled: no Save link anywhere', async () => {
    const page = await visit(DISABLED, '/');
    await expect(page.locator('.block-image').count()).resolves.toBeGreaterThan(0);
    await expect(page.locator('.pin-it').count()).resolves.toBe(0);
  });
});
