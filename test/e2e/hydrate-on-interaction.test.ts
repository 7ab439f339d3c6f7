// React only when a visitor reaches for it (issue 28 §2), in Debian's Chromium against wrangler dev: on the product,
// donate and gallery pages no React island hydrates and React's module is not evaluated before the visitor touches the
// page (React DOM's devtools hook is called once, when its module is evaluated); the islands near the viewport have
// their chunk and what it imports modulepreloaded once the page has loaded; the first click on an island that has not
// hydrated is held and answered by it; and a gallery that plays by itself starts only after the page's load event.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import manifest from '../../worker/generated/client-manifest.json';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { popupAlreadySignedUp } from './support/popup.ts';
import { reactEvaluatedAt, reactEvaluationMarker } from './support/islands.ts';

let server: DevServer;
let browser: Browser;
let context: BrowserContext | undefined;
let problems: string[] = [];

beforeAll(async () => {
  server = await startDevServer(['fixtures/sites/fernwood.json', 'fixtures/sites/trailhead.json']);
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

/** A visitor's page, with React's evaluation marker and the page's load event time recorded. */
async function open(site: string, path: string): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // fernwood's popup overlay (a plain island) would open over the page for a first-time visitor
  await popupAlreadySignedUp(context);
  await context.addInitScript(reactEvaluationMarker);
  await context.addInitScript(() => {
    const w = window as unknown as { __loadAt?: number; __loadingAt?: Record<string, number> };
    addEventListener('load', () => (w.__loadAt = performance.now()));
    // when each island's state was first set (the loader starting it), by its data-island-id
    w.__loadingAt = {};
    new MutationObserver((changes) => {
      for (const change of changes) {
        const el = change.target as HTMLElement;
        if (el.localName === 'site-island' && el.dataset.islandState) w.__loadingAt![el.dataset.islandId!] ??= performance.now();
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-island-state'] });
  });
  const page = await context.newPage();
  problems = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.setDefaultTimeout(15_000);
  await page.goto(`${server.origin(`${site}.localhost`)}${path}`, { waitUntil: 'load' });
  // the loader's preloads come after the load event, then the network goes quiet
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  return page;
}

/** The islands of the page by name: each one's state (none: not started) and when. */
const islands = (page: Page) =>
  page.$$eval('site-island[data-island]', (els) =>
    els.map((el) => ({
      name: el.getAttribute('data-island')!,
      when: el.getAttribute('data-when'),
      state: (el as HTMLElement).dataset.islandState ?? 'none',
    })),
  );

const REACT_ISLANDS = Object.entries(manifest.islands)
  .filter(([, island]) => (island as { react?: boolean }).react)
  .map(([name]) => name);

/** The modulepreload links on the page. */
const preloads = (page: Page) =>
  page.$$eval('link[rel=modulepreload]', (links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));

describe('before the visitor touches the page', () => {
  it.each([
    ['trailhead', '/shop/edale-waterproof-jacket', 'product'],
    ['trailhead', '/commerce/donate?donatePageId=trail-fund', 'donate'],
    ['fernwood', '/portfolio', 'gallery'],
    ['fernwood', '/exhibitions', 'gallery'],
  ])('%s %s: no React island has started and React has not run, and the %s island is preloaded', async (site, path, name) => {
    const page = await open(site, path);
    const found = await islands(page);
    expect(found.some((i) => i.name === name)).toBe(true);
    // React islands: not started (plain islands, no React, run at their own time)
    expect(found.filter((i) => REACT_ISLANDS.includes(i.name) && i.state !== 'none')).toEqual([]);
    expect(await reactEvaluatedAt(page)).toBeNull();
    // the island's chunk and every file it imports before it runs, React among them, are fetched ahead of the touch
    const island = manifest.islands[name as keyof typeof manifest.islands];
    const wanted = [island.src, ...island.imports].filter((url) => !Object.values(manifest.entries).includes(url));
    const preloaded = await preloads(page);
    expect(wanted.filter((url) => !preloaded.includes(url))).toEqual([]);
    expect(problems).toEqual([]);
  });
});

describe('the first touch', () => {
  it('a click on a thumbnail of a gallery that has not hydrated is held, replayed and answered by it (fernwood /portfolio)', async () => {
    const page = await open('fernwood', '/portfolio');
    const gallery = '#block-portfolio-b2 .gallery';
    const active = () => page.$eval(`${gallery} .gallery-slide.is-active`, (el) => (el as HTMLElement).dataset.slideId);
    expect(await page.$eval('#block-portfolio-b2 site-island', (el) => (el as HTMLElement).dataset.islandState ?? 'none')).toBe('none');
    expect(await active()).toBe('gb-1');
    const clickedAt = await page.evaluate(() => performance.now());
    // before it hydrates, a thumbnail is an in-page link (the plain HTML's navigation); the island answers the click
    await page.click(`${gallery} .gallery-thumbnails li:nth-child(3) a`);
    await page.locator('#block-portfolio-b2 site-island[data-island-state=hydrated]').waitFor({ state: 'attached' });
    await expect.poll(active).toBe('gb-3');
    expect(await page.$eval(`${gallery} .gallery-thumbnails li:nth-child(3) a`, (a) => a.getAttribute('aria-current'))).toBe('true');
    // React ran at the touch, not before
    expect(await reactEvaluatedAt(page)).toBeGreaterThanOrEqual(clickedAt);
    expect(problems).toEqual([]);
  });

  it('a donation amount picked before the island hydrated is the one it shows (trailhead donate)', async () => {
    const page = await open('trailhead', '/commerce/donate?donatePageId=trail-fund');
    const island = page.locator('site-island[data-island=donate]');
    expect(await island.getAttribute('data-island-state')).toBeNull();
    const amount = island.locator('input[type=radio]').nth(1);
    await amount.click();
    await page.locator('site-island[data-island=donate][data-island-state=hydrated]').waitFor({ state: 'attached' });
    await expect.poll(() => amount.isChecked()).toBe(true);
    expect(await reactEvaluatedAt(page)).not.toBeNull();
    expect(problems).toEqual([]);
  });
});

describe('a gallery that plays by itself (trailhead /screenings: a slideshow with autoplay)', () => {
  it('hydrates only after the page’s load event, without a touch', async () => {
    const page = await open('trailhead', '/screenings');
    const block = '#block-screenings-b2';
    expect(await page.$eval(`${block} site-island`, (el) => el.getAttribute('data-when'))).toBe('load');
    await page.locator(`${block} site-island[data-island-state=hydrated]`).waitFor({ state: 'attached' });
    const times = await page.evaluate(() => {
      const w = window as unknown as { __loadAt: number; __loadingAt: Record<string, number>; __reactEvaluatedAt: number };
      const id = document.querySelector('#block-screenings-b2 site-island')!.getAttribute('data-island-id')!;
      return { load: w.__loadAt, started: w.__loadingAt[id]!, react: w.__reactEvaluatedAt };
    });
    expect(times.load).toBeGreaterThan(0);
    expect(times.started).toBeGreaterThanOrEqual(times.load);
    expect(times.react).toBeGreaterThanOrEqual(times.load);
    // every other React island of the page still waits for the visitor
    const others = (await islands(page)).filter((i) => REACT_ISLANDS.includes(i.name) && i.when !== 'load');
    expect(others.length).toBeGreaterThan(0);
    expect(others.filter((i) => i.state !== 'none')).toEqual([]);
    expect(problems).toEqual([]);
  });
});
