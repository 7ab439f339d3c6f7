// Beta features that change a published site (§3, §4 Beta features), in Chromium against wrangler dev: switched on in
// the panel (?betaFeatures), each is read where it shows and changes what the panel says it changes. The reservation
// block v2 makes a v1 reservation block load the new widget from the service's site of the restaurant's region (named
// in the page's policy); formatted dates show post dates in the site's language instead of times ago; the context's
// betaFeatureFlags switch a feature on for every visitor; the editor's features are shown and cannot be switched; §9's
// platform-version cookies send the browser's requests to the version of a gradual deployment they name.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { fixtureFile, publishVariant } from './support/fixture-pages.ts';
import { newVisitor } from './support/forms.ts';
import { NO_FINDINGS, surfaceQuality } from './support/surface-quality.ts';
import { PLATFORM_PREVIEW_COOKIE, PLATFORM_PREVIOUS_COOKIE } from '../../shared/platform-cookies.ts';
import { PLATFORM_PIN_HEADER, PLATFORM_VERSION_HEADER, PLATFORM_VERSIONS_KEY } from '../../shared/platform-versions.ts';

const TRAILHEAD = 'trailhead.localhost';
const FERNWOOD = 'fernwood.localhost';
/** fernwood with formatted dates on for every visitor (the context's betaFeatureFlags) */
const FLAGGED = 'betaflags.localhost';
const POST = '/journal/larches-on-aizkorri';
const NEWER = '5a0c2e8e-1f4b-4c47-9a0e-6d3b2f1e9c01';
const OLDER = '0b7d4c1a-8e2f-4a3b-b5c6-d7e8f9a0b1c2';

let server: DevServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const records = await publishVariant('fernwood', 'betaflags', (site) => {
    site.settings.betaFeatureFlags = ['i18nShowFormattedDates'];
  });
  // the two versions of a gradual deployment as `npm run platform` names them (locally the deployment has one)
  const platform = { key: PLATFORM_VERSIONS_KEY, value: JSON.stringify({ worker: 'site-runtime', newer: NEWER, older: OLDER }) };
  server = await startDevServer([fixtureFile('trailhead'), fixtureFile('fernwood')], { records: [...records, platform] });
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
  // from the commit on: the confirmation shows as the runtime starts and hides 2 s later (§9), which can be before a
  // page of many images has fired its load event
  await Promise.all([page.waitForURL(`${origin}${path}`, { waitUntil: 'commit' }), panel.getByRole('button', { name: 'Save' }).click()]);
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

    // off again: v1 (the page the save came back to may load its widget too, before or after the reload starts:
    // every loader from here on is the US site's)
    await switchFeature(page, origin, '/supper-club', 'Reservation block v2', false);
    const before = loaders.length;
    await page.reload();
    await block.scrollIntoViewIfNeeded();
    await expect.poll(() => block.getAttribute('data-widget')).toBe('loaded');
    await expect(block.getAttribute('data-version')).resolves.toBe('1');
    expect(loaders.length).toBeGreaterThan(before);
    expect(new Set(loaders.slice(before).map((u) => u.origin))).toEqual(new Set(['https://www.opentable.com']));
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

describe('Platform versions (§9: platform_preview, platform_previous)', () => {
  it('sends this browser’s requests to the version switched on in the panel, and no one else’s', async () => {
    const origin = server.origin(FERNWOOD);
    const { page, context } = await visitor();
    const before = await page.goto(`${origin}/about`);
    expect(before!.headers()[PLATFORM_VERSION_HEADER]).toBeUndefined();

    await switchFeature(page, origin, '/about', 'Newer platform version', true);
    expect((await context.cookies()).find((c) => c.name === PLATFORM_PREVIEW_COOKIE)?.value).toBe('true');
    // the page came through the Worker's binding to itself with the override naming the newer version; locally the
    // deployment has one version, which says the pin is unmet, and the page is the page
    const newer = await page.reload();
    expect(newer!.status()).toBe(200);
    expect(newer!.headers()[PLATFORM_PIN_HEADER]).toBe('unmet');
    expect(newer!.headers()[PLATFORM_VERSION_HEADER]).toBeTruthy();
    await expect(page.locator('main h1').first().isVisible()).resolves.toBe(true);

    await switchFeature(page, origin, '/about', 'Newer platform version', false);
    await switchFeature(page, origin, '/about', 'Older platform version', true);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === PLATFORM_PREVIEW_COOKIE)).toBeUndefined();
    expect(cookies.find((c) => c.name === PLATFORM_PREVIOUS_COOKIE)?.value).toBe('true');
    const older = await page.reload();
    expect(older!.headers()[PLATFORM_PIN_HEADER]).toBe('unmet');

    // another visitor of the same page is served as ever
    const { page: other } = await visitor();
    const plain = await other.goto(`${origin}/about`);
    expect(plain!.headers()[PLATFORM_VERSION_HEADER]).toBeUndefined();
  });
});
