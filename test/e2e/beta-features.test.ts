// Beta features that change a published site (§3, §4 Beta features), in Chromium against wrangler dev: switched on in
// the panel (?betaFeatures), each is read where it shows and changes what the panel says it changes. The reservation
// block v2 makes a v1 reservation block load the new widget from the service's site of the restaurant's region (named
// in the page's policy); formatted dates show post dates in the site's language instead of times ago; the context's
// betaFeatureFlags switch a feature on for every visitor; the editor's features are shown and cannot be switched.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { fixtureFile, publishVariant } from './support/fixture-pages.ts';
import { newVisitor } from './support/forms.ts';
import { NO_FINDINGS, surfaceQuality } from './support/surface-quality.ts';

const TRAILHEAD = 'trailhead.localhost';
const FERNWOOD = 'fernwood.localhost';
/** fernwood with formatted dates on for every visitor (the context's betaFeatureFlags) */
const FLAGGED = 'betaflags.localhost';
const POST = '/journal/larches-on-aizkorri';

let server: DevServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const records = await publishVariant('fernwood', 'betaflags', (site) => {
    site.settings.betaFeatureFlags = ['i18nShowFormattedDates'];
  });
  server = await startDevServer([fixtureFile('trailhead'), fixtureFile('fernwood')], { records });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

/** A visitor who has answered the cookie notice, with the reservation service's loader answered by a stand-in. */
async function visitor(): Promise<{ context: BrowserContext; page: Page; loaders: URL[] }> {
  const context = await newVisitor(browser, { cookieNoticeAnswered: true });
  contexts.push(context);
  const loaders: URL[] = [];
  await context.route(/^https:\/\/www\.opentable\.[a-z.]+\//, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/widget/reservation/loader') loaders.push(url);
    return route.fulfill({ contentType: 'text/javascript', body: '' });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page, loaders };
}

/** Opens the panel on `path`, sets the named feature, saves and waits for the page to come back without the query. */
async function switchFeature(page: Page, origin: string, path: string, title: string, on: boolean): Promise<void> {
  await page.goto(`${origin}${path}?betaFeatures`);
  const panel = page.getByRole('dialog', { name: 'Beta Features' });
  await panel.waitFor();
  await panel.getByLabel(title).setChecked(on);
  await Promise.all([page.waitForURL(`${origin}${path}`), panel.getByRole('button', { name: 'Save' }).click()]);
  await page.getByRole('alertdialog', { name: 'Beta Features' }).waitFor();
}

describe('the beta-features panel', () => {
  it('says what each feature changes here, and offers none of the editor’s', async () => {
    const { page } = await visitor();
    await page.goto(`${server.origin(FERNWOOD)}/about?betaFeatures`);
    const panel = page.getByRole('dialog', { name: 'Beta Features' });
    await panel.waitFor();
    await expect(panel.getByLabel('Reservation block v2').isEnabled()).resolves.toBe(true);
    await expect(panel.getByText('Reservation blocks load the new reservation widget', { exact: false }).count()).resolves.toBe(1);
    await expect(panel.getByLabel('Formatted dates').isEnabled()).resolves.toBe(true);
    for (const editorOnly of ['SEO Plus', 'Gift cards', 'Template auto-refresh']) {
      await expect(panel.getByLabel(editorOnly).isDisabled()).resolves.toBe(true);
    }
    await expect(panel.getByText('Not available on this site.', { exact: false }).count()).resolves.toBeGreaterThan(3);
    expect(await surfaceQuality(page)).toEqual(NO_FINDINGS);
  });
});

describe('Reservation block v2 (restaurantBookingV2)', () => {
  it("makes a v1 reservation block load the new widget from the service's site of the restaurant's region", async () => {
    const origin = server.origin(TRAILHEAD);
    const { page, context, loaders } = await visitor();
    const block = page.locator('#block-supper-b4 .booking-block');
    // off: the v1 widget, from the service's US site
    await page.goto(`${origin}/supper-club`);
    await block.scrollIntoViewIfNeeded();
    await expect.poll(() => block.getAttribute('data-widget')).toBe('loaded');
    expect(loaders.map((u) => u.origin)).toEqual(['https://www.opentable.com']);

    await switchFeature(page, origin, '/supper-club', 'Reservation block v2', true);
    expect((await context.cookies()).find((c) => c.name === 'restaurantBookingV2')?.value).toBe('true');
    // (loaded: the page's policy let the region's site through)
    await page.reload();
    await block.scrollIntoViewIfNeeded();
    await expect.poll(() => block.getAttribute('data-widget')).toBe('loaded');
    const v2 = loaders.at(-1)!;
    expect(v2.origin).toBe('https://www.opentable.co.uk');
    expect(v2.searchParams.get('domain')).toBe('co.uk');
    expect(v2.searchParams.get('rid')).toBe('brew-room-supper');
    await expect(block.getAttribute('data-version')).resolves.toBe('2');

    // off again: v1
    await switchFeature(page, origin, '/supper-club', 'Reservation block v2', false);
    const before = loaders.length;
    await page.reload();
    await block.scrollIntoViewIfNeeded();
    await expect.poll(() => loaders.length).toBe(before + 1);
    expect(loaders.at(-1)!.origin).toBe('https://www.opentable.com');
  });
});

describe('Formatted dates (i18nShowFormattedDates)', () => {
  const when = (page: Page) => page.locator('.article .relative-time');

  it('shows a post’s date in the site’s language instead of the time ago, once switched on', async () => {
    const origin = server.origin(FERNWOOD);
    const { page } = await visitor();
    await page.goto(`${origin}${POST}`);
    await page.locator('site-island[data-island=relative-time][data-island-state=hydrated]').waitFor({ state: 'attached' });
    await expect(when(page).locator('.relative-age').textContent()).resolves.toMatch(/ago\)$/);

    await switchFeature(page, origin, POST, 'Formatted dates', true);
    await page.reload();
    await when(page).locator('[data-formatted]').or(page.locator('.article time[data-formatted]')).waitFor({ state: 'attached' });
    await expect(when(page).locator('.relative-when').textContent()).resolves.toBe('31 October 2026');
    await expect(when(page).locator('.relative-age').count()).resolves.toBe(0);
    await expect(when(page).innerText()).resolves.not.toContain('ago');
  });

  it("is on for every visitor when the site's betaFeatureFlags name it", async () => {
    const { page } = await visitor();
    await page.goto(`${server.origin(FLAGGED)}${POST}`);
    await page.locator('.article time[data-formatted]').waitFor({ state: 'attached' });
    await expect(when(page).locator('.relative-when').textContent()).resolves.toBe('31 October 2026');
  });
});
