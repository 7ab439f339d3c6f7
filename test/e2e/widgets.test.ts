// The third-party widget blocks as a visitor meets them (§1, §2 Restaurant booking block, §7 Third-party loads), in
// Chromium against wrangler dev (a copy of trailhead), each provider answered by a stand-in at its own URLs that records what the page asked
// (the machine has no network): the restaurant reservation widget (v1 and v2) loads the service's widget script for the
// restaurant's id, after consent under trailhead's restrictive cookie policy, named in the page's policy, and is a
// preview only for a logged-in owner; the music embed shows the service's player, sandboxed, fetched only near the
// viewport; the appointment scheduling block draws the scheduling service's scheduler and the wedding registry a
// registry at the registry service through its widget.
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PREVIEW } from '../../shared/dialogs.ts';
import { PLAYER_SANDBOX } from '../../worker/blocks/audio-streaming/index.tsx';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { publishVariant } from './support/fixture-pages.ts';
import { cookieNoticeAnsweredBefore } from './support/popup.ts';
import { watchProblems } from './support/forms.ts';

/** trailhead with the owner's markdown (and a form's own HTML) taken off the booking pages, so they keep the strict policy that names the service */
const TRAILHEAD = 'trailwidgets.localhost';

const ZOLA_KEY = 'osei-whitfield-2027';

let server: DevServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const records = await publishVariant('trailhead', 'trailwidgets', (site) => {
    for (const page of site.pages)
      if (['supper-club', 'visit-the-store', 'gift-guide'].includes(page.urlId))
        page.layout = { ...page.layout, blocks: page.layout.blocks.filter((b) => b.type !== 44 && b.type !== 9) };
    // the couple's registry at the registry service, beside the store's
    const registry = site.pages.find((p) => p.urlId === 'gift-guide')!.layout.blocks.find((b) => b.type === 63)!;
    (registry.data as { registries: { name: string; url: string }[] }).registries.push({
      name: 'Our Zola registry',
      url: `https://www.zola.com/registry/${ZOLA_KEY}`,
    });
  });
  server = await startDevServer(['fixtures/sites/trailhead.json'], { records });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

/** What the providers' stand-ins were asked. */
interface Asked {
  /** every request to a provider, as its URL */
  urls: string[];
  /** the same, with what the browser fetched it as (script, iframe, …) */
  kinds: string[];
}

/**
 * The reservation service's loader as the real one behaves in a page: it finds its own script element, reads the
 * query it was loaded with and puts the widget's frame (the service's canvas, with the same query) after it.
 */
const BOOKING_LOADER = `(() => {
  const script = document.currentScript;
  const src = new URL(script.src);
  const frame = document.createElement('iframe');
  frame.src = src.origin + '/widget/reservation/canvas' + src.search;
  frame.title = 'Online Reservations';
  frame.style.cssText = 'width:224px;height:301px;border:none';
  script.after(frame);
})();`;

/** The scheduling service's embed script as the real one behaves: it sizes the frames of its scheduler on the page. */
const SCHEDULER_EMBED = `(() => {
  for (const frame of document.querySelectorAll('iframe[src*=".as.me/"], iframe[src*="acuityscheduling.com/"]')) {
    frame.height = '640';
    frame.dataset.sized = 'true';
  }
})();`;

/** The registry service's widget script as the real one behaves: each marked registry link becomes its registry. */
const REGISTRY_WIDGET = `(() => {
  for (const link of document.querySelectorAll('a.zola-registry-embed')) {
    const frame = document.createElement('iframe');
    frame.src = 'https://widget.zola.com/v1/widget/registry/' + encodeURIComponent(link.dataset.registryKey) + '/html';
    frame.title = 'Zola registry';
    frame.style.cssText = 'width:100%;height:400px;border:none';
    link.replaceWith(frame);
  }
})();`;

async function visitor(options: { consented?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  if (options.consented !== false) await cookieNoticeAnsweredBefore(context);
  const asked: Asked = { urls: [], kinds: [] };
  const record = (route: Route) => {
    asked.urls.push(route.request().url());
    asked.kinds.push(`${new URL(route.request().url()).pathname} ${route.request().resourceType()}`);
  };
  await context.route(/^https:\/\/www\.opentable\.[a-z.]+\//, (route) => {
    record(route);
    const url = new URL(route.request().url());
    if (url.pathname === '/widget/reservation/loader') return route.fulfill({ contentType: 'text/javascript', body: BOOKING_LOADER });
    if (url.pathname === '/widget/reservation/canvas')
      return route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><title>Online Reservations</title><p>Reservations for ${url.searchParams.get('rid')}</p>`,
      });
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>OpenTable</title>' });
  });
  await context.route(/^https:\/\/(trailheadsupply\.as\.me|embed\.acuityscheduling\.com|widget\.zola\.com)\//, (route) => {
    record(route);
    const url = new URL(route.request().url());
    if (url.href === 'https://embed.acuityscheduling.com/js/embed.js')
      return route.fulfill({ contentType: 'text/javascript', body: SCHEDULER_EMBED });
    if (url.href === 'https://widget.zola.com/js/widget.js')
      return route.fulfill({ contentType: 'text/javascript', body: REGISTRY_WIDGET });
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>Embedded</title><p>Embedded ${url.hostname}${url.pathname}</p>`,
    });
  });
  await context.route(/^https:\/\/open\.spotify\.com\//, (route) => {
    record(route);
    return route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Spotify Embed</title><p>Trailside Sessions</p>',
    });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page, asked, problems: watchProblems(page) };
}

const block = (page: Page) => page.locator('.booking-block');
const widgetState = (page: Page) => block(page).getAttribute('data-widget');

describe('the restaurant booking block', () => {
  it("loads the reservation service's widget script for the restaurant's id once the visitor has consented (v1)", async () => {
    const { page, asked, problems } = await visitor();
    const res = await page.goto(`${server.origin(TRAILHEAD)}/supper-club`);
    // a strict policy, which names the service
    expect(res?.headers()['content-security-policy']).toMatch(
      /script-src 'nonce-[^']+' 'strict-dynamic'[^;]* https:\/\/www\.opentable\.com(;| )/,
    );
    await block(page).scrollIntoViewIfNeeded();
    await expect.poll(() => widgetState(page)).toBe('loaded');
    const loader = new URL(asked.urls.find((u) => u.includes('/widget/reservation/loader'))!);
    expect(loader.origin).toBe('https://www.opentable.com');
    expect(Object.fromEntries(loader.searchParams)).toEqual({
      rid: 'brew-room-supper',
      type: 'standard',
      theme: 'standard',
      iframe: 'true',
      domain: 'com',
      lang: 'en-GB',
      newtab: 'false',
      ot_source: 'Restaurant website',
    });
    // the widget's own frame, in the card; no times or party sizes of ours
    await expect(page.frameLocator('.booking-widget iframe').getByText('Reservations for brew-room-supper').count()).resolves.toBe(1);
    expect(asked.kinds).toEqual(['/widget/reservation/loader script', '/widget/reservation/canvas document']);
    await expect(block(page).getByRole('combobox').count()).resolves.toBe(0);
    await expect(
      block(page)
        .getByRole('link', { name: /Find a Table/ })
        .isVisible(),
    ).resolves.toBe(false);
    expect(problems).toEqual([]);
  });

  it("v2 loads the widget from the service's site of the restaurant's region", async () => {
    const { page, asked } = await visitor();
    const res = await page.goto(`${server.origin(TRAILHEAD)}/visit-the-store`);
    expect(res?.headers()['content-security-policy']).toMatch(
      /script-src 'nonce-[^']+' 'strict-dynamic'[^;]* https:\/\/www\.opentable\.co\.uk(;| )/,
    );
    await block(page).scrollIntoViewIfNeeded();
    await expect.poll(() => widgetState(page)).toBe('loaded');
    const loader = new URL(asked.urls.find((u) => u.includes('/widget/reservation/loader'))!);
    expect(loader.origin).toBe('https://www.opentable.co.uk');
    expect(loader.searchParams.get('rid')).toBe('brew-room-hathersage');
    expect(loader.searchParams.get('domain')).toBe('co.uk');
  });

  it("waits for consent under the restrictive cookie policy; until then 'Find a Table' opens the restaurant's reservation page", async () => {
    const { page, asked, context } = await visitor({ consented: false });
    await page.goto(`${server.origin(TRAILHEAD)}/supper-club`);
    await block(page).scrollIntoViewIfNeeded();
    await expect.poll(() => widgetState(page)).toBe('consent');
    expect(asked.urls).toEqual([]);
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      block(page).getByRole('link', { name: 'Find a Table at OpenTable (opens in a new window)' }).click(),
    ]);
    const opened = new URL(popup.url());
    expect(opened.origin + opened.pathname).toBe('https://www.opentable.com/restref/client/');
    expect(opened.searchParams.get('rid')).toBe('brew-room-supper');
    await popup.close();
    await page.getByRole('region', { name: 'Cookie notice' }).getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => widgetState(page)).toBe('loaded');
  });

  it("is a preview only for a logged-in owner: no widget, and 'Find a Table' shows the Preview Only alert", async () => {
    const { page, context, asked } = await visitor();
    await page.goto(`${server.origin(TRAILHEAD)}/login`);
    await page.getByLabel('Email').fill('owner@trailhead.example');
    await page.getByLabel('Password').fill('correct-horse-battery');
    await Promise.all([page.waitForURL((u) => u.pathname === '/config/'), page.getByRole('button', { name: 'Log In' }).click()]);
    await page.goto(`${server.origin(TRAILHEAD)}/visit-the-store?noredirect`);
    await block(page).scrollIntoViewIfNeeded();
    await expect.poll(() => widgetState(page)).toBe('preview');
    let popups = 0;
    context.on('page', () => popups++);
    const find = block(page).getByRole('link', { name: /Find a Table/ });
    await find.click();
    const alert = page.getByRole('alertdialog', { name: BOOKING_PREVIEW.title });
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain(BOOKING_PREVIEW.message);
    await page.keyboard.press('Escape');
    await expect(alert.count()).resolves.toBe(0);
    expect(popups).toBe(0);
    expect(asked.urls.filter((u) => u.includes('opentable'))).toEqual([]);
  });
});

describe('the music embed block', () => {
  it("shows the service's player, sandboxed, and fetches it only as it comes near the viewport", async () => {
    const { page, asked, problems } = await visitor();
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto(`${server.origin(TRAILHEAD)}/community`);
    const player = page.locator('.audio-streaming-block iframe');
    await expect(player.getAttribute('sandbox')).resolves.toBe(PLAYER_SANDBOX);
    await expect(player.getAttribute('title')).resolves.toBe('Trailside Sessions on Spotify');
    await expect(page.locator('.audio-streaming-block[data-html]').count()).resolves.toBe(0);
    const below = await player.evaluate((el) => el.getBoundingClientRect().top - innerHeight);
    if (below > 1500) {
      await page.waitForTimeout(500);
      expect(asked.urls.filter((u) => u.includes('spotify'))).toEqual([]);
    }
    await player.scrollIntoViewIfNeeded();
    await expect
      .poll(() => asked.urls.filter((u) => u.includes('spotify')))
      .toEqual(['https://open.spotify.com/embed/show/4rOoJ6Egrf8K2IrywzwOMk']);
    await expect(page.frameLocator('.audio-streaming-block iframe').getByText('Trailside Sessions').count()).resolves.toBe(1);
    expect(problems).toEqual([]);
  });
});

describe('the appointment scheduling block', () => {
  it("draws the scheduling service's scheduler of the booking page, sized by the service's embed script, after consent", async () => {
    const { page, asked, problems } = await visitor({ consented: false });
    const res = await page.goto(`${server.origin(TRAILHEAD)}/visit-the-store`);
    expect(res?.headers()['content-security-policy']).toMatch(
      /script-src 'nonce-[^']+' 'strict-dynamic'[^;]* https:\/\/embed\.acuityscheduling\.com(;| )/,
    );
    const embed = page.locator('.appointments-embed');
    await embed.scrollIntoViewIfNeeded();
    await expect.poll(() => embed.getAttribute('data-embed')).toBe('consent');
    expect(asked.urls.filter((u) => /as\.me|acuity/.test(u))).toEqual([]);
    await page.getByRole('region', { name: 'Cookie notice' }).getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => embed.getAttribute('data-embed')).toBe('loaded');
    const frame = embed.locator('iframe');
    await expect(frame.getAttribute('title')).resolves.toBe('Schedule an appointment with Trailhead boot-fitting studio');
    await expect(frame.getAttribute('data-sized')).resolves.toBe('true');
    await expect(
      page.frameLocator('.appointments-embed iframe').getByText('Embedded trailheadsupply.as.me/boot-fitting').count(),
    ).resolves.toBe(1);
    expect(asked.urls.filter((u) => /as\.me|acuity/.test(u)).sort()).toEqual([
      'https://embed.acuityscheduling.com/js/embed.js',
      'https://trailheadsupply.as.me/boot-fitting',
    ]);
    // the link to the booking page stays
    await expect(page.getByRole('link', { name: 'Schedule an Appointment' }).getAttribute('href')).resolves.toBe(
      'https://trailheadsupply.as.me/boot-fitting',
    );
    expect(problems).toEqual([]);
  });
});

describe('the wedding registry block', () => {
  it("has a registry at the registry service drawn by the service's widget script, the others staying links", async () => {
    const { page, asked, problems } = await visitor();
    const res = await page.goto(`${server.origin(TRAILHEAD)}/gift-guide`);
    expect(res?.headers()['content-security-policy']).toMatch(
      /script-src 'nonce-[^']+' 'strict-dynamic'[^;]* https:\/\/widget\.zola\.com(;| )/,
    );
    const list = page.locator('.registry-list');
    await list.scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.registry-widget').getAttribute('data-widget')).toBe('loaded');
    await list.locator('iframe').waitFor();
    expect(asked.urls.filter((u) => u.includes('zola'))).toEqual([
      'https://widget.zola.com/js/widget.js',
      `https://widget.zola.com/v1/widget/registry/${ZOLA_KEY}/html`,
    ]);
    await expect(list.getByRole('link').count()).resolves.toBe(2);
    expect(problems).toEqual([]);
  });
});
