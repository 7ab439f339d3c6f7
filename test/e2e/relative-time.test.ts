// §9 Relative time and dates in a real Chromium against wrangler dev: the relative-time island brings an item's date
// and an event's start to the browser's clock and refreshes them every 5000 ms, in the site's language; at the
// instant the server rendered, the browser draws exactly what the server drew (same rules, Chromium's Intl against
// workerd's); the line is drawn with the page, so waking the island moves nothing; without script only the date shows.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { decodeIslands } from '../../shared/islands/protocol.ts';
import type { SiteSnapshot } from '../../shared/snapshot/schema.ts';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { publishVariant } from './support/fixture-pages.ts';
import { popupAlreadySignedUp } from './support/popup.ts';

const FERNWOOD = 'fernwood.localhost';
/** fernwood in French, in Paris */
const FERN_FR = 'fernfr.localhost';
/** trailhead in Spanish */
const TRAIL_ES = 'trailes.localhost';
/** fernwood in each language, on UTC, with ITEM published yesterday at 15:04 and OLDER two weeks ago */
const SAME = { 'en-GB': 'samegb.localhost', 'es-ES': 'samees.localhost', 'fr-FR': 'samefr.localhost' } as const;
const ITEM = '/journal/sunset-at-the-orientation-table';
const OLDER = '/journal/what-the-stream-keeps';
const EVENT = '/events/film-night';
const DAY = 86_400_000;

let server: DevServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

function itemOf(site: SiteSnapshot, path: string) {
  const [, collection, urlId] = path.split('/');
  return site.collections.find((c) => c.urlId === collection)!.items.find((i) => i.urlId === urlId)!;
}

beforeAll(async () => {
  const today = new Date();
  const yesterdayAt1504 = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - 1, 15, 4));
  const records = [
    ...(await publishVariant('fernwood', 'fernfr', (site) => Object.assign(site.website, { language: 'fr-FR', timeZone: 'Europe/Paris' }))),
    ...(await publishVariant('trailhead', 'trailes', (site) => Object.assign(site.website, { language: 'es-ES', timeZone: 'UTC' }))),
  ];
  for (const [language, host] of Object.entries(SAME)) {
    records.push(
      ...(await publishVariant('fernwood', host.split('.')[0]!, (site) => {
        Object.assign(site.website, { language, timeZone: 'UTC' });
        itemOf(site, ITEM).publishOn = yesterdayAt1504.toISOString();
        itemOf(site, OLDER).publishOn = new Date(Date.now() - 14 * DAY).toISOString();
      })),
    );
  }
  server = await startDevServer(['fixtures/sites/fernwood.json'], { records });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

const url = (host: string, path: string) => server.origin(host) + path;

async function visitor({ javaScriptEnabled = true, width = 1280 } = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled });
  contexts.push(context);
  // fernwood's popup overlay stays closed; trailhead's cookie notice is answered
  await popupAlreadySignedUp(context);
  for (const host of [TRAIL_ES]) await context.addCookies([{ name: 'ss_cookieAllowed', value: 'true', url: url(host, '/') }]);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors };
}

async function eventually(check: () => void | Promise<void>, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

const hydrated = (page: Page) =>
  page.locator('site-island[data-island="relative-time"][data-island-state="hydrated"]').first().waitFor({ state: 'attached' });

/** What a visitor reads of the item's date (the parts the stylesheet hides are not read). */
const itemDate = (page: Page) => page.locator('.page-header .relative-time').innerText();

describe('an item’s date, kept up to date', () => {
  it("counts 'about N seconds ago' on every 5 s, then says the day, then the date with its age (en-GB)", async () => {
    const { page, errors } = await visitor();
    // the entry was published at 2026-11-14T08:15:00Z; the visitor's clock is held 20 s later (its timers run as usual)
    await page.clock.setFixedTime(new Date('2026-11-14T08:15:20Z'));
    await page.goto(url(FERNWOOD, ITEM));
    await hydrated(page);
    await eventually(async () => expect(await itemDate(page)).toBe('about 20 seconds ago'));
    await page.clock.setFixedTime(new Date('2026-11-14T08:15:25Z'));
    await eventually(async () => expect(await itemDate(page)).toBe('about 25 seconds ago'), 7000);
    await page.clock.setFixedTime(new Date('2026-11-14T11:00:00Z'));
    await eventually(async () => expect(await itemDate(page)).toBe('Today at 08:15 (3 hours ago)'), 7000);
    await page.clock.setFixedTime(new Date('2026-11-15T09:00:00Z'));
    await eventually(async () => expect(await itemDate(page)).toBe('Yesterday at 08:15'), 7000);
    await page.clock.setFixedTime(new Date('2026-11-18T09:00:00Z'));
    await eventually(async () => expect(await itemDate(page)).toBe('last Saturday at 08:15'), 7000);
    await page.clock.setFixedTime(new Date('2026-11-30T09:00:00Z'));
    await eventually(async () => expect(await itemDate(page)).toBe('14 November 2026 (2 weeks ago)'), 7000);
    expect(errors).toEqual([]);
  });

  it('says it in French, in the site’s time zone (Paris: 09:15)', async () => {
    const { page, errors } = await visitor();
    await page.clock.setFixedTime(new Date('2026-11-14T08:15:20Z'));
    await page.goto(url(FERN_FR, ITEM));
    await hydrated(page);
    await eventually(async () => expect(await itemDate(page)).toBe('il y a environ 20 secondes'));
    await page.clock.setFixedTime(new Date('2026-11-14T08:15:25Z'));
    await eventually(async () => expect(await itemDate(page)).toBe('il y a environ 25 secondes'), 7000);
    // 23:30 UTC is already the next day in Paris
    await page.clock.setFixedTime(new Date('2026-11-14T23:30:00Z'));
    await eventually(async () => expect(await itemDate(page)).toBe('Hier à 09:15'), 7000);
    expect(errors).toEqual([]);
  });
});

describe('an event’s start', () => {
  it('says it in Spanish: tomorrow, then today with the hours to go', async () => {
    const { page, errors } = await visitor();
    // film night starts on 3 December 2026 at 19:00 UTC
    await page.clock.setFixedTime(new Date('2026-12-02T12:00:00Z'));
    await page.goto(url(TRAIL_ES, EVENT));
    await hydrated(page);
    const start = page.locator('.event-details .relative-time');
    await eventually(async () => expect(await start.innerText()).toBe('mañana a las 19:00'));
    await page.clock.setFixedTime(new Date('2026-12-03T16:00:00Z'));
    await eventually(async () => expect(await start.innerText()).toBe('hoy a las 19:00 (dentro de 3 horas)'), 7000);
    await page.clock.setFixedTime(new Date('2026-12-03T18:59:40Z'));
    await eventually(async () => expect(await start.innerText()).toBe('dentro de unos 20 segundos'), 7000);
    expect(errors).toEqual([]);
  });
});

describe('the browser and the server', () => {
  it.each(Object.entries(SAME))('%s: draw the same words for the same instant, so waking the island changes nothing', async (_, host) => {
    for (const path of [ITEM, OLDER]) {
      // the page as the server drew it (read without script, so nothing but the parser touched it), and the instant
      // it drew it at
      const plain = await visitor({ javaScriptEnabled: false });
      await plain.page.goto(url(host, path));
      const drawn = await plain.page.locator('.page-header .relative-time').evaluate((t) => t.outerHTML);
      const props = decodeIslands((await plain.page.locator('#site-islands').textContent())!).props;
      const now = (props.find((p) => (p as { past?: boolean }).past) as { now: number }).now;
      // a visitor whose clock says that instant
      const { page, errors } = await visitor();
      await page.clock.setFixedTime(new Date(now));
      await page.goto(url(host, path));
      await hydrated(page);
      await page.waitForTimeout(300);
      expect(await page.locator('.page-header .relative-time').evaluate((t) => t.outerHTML)).toBe(drawn);
      expect(errors).toEqual([]);
    }
  });

  it('lays the line out once: the date and its age come with the page, and nothing moves on a phone as the island wakes', async () => {
    const { page, errors } = await visitor({ width: 390 });
    await page.addInitScript(() => {
      const w = window as { __shifted?: number };
      w.__shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__shifted! += (entry as PerformanceEntry & { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(url(SAME['en-GB'], OLDER));
    const html = await page.evaluate(() => fetch(location.href).then((r) => r.text()));
    expect(html).toMatch(/<span class="relative-age"> \(2 weeks ago\)<\/span><span class="relative-date">/);
    await hydrated(page);
    expect(await page.locator('.page-header .relative-time').innerText()).toMatch(/^\d{1,2} [A-Z][a-z]+ 20\d\d \(2 weeks ago\)$/);
    // the line with the age wraps on a phone (it used to, after the first paint, pushing the article down)
    expect(
      await page.locator('.page-header .meta', { has: page.locator('time') }).evaluate((p) => p.getBoundingClientRect().height),
    ).toBeGreaterThan(30);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as { __shifted?: number }).__shifted)).toBeLessThan(0.01);
    expect(errors).toEqual([]);
  });
});

describe('without script', () => {
  it('shows only the date: words relative to the moment a cached page was drawn could be a day out', async () => {
    const { page } = await visitor({ javaScriptEnabled: false });
    await page.goto(url(SAME['es-ES'], ITEM));
    const time = page.locator('.page-header .relative-time');
    // the server drew 'ayer a las 15:04' too, for script to show
    expect(await time.locator('.relative-when').textContent()).toBe('ayer a las 15:04');
    expect(await time.innerText()).toMatch(/^\d{1,2} de [a-z]+ de 20\d\d$/);
    await page.goto(url(SAME['es-ES'], OLDER));
    expect(await time.locator('.relative-age').count()).toBe(1);
    expect(await time.innerText()).toMatch(/^\d{1,2} de [a-z]+ de 20\d\d$/);
  });
});
