// The site-wide visitor runtime in a real Chromium against wrangler dev (§4, §6, §7, §8, §9): what a page sends to our
// own edge (every request to /api/ is watched, some are answered by the test to reach a flag or a failure), consent
// under the restrictive cookie policy, the dialogs, beta-feature cookies, and the owner's summary of the visits made.
import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_REPORTING, STACK_TRUNCATED_MARKER } from '../../shared/error-report.ts';
import { POPUP_STORAGE_KEY } from '../../shared/overlays.ts';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { cookieNoticeAnsweredBefore, popupAlreadySignedUp } from './support/popup.ts';
import { OWNER, publishVariant } from './support/fixture-pages.ts';

const FERNWOOD = 'fernwood.localhost';
const TRAILHEAD = 'trailhead.localhost';
const LICENSED = 'licensed.localhost';
const ESCAPES = 'escapes.localhost';
const BUTTONS = 'buttons.localhost';
const ITEM = '/journal/sunset-at-the-orientation-table';

let server: DevServer;
let browser: Browser;
const contexts: { context: BrowserContext; pending: () => number }[] = [];

/** Page views and heartbeats fernwood's edge accepted in this file, for the owner's summary at the end. */
const recorded = { pageViews: 0, heartbeats: 0, visitors: new Set<string>() };
/** Page views sent to fernwood's edge, answered or not (a page left mid-request may never see its 204). */
let pageViewsSent = 0;

beforeAll(async () => {
  // trailhead with licensed preview images (snapshot settings.hasPreviewStockImages)
  const records = await publishVariant('trailhead', 'licensed', (site) => (site.settings.hasPreviewStockImages = true));
  // trailhead where Escape opens the login page: its visits stay out of fernwood's summary
  records.push(...(await publishVariant('trailhead', 'escapes', (site) => (site.settings.useEscapeKeyToLogin = true))));
  // fernwood whose home page has a mailto: button and a button that opens a new window beside its own
  records.push(
    ...(await publishVariant('fernwood', 'buttons', (site) => {
      const home = site.pages.find((p) => p.urlId === 'home')!;
      home.layout!.blocks.push(
        { id: 'write', type: 53, span: 6, data: { buttonText: 'Write to the wood', clickthroughUrl: 'mailto:letters@fernwood.example' } },
        { id: 'tab', type: 53, span: 6, data: { buttonText: 'The journal in a new window', clickthroughUrl: '/journal', newWindow: true } },
      );
    })),
  );
  server = await startDevServer(['fixtures/sites/fernwood.json', 'fixtures/sites/trailhead.json'], { records });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

afterEach(async () => {
  for (const { context, pending } of contexts.splice(0)) {
    // leave each page first (its last heartbeat goes as a beacon) and let every hit land, so the owner's summary at
    // the end can be held to the exact count of what the edge accepted
    const drain = async () => {
      const deadline = Date.now() + 5000;
      while (pending() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    };
    // a page still loading sends its view when its runtime starts
    for (const page of context.pages()) await page.waitForLoadState('load').catch(() => undefined);
    await new Promise((r) => setTimeout(r, 300));
    await drain();
    for (const page of context.pages()) await page.goto('about:blank').catch(() => undefined);
    await drain();
    await context.close();
  }
});

interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
  type: string;
  at: number;
  request: Request;
}

/** A visitor's page, with every request it makes to /api/ kept in order. */
async function visitor(options: { width?: number; height?: number; touch?: boolean } = {}) {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    ...(options.touch ? { isMobile: true, hasTouch: true } : {}),
  });
  // a visitor who signed up to fernwood's popup overlay before: it stays closed and leaves these pages alone
  await popupAlreadySignedUp(context);
  let inFlight = 0;
  contexts.push({ context, pending: () => inFlight });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const sent: Sent[] = [];
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // requests of a page that is going away (the beacon on page hide) are the context's
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    inFlight++;
    if (url.hostname === FERNWOOD && url.pathname === '/api/census/RecordHit') {
      if (new URLSearchParams(request.postData() ?? '').get('event') === 'PAGE_VIEW') pageViewsSent++;
    }
    sent.push({
      method: request.method(),
      path: url.pathname,
      query: url.searchParams,
      body: request.postData() ?? '',
      type: request.resourceType(),
      at: Date.now(),
      request,
    });
  });
  context.on('requestfailed', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) inFlight--;
  });
  context.on('requestfinished', async (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    const status = (await request.response())?.status();
    inFlight--;
    if (url.hostname !== FERNWOOD || url.pathname !== '/api/census/RecordHit') return;
    if (status !== 204) return;
    const event = new URLSearchParams(request.postData() ?? '').get('event');
    if (event === 'PAGE_VIEW') recorded.pageViews++;
    if (event === 'HEARTBEAT') recorded.heartbeats++;
  });
  return { context, page, sent, errors };
}

const hits = (sent: Sent[], event: string) =>
  sent.filter((s) => s.path === '/api/census/RecordHit' && new URLSearchParams(s.body).get('event') === event);
const form = (s: Sent) => new URLSearchParams(s.body);
const hitData = (s: Sent) => JSON.parse(form(s).get('data') ?? 'null') as Record<string, unknown>;

/** Waits until `check` passes (the runtime sends after the page loads, in its own time). */
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

/** Activity a visitor makes: the mouse moving over the page. */
async function moveAround(page: Page, steps = 5): Promise<void> {
  for (let i = 0; i < steps; i++) {
    await page.mouse.move(200 + i * 40, 200 + i * 30);
    await page.waitForTimeout(120);
  }
}

const url = (host: string, path: string) => server.origin(host) + path;

describe('page views and heartbeats', () => {
  it('sends one page view with every §7 field, the page-view extras and no visitor record yet', async () => {
    const { page, sent } = await visitor();
    const before = Date.now();
    await page.goto(url(FERNWOOD, `${ITEM}?source=newsletter&campaign=autumn`));
    await eventually(() => expect(hits(sent, 'PAGE_VIEW')).toHaveLength(1));
    const view = hits(sent, 'PAGE_VIEW')[0]!;
    expect(view.method).toBe('POST');
    expect(view.request.headers()['content-type']).toBe('application/x-www-form-urlencoded');
    // the crumb both ways the request layer sends it
    const crumb = (await page.context().cookies()).find((c) => c.name === 'crumb')!.value;
    expect(view.query.get('crumb')).toBe(crumb);
    expect(view.request.headers()['x-csrf-token']).toBe(crumb);
    expect([...form(view).keys()].sort()).toEqual(['data', 'event', 'ss_cvr']);
    expect(form(view).get('ss_cvr')).toBe('');
    const browserSide = await page.evaluate(() => ({
      title: document.title,
      userAgent: navigator.userAgent,
      screenHeight: screen.height,
      screenWidth: screen.width,
    }));
    const data = hitData(view);
    expect(data).toEqual({
      url: ITEM,
      title: browserSide.title,
      itemId: expect.any(String),
      recordType: expect.any(Number),
      websiteId: 'site-fernwood',
      templateId: 'tmpl-avenue-journal',
      userAgent: browserSide.userAgent,
      clientDate: expect.any(Number),
      viewportInnerHeight: 900,
      viewportInnerWidth: 1280,
      screenHeight: browserSide.screenHeight,
      screenWidth: browserSide.screenWidth,
      queryString: 'source=newsletter&campaign=autumn',
      referrer: '',
      localStorageSupported: true,
    });
    expect(data.clientDate as number).toBeGreaterThanOrEqual(before);
    expect(data.clientDate as number).toBeLessThanOrEqual(Date.now());
    // the edge answered and started the visitor's record
    await eventually(async () => expect((await page.context().cookies()).some((c) => c.name === 'ss_cvr')).toBe(true));
    // the landing pixel, once, with the page's marketing fields copied
    await eventually(() => expect(sent.filter((s) => s.path === '/api/track/Track')).toHaveLength(1));
    const pixel = sent.find((s) => s.path === '/api/track/Track')!;
    expect(pixel.method).toBe('GET');
    expect(pixel.type).toBe('image');
    expect(pixel.query.get('landing')).toBe(page.url());
    expect(pixel.query.get('source')).toBe('newsletter');
    expect(pixel.query.get('campaign')).toBe('autumn');
    expect(pixel.query.get('rk')).toMatch(/^\d{1,8}$/);
    expect(pixel.query.get('screen')).toBe(`${browserSide.screenWidth}x${browserSide.screenHeight}`);
    // an item's view is also the View engagement event
    await eventually(() => expect(sent.filter((s) => s.path === '/api/events/RecordEvent')).toHaveLength(1));
    const event = form(sent.find((s) => s.path === '/api/events/RecordEvent')!);
    expect(event.get('event')).toBe('View');
    expect(event.get('crumb')).toBe(crumb);
    expect(JSON.parse(event.get('data')!)).toMatchObject({ websiteId: 'site-fernwood', templateId: 'tmpl-avenue-journal', pagePath: ITEM });
    // a second page of the same visit sends its view with the record, and no second landing pixel
    await page.goto(url(FERNWOOD, '/journal'));
    await eventually(() => expect(hits(sent, 'PAGE_VIEW')).toHaveLength(2));
    const second = hits(sent, 'PAGE_VIEW')[1]!;
    expect(form(second).get('ss_cvr')).toMatch(/^[\w-]+\|\d+\|\d+\|\d+\|1$/);
    expect(hitData(second)).toMatchObject({ url: '/journal', collectionId: expect.any(String) });
    expect(hitData(second)).not.toHaveProperty('itemId');
    recorded.visitors.add(form(second).get('ss_cvr')!.split('|')[0]!);
    await page.waitForTimeout(300);
    expect(sent.filter((s) => s.path === '/api/track/Track')).toHaveLength(1);
  });

  it('sends a heartbeat of the active time on blur, and the last one as a beacon when the page is hidden', async () => {
    const { page, sent } = await visitor();
    await page.goto(url(FERNWOOD, ITEM));
    await eventually(() => expect(hits(sent, 'PAGE_VIEW')).toHaveLength(1));
    const viewed = hitData(hits(sent, 'PAGE_VIEW')[0]!);
    const started = Date.now();
    await moveAround(page, 6);
    const elapsed = Date.now() - started;
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    await eventually(() => expect(hits(sent, 'HEARTBEAT')).toHaveLength(1));
    const beat = hits(sent, 'HEARTBEAT')[0]!;
    expect([...form(beat).keys()].sort()).toEqual(['data', 'event', 'ss_cvr']);
    expect(form(beat).get('ss_cvr')).toMatch(/^[\w-]+\|/);
    const data = hitData(beat);
    expect(Object.keys(data).sort()).toEqual(
      [
        'activeMillis',
        'clientDate',
        'eventLog',
        'itemId',
        'recordType',
        'screenHeight',
        'screenWidth',
        'templateId',
        'title',
        'url',
        'userAgent',
        'viewStartTimeMillis',
        'viewportInnerHeight',
        'viewportInnerWidth',
        'websiteId',
      ].sort(),
    );
    expect(data).toMatchObject({ url: ITEM, websiteId: 'site-fernwood', itemId: viewed.itemId, recordType: viewed.recordType });
    // §9: the first activity counts 3000 ms, the rest the gaps between them
    expect(data.activeMillis as number).toBeGreaterThanOrEqual(3000);
    expect(data.activeMillis as number).toBeLessThanOrEqual(3000 + elapsed + 200);
    expect(data.viewStartTimeMillis as number).toBeLessThanOrEqual(viewed.clientDate as number);
    expect((viewed.clientDate as number) - (data.viewStartTimeMillis as number)).toBeLessThan(2000);
    expect(data.eventLog).toEqual(['mousemove']);
    expect(beat.type).not.toBe('ping');

    // the page is hidden (the visitor switches tabs, or leaves): the last heartbeat goes as a beacon, which carries no
    // headers, so the crumb is in its query. (Chromium does not report a beacon sent while a document unloads to the
    // test, so the page is hidden here without unloading; the owner's summary below counts the ones sent on leaving.)
    await moveAround(page, 12);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await eventually(() => expect(hits(sent, 'HEARTBEAT')).toHaveLength(2));
    const last = hits(sent, 'HEARTBEAT')[1]!;
    expect(last.type).toBe('ping');
    expect(last.request.headers()['x-csrf-token']).toBeUndefined();
    expect(last.query.get('crumb')).toBe((await page.context().cookies()).find((c) => c.name === 'crumb')!.value);
    expect(hitData(last)).toMatchObject({ url: ITEM, activeMillis: expect.any(Number), eventLog: ['mousemove'] });
    expect(hitData(last).activeMillis as number).toBeGreaterThanOrEqual(1000);
    // a flush needs 1000 ms: a blur right after the last one sends nothing
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    await page.waitForTimeout(400);
    expect(hits(sent, 'HEARTBEAT')).toHaveLength(2);
  });

  it('sends one site search from the search page instead of a page view (§2; the owner counts searches)', async () => {
    const { page, sent } = await visitor();
    const res = await page.goto(url(FERNWOOD, '/search?q=fog'));
    expect(res?.status()).toBeLessThan(500);
    await moveAround(page, 4);
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    await eventually(() => expect(hits(sent, 'SITE_SEARCH')).toHaveLength(1));
    await page.waitForTimeout(1500);
    expect(hits(sent, 'SITE_SEARCH')).toHaveLength(1);
    expect(hits(sent, 'PAGE_VIEW')).toEqual([]);
  });

  it.each([
    ['a page that does not exist', '/no-such-page'],
    ['a lock screen', '/participants'],
  ])('sends nothing from %s', async (_what, path) => {
    const { page, sent } = await visitor();
    const res = await page.goto(url(FERNWOOD, path));
    expect(res?.status()).toBeLessThan(500);
    await moveAround(page, 4);
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    await page.waitForTimeout(1500);
    expect(sent.map((s) => s.path)).toEqual([]);
  });
});

describe('a logged-in account', () => {
  it('records no page view and no heartbeat of its own visits (§6)', async () => {
    const { page, sent } = await visitor();
    await page.goto(url(FERNWOOD, '/login'));
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await Promise.all([page.waitForURL((u) => u.pathname === '/config/'), page.getByRole('button', { name: 'Log In' }).click()]);
    await page.waitForLoadState('load');
    await page.goto(url(FERNWOOD, '/about'));
    await page.waitForLoadState('load');
    await page.mouse.move(200, 200);
    await page.mouse.move(400, 300);
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    await page.waitForTimeout(1500);
    // (the editor it logged in to reads the owner's summary: that is not analytics)
    const analytics = sent.filter((s) => s.path !== '/api/census/Summary' && /^\/api\/(census|track|events)\//.test(s.path));
    expect(analytics.map((s) => s.path)).toEqual([]);
  });
});

describe('consent under the restrictive cookie policy', () => {
  it('sends its hits without a visitor cookie and sets none before consent, and starts the visitor as soon as it is given', async () => {
    const { page, sent, context } = await visitor();
    // a visitor cookie left from before the policy is removed (§6 no-cookie mode)
    await context.addCookies([{ name: 'ss_cvt', value: '1700000000000', url: url(TRAILHEAD, '/') }]);
    await page.goto(url(TRAILHEAD, '/'));
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await notice.waitFor();
    await expect(notice.textContent()).resolves.toContain(
      'We use cookies to help us improve, promote, and protect our services. By continuing to use the site, you agree to our cookie policy.',
    );
    await moveAround(page, 4);
    await page.getByRole('link', { name: 'Shop' }).first().hover();
    await page.waitForTimeout(1500);
    // the view goes in no-cookie mode: no visitor record in it, nor in the request's cookies
    await eventually(() => expect(hits(sent, 'PAGE_VIEW')).toHaveLength(1));
    expect(form(hits(sent, 'PAGE_VIEW')[0]!).get('ss_cvr')).toBe('');
    expect((await hits(sent, 'PAGE_VIEW')[0]!.request.allHeaders()).cookie).not.toMatch(/\bss_cv[rt]=/);
    const cookieNames = () => context.cookies().then((list) => list.map((c) => c.name).sort());
    expect(await cookieNames()).toEqual(['crumb']);
    // bottom-left, as the site set it
    const box = await notice.boundingBox();
    expect(box!.x).toBeLessThan(40);
    expect(box!.y + box!.height).toBeGreaterThan(900 - 40);

    await notice.getByRole('button', { name: 'Continue' }).click();
    await expect(notice.count()).resolves.toBe(0);
    const consent = (await context.cookies()).find((c) => c.name === 'ss_cookieAllowed')!;
    expect(consent.value).toBe('true');
    expect(consent.path).toBe('/');
    const days = (consent.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    // consent takes effect without a reload: the view goes again in the full mode, which starts the visitor's record
    await eventually(() => expect(hits(sent, 'PAGE_VIEW')).toHaveLength(2));
    await eventually(async () => expect(await cookieNames()).toContain('ss_cvr'));
    expect(page.url()).toBe(url(TRAILHEAD, '/'));
    await eventually(() =>
      expect(sent.some((s) => s.path === '/api/census/overlay' && s.body.includes('cookie-notice:accepted'))).toBe(true),
    );
    // and is remembered: the next page has no notice and counts at once, with the visitor's record
    await page.goto(url(TRAILHEAD, '/shop'));
    await eventually(() => expect(hits(sent, 'PAGE_VIEW')).toHaveLength(3));
    expect(form(hits(sent, 'PAGE_VIEW')[2]!).get('ss_cvr')).toMatch(/^[\w-]+\|/);
    await expect(page.getByRole('region', { name: 'Cookie notice' }).count()).resolves.toBe(0);
  });
});

describe('button blocks', () => {
  it('tracks the button view, then the click, and navigates once the click is tracked', async () => {
    const { page, sent } = await visitor();
    let clickAnswered = 0;
    await page.route('**/api/census/button-click*', async (route: Route) => {
      await new Promise((r) => setTimeout(r, 600));
      clickAnswered = Date.now();
      await route.continue();
    });
    await page.goto(url(FERNWOOD, '/'));
    await eventually(() => expect(sent.filter((s) => s.path === '/api/census/button-render')).toHaveLength(1));
    const render = JSON.parse(sent.find((s) => s.path === '/api/census/button-render')!.body);
    expect(render).toEqual({
      pagePath: '/',
      id: expect.any(String),
      buttonText: 'Read the whole journal',
      clickthroughUrl: '/journal',
      alignment: 'center',
      size: 'medium',
      newWindow: false,
      context: 'button-block',
      visitorCookie: expect.stringMatching(/^[\w-]+\|/),
    });
    const navigated = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/journal');
    await page.getByRole('link', { name: 'Read the whole journal' }).click();
    const navigation = await navigated;
    const started = Date.now();
    await page.waitForURL(/\/journal$/);
    const click = sent.find((s) => s.path === '/api/census/button-click')!;
    expect(JSON.parse(click.body)).toEqual({ ...render, visitorCookie: render.visitorCookie });
    expect(clickAnswered).toBeGreaterThan(0);
    expect(clickAnswered).toBeLessThanOrEqual(started);
    expect(navigation.method()).toBe('GET');
  });

  it('holds a click made before the button is alive, then tracks it first and navigates', async () => {
    const { page, sent } = await visitor();
    // the button's own chunk arrives late: the loader holds the click meanwhile
    await page.route(/\/client\/island-button-[A-Z0-9]+\.js/, async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await page.goto(url(FERNWOOD, '/'), { waitUntil: 'domcontentloaded' });
    const island = page.locator('site-island[data-island="button"]');
    await page.waitForFunction(
      () => document.querySelector('site-island[data-island="button"]')?.getAttribute('data-island-state') === 'loading',
    );
    await page.getByRole('link', { name: 'Read the whole journal' }).click();
    // held: no navigation while the chunk is on its way
    await page.waitForTimeout(400);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await island.getAttribute('data-island-state')).toBe('loading');
    await page.waitForURL(/\/journal$/);
    const click = sent.findIndex((s) => s.path === '/api/census/button-click');
    expect(click).toBeGreaterThanOrEqual(0);
    expect(JSON.parse(sent[click]!.body)).toMatchObject({ buttonText: 'Read the whole journal', clickthroughUrl: '/journal' });
  });

  it('sends the click alongside and holds nothing back for a mailto: link, a new window or a modified click', async () => {
    const { page, context, sent } = await visitor();
    const answered: number[] = [];
    await page.route('**/api/census/button-click*', async (route: Route) => {
      await new Promise((r) => setTimeout(r, 1500));
      answered.push(Date.now());
      await route.continue();
    });
    await page.goto(url(BUTTONS, '/'));
    await eventually(() => expect(sent.filter((s) => s.path === '/api/census/button-render')).toHaveLength(3));
    await page.locator('site-island[data-island="button"][data-island-state="hydrated"]').nth(2).waitFor({ state: 'attached' });
    const clicks = () => sent.filter((s) => s.path === '/api/census/button-click').map((s) => JSON.parse(s.body).buttonText);

    // a new window opens at once, before the click is answered
    const [opened] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: /The journal in a new window/ }).click(),
    ]);
    expect(answered).toEqual([]);
    expect(clicks()).toEqual(['The journal in a new window']);
    await opened!.close();
    // a click with a modifier key (a new tab) goes at once too, and leaves this page where it is
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: 'Read the whole journal' }).click({ modifiers: ['ControlOrMeta'] }),
    ]);
    expect(answered).toEqual([]);
    expect(clicks()).toEqual(['The journal in a new window', 'Read the whole journal']);
    await tab!.close();
    // a mailto: link is not held back: the browser hands it on, and this page stays
    const heldBack = await page.getByRole('link', { name: 'Write to the wood' }).evaluate((a) => {
      let prevented: boolean | undefined;
      // after the island has seen the click: whether it held the navigation back, then the browser's own handling of
      // mailto: cancelled (a headless browser has no mail program to hand it to)
      window.addEventListener(
        'click',
        (event) => {
          prevented = event.defaultPrevented;
          event.preventDefault();
        },
        { once: true },
      );
      (a as HTMLAnchorElement).click();
      return prevented;
    });
    expect(heldBack).toBe(false);
    await eventually(() => expect(clicks()).toEqual(['The journal in a new window', 'Read the whole journal', 'Write to the wood']));
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('is a plain link without script', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    contexts.push({ context, pending: () => 0 });
    const page = await context.newPage();
    const sent: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname.startsWith('/api/census/button') && sent.push(r.url()));
    await page.goto(url(FERNWOOD, '/'));
    await page.getByRole('link', { name: 'Read the whole journal' }).click();
    await page.waitForURL(/\/journal$/);
    expect(sent).toEqual([]);
  });

  it('gives the click 2500 ms and then navigates anyway', async () => {
    const { page, sent } = await visitor();
    await page.route('**/api/census/button-click*', () => undefined); // never answered
    await page.goto(url(FERNWOOD, '/'));
    await eventually(() => expect(sent.filter((s) => s.path === '/api/census/button-render')).toHaveLength(1));
    const clicked = Date.now();
    await page.getByRole('link', { name: 'Read the whole journal' }).click();
    await page.waitForURL(/\/journal$/, { timeout: 6000 });
    const waited = Date.now() - clicked;
    expect(waited).toBeGreaterThanOrEqual(2400);
    expect(waited).toBeLessThan(4500);
  });
});

/** Uncaught errors, each thrown by a script of its own with the page's nonce (so the CSP lets it run). */
function uncaught(count: number): void {
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
  for (let i = 0; i < count; i++) {
    const script = document.createElement('script');
    script.nonce = nonce;
    script.textContent = `throw new Error('error ${i}')`;
    document.head.append(script);
  }
}

describe('script error reporting', () => {
  it('reports an uncaught error once, debounced, with its stack cut at 5000 characters and marked', async () => {
    const { page, sent, errors } = await visitor();
    await page.goto(url(FERNWOOD, '/about'));
    await eventually(() => expect(hits(sent, 'PAGE_VIEW')).toHaveLength(1));
    await page.evaluate(() => {
      setTimeout(() => {
        const error = new Error('The gallery fell over');
        error.stack = `Error: The gallery fell over\n${'    at somewhere (https://example.test/x.js:1:1)\n'.repeat(200)}`;
        throw error;
      });
    });
    await eventually(() => expect(sent.filter((s) => s.path === '/api/events/RecordJavascriptErrors')).toHaveLength(1));
    expect(errors).toEqual(['The gallery fell over']);
    const report = sent.find((s) => s.path === '/api/events/RecordJavascriptErrors')!;
    expect(report.request.headers()['content-type']).toBe('application/json');
    expect(report.request.headers()['x-csrf-token']).toBeTruthy();
    const body = JSON.parse(report.body) as { event: string; data: Record<string, unknown>; timestamp: number }[];
    expect(body).toHaveLength(1);
    expect(body[0]!.event).toBe('interface_error_site');
    expect(body[0]!.data).toMatchObject({
      websiteId: 'site-fernwood',
      templateId: 'tmpl-avenue-journal',
      url: page.url(),
      message: 'Uncaught Error: The gallery fell over',
    });
    const stack = body[0]!.data.stack as string;
    expect(stack).toHaveLength(ERROR_REPORTING.stackLimit + STACK_TRUNCATED_MARKER.length);
    expect(stack.endsWith(STACK_TRUNCATED_MARKER)).toBe(true);
    await page.waitForTimeout(1500);
    expect(sent.filter((s) => s.path === '/api/events/RecordJavascriptErrors')).toHaveLength(1);
  });

  it('queues at most 10 errors and stops after 20 sends', async () => {
    const { page, sent } = await visitor();
    await page.clock.install();
    await page.goto(url(FERNWOOD, '/about'));
    const reports = () => sent.filter((s) => s.path === '/api/events/RecordJavascriptErrors');
    await eventually(() => expect(hits(sent, 'PAGE_VIEW')).toHaveLength(1));
    const throwErrors = (n: number) => page.evaluate(uncaught, n);
    await throwErrors(15);
    await page.clock.runFor(ERROR_REPORTING.debounceMs + 10);
    await eventually(() => expect(reports()).toHaveLength(1));
    expect(JSON.parse(reports()[0]!.body)).toHaveLength(ERROR_REPORTING.maxQueued);
    for (let send = 2; send <= ERROR_REPORTING.maxSends + 3; send++) {
      await throwErrors(1);
      await page.clock.runFor(ERROR_REPORTING.debounceMs + 10);
      await eventually(() => expect(reports()).toHaveLength(Math.min(send, ERROR_REPORTING.maxSends)));
    }
    await page.waitForTimeout(500);
    expect(reports()).toHaveLength(ERROR_REPORTING.maxSends);
  });
});

describe('trace reporting', () => {
  /** The trace entries of the Trace sends among `sent`. */
  const traceEntries = (sent: Sent[]) =>
    sent
      .filter((s) => s.path === '/api/events/Trace')
      .map((s) => ({ type: s.type, entries: JSON.parse(form(s).get('data') ?? '[]') as { type: string; pageUrl: string }[] }));

  it('flushes the trace entries every 30 s (the system error panel shown is one)', async () => {
    const { page, sent } = await visitor();
    await page.clock.install();
    // the page view is refused with authorizationFail: the system error panel is shown and traced
    await page.route('**/api/census/RecordHit*', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ authorizationFail: true }) }),
    );
    await page.goto(url(FERNWOOD, '/about'));
    await page.getByRole('alertdialog', { name: 'Something Went Wrong' }).waitFor();
    // the page's clock is stopped here, however long a busy machine took to get so far; the flush timer was set when
    // the runtime started, after the navigation began. The page's clock keeps running between reading it and pausing
    // it: on a busy machine it can pass any fixed margin, so the pause is tried again from a fresh reading.
    for (let attempt = 1; ; attempt++) {
      try {
        await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 250);
        break;
      } catch (error) {
        if (attempt === 5 || !String(error).includes('to the past')) throw error;
      }
    }
    const elapsed = await page.evaluate(() => performance.now());
    if (elapsed < 29_000) {
      await page.clock.runFor(29_000 - elapsed);
      expect(traceEntries(sent)).toEqual([]);
    }
    await page.clock.runFor(30_000);
    await eventually(() => expect(traceEntries(sent)).toHaveLength(1));
    const [first] = traceEntries(sent);
    expect(first!.type).not.toBe('ping');
    expect(first!.entries.map((e) => e.type)).toEqual(['system_error']);
    expect(first!.entries[0]!.pageUrl).toBe(url(FERNWOOD, '/about'));
  });
});

describe('dialogs', () => {
  /** Answers the page's view with a response flag, as the edge might. */
  async function flagged(page: Page, status: number, body: unknown) {
    await page.route('**/api/census/RecordHit*', (route) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
    );
  }

  it('asks to log in again on loginRequired: Log In goes to the login page', async () => {
    const { page } = await visitor();
    await flagged(page, 401, { loginRequired: true });
    await page.goto(url(FERNWOOD, '/about'));
    const dialog = page.getByRole('dialog', { name: 'Login Required' });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('Session timed out -- login required');
    // a real modal dialog: the page behind is inert, the focus is on the dialog's button
    expect(await dialog.evaluate((d) => (d as HTMLDialogElement).matches(':modal'))).toBe(true);
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Log In');
    await Promise.all([page.waitForURL(/\/login\?return=%2Fabout$/), dialog.getByRole('button', { name: 'Log In' }).click()]);
  });

  it.each([
    [
      'its Cancel button',
      (page: Page) => page.getByRole('dialog', { name: 'Login Required' }).getByRole('button', { name: 'Cancel' }).click(),
    ],
    ['Escape', (page: Page) => page.keyboard.press('Escape')],
    ['a click outside it', (page: Page) => page.mouse.click(20, 450)],
  ])('closes the confirmation with %s, and nothing else happens', async (_how, close) => {
    const { page } = await visitor();
    await flagged(page, 401, { loginRequired: true });
    await page.goto(url(FERNWOOD, '/about'));
    const dialog = page.getByRole('dialog', { name: 'Login Required' });
    await dialog.waitFor();
    await close(page);
    await expect(dialog.count()).resolves.toBe(0);
    expect(new URL(page.url()).pathname).toBe('/about');
    // the focus went back to the page, not lost
    await expect(page.evaluate(() => document.querySelectorAll('dialog[open]').length)).resolves.toBe(0);
  });

  it('shows the system error panel for authorizationFail, with the URL, the format and the text; Clear closes it', async () => {
    const { page } = await visitor();
    await flagged(page, 403, { authorizationFail: true });
    await page.goto(url(FERNWOOD, '/about'));
    const panel = page.getByRole('alertdialog', { name: 'Something Went Wrong' });
    await panel.waitFor();
    const text = await panel.textContent();
    expect(text).toContain('/api/census/RecordHit');
    expect(text).toContain('FORM');
    expect(text).toContain('Unauthorized request');
    // full screen
    const box = await panel.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 1280, height: 900 });
    await panel.getByRole('button', { name: 'Clear' }).click();
    await expect(panel.count()).resolves.toBe(0);
  });

  it('shows the same panel for a flag on an island’s request: the handlers are the page’s, whoever asks', async () => {
    const { page } = await visitor();
    // a first visit: the popup overlay (an island built on its own, which borrows the page's request layer from the
    // runtime's file) shows, and records its show (the cookie notice, which comes first, answered before)
    await page.addInitScript((key) => localStorage.removeItem(key), POPUP_STORAGE_KEY);
    await cookieNoticeAnsweredBefore(page.context());
    await page.route('**/api/census/overlay*', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ authorizationFail: true }) }),
    );
    await page.goto(url(FERNWOOD, '/about'));
    const panel = page.getByRole('alertdialog', { name: 'Something Went Wrong' });
    await panel.waitFor();
    const text = await panel.textContent();
    expect(text).toContain('/api/census/overlay');
    expect(text).toContain('JSON');
  });

  it('shows the cleaned variant when the answer says so; Escape closes it, and Reload Page reloads', async () => {
    const { page } = await visitor();
    await flagged(page, 403, { authorizationFail: true, cleaned: true });
    await page.goto(url(FERNWOOD, '/about'));
    const panel = page.getByRole('alertdialog', { name: 'Something Went Wrong!' });
    await panel.waitFor();
    await expect(panel.textContent()).resolves.toContain(
      'Our system has encountered an error. This exception has been automatically logged and reported. We will return shortly.',
    );
    await page.keyboard.press('Escape');
    await expect(panel.count()).resolves.toBe(0);
    // Escape closed the dialog and did nothing else (on this site it would otherwise open the login page)
    await page.waitForTimeout(200);
    expect(new URL(page.url()).pathname).toBe('/about');
    await page.reload();
    await panel.waitFor();
    const reloaded = page.waitForEvent('load');
    await panel.getByRole('button', { name: 'Reload Page' }).click();
    await reloaded;
    await panel.waitFor();
  });

  it('acts on an Escape pressed before the Escape chain has arrived: the login page opens (useEscapeKeyToLogin)', async () => {
    const { page } = await visitor();
    // the site runtime's on-demand chunks (the dialogs and the Escape chain among them) arrive late
    await page.route('**/client/site-chunk-*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto(url(ESCAPES, '/about'));
    // the runtime has started (its own file is not delayed); its dialogs and Escape chain have not arrived
    await page.waitForFunction(() => document.documentElement.dataset.siteRuntime === 'ready');
    await Promise.all([page.waitForURL(/\/login\?return=%2Fabout$/), page.keyboard.press('Escape')]);
  });

  it('shows the information pop-up of logout=true at the top right, which hides itself and gives the page back', async () => {
    const { page } = await visitor();
    await page.goto(url(FERNWOOD, '/?logout=true'));
    const dialog = page.getByRole('alertdialog', { name: 'Logout Successful' });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box!.x + box!.width).toBeGreaterThan(1280 - 40);
    expect(box!.y).toBeLessThan(40);
    expect(await dialog.evaluate((d) => (d as HTMLDialogElement).matches(':modal'))).toBe(false);
    await dialog.waitFor({ state: 'detached', timeout: 4000 });
    expect(page.url()).toBe(url(FERNWOOD, '/'));
  });
});

describe('beta features and next-load actions', () => {
  it('writes a cookie for each feature switched on and expires it when switched off; the saved message shows on the next load', async () => {
    const { page, context } = await visitor();
    await page.goto(url(FERNWOOD, '/about?betaFeatures'));
    const panel = page.getByRole('dialog', { name: 'Beta Features' });
    await panel.waitFor();
    for (const group of ['General', 'i18n', 'Commerce', 'Developers']) {
      await expect(panel.getByRole('group', { name: group }).count()).resolves.toBe(1);
    }
    await panel.getByLabel('Reservation block v2').check();
    await panel.getByLabel('Formatted dates').check();
    await Promise.all([page.waitForURL(url(FERNWOOD, '/about')), panel.getByRole('button', { name: 'Save' }).click()]);
    const beta = async () =>
      Object.fromEntries(
        (await context.cookies())
          .filter((c) => ['restaurantBookingV2', 'i18nShowFormattedDates'].includes(c.name))
          .map((c) => [c.name, c.value]),
      );
    expect(await beta()).toEqual({ restaurantBookingV2: 'true', i18nShowFormattedDates: 'true' });
    // the next-load action, stored under the product's key, ran once
    await page.getByRole('alertdialog', { name: 'Beta Features' }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('sitebuilder_actions_for_next_load'))).resolves.toBeNull();

    await page.goto(url(FERNWOOD, '/about?betaFeatures'));
    await panel.waitFor();
    await expect(panel.getByLabel('Reservation block v2').isChecked()).resolves.toBe(true);
    await panel.getByLabel('Reservation block v2').uncheck();
    await Promise.all([page.waitForURL(url(FERNWOOD, '/about')), panel.getByRole('button', { name: 'Save' }).click()]);
    expect(await beta()).toEqual({ i18nShowFormattedDates: 'true' });
    // Escape closes the panel without a change
    await page.goto(url(FERNWOOD, '/about?betaFeatures'));
    await panel.waitFor();
    await page.keyboard.press('Escape');
    await expect(panel.count()).resolves.toBe(0);
    expect(await beta()).toEqual({ i18nShowFormattedDates: 'true' });
  });
});

describe('the mobile information and licensed-assets bars', () => {
  it('shows the mobile information bar on a phone (640 px or less, a touch screen), and not on a desktop', async () => {
    const phone = await visitor({ width: 390, touch: true });
    // the bar is in the HTML: a phone shows it before the page's images have loaded (a busy CI machine took 15 s)
    await phone.page.goto(url(FERNWOOD, '/about'), { waitUntil: 'domcontentloaded' });
    const bar = phone.page.locator('.mobile-info-bar');
    await bar.waitFor();
    await expect(bar.isVisible()).resolves.toBe(true);
    await expect(bar.textContent()).resolves.toContain('Letters, prints and workshops');
    await expect(bar.getByRole('link', { name: 'maren@fernwoodjournal.com' }).getAttribute('href')).resolves.toBe(
      'mailto:maren@fernwoodjournal.com',
    );
    const desktop = await visitor();
    await desktop.page.goto(url(FERNWOOD, '/about'), { waitUntil: 'domcontentloaded' });
    await desktop.page.getByRole('heading', { name: 'About Maren' }).waitFor();
    await expect(desktop.page.locator('.mobile-info-bar').isVisible()).resolves.toBe(false);
  });

  it('draws the licensed-assets bar on a site with licensed preview images, and nowhere else', async () => {
    const { page } = await visitor();
    await page.goto(url(LICENSED, '/'));
    const bar = page.getByRole('complementary', { name: 'Licensed images' });
    await bar.waitFor();
    await expect(bar.textContent()).resolves.toBe(
      'This site shows licensed preview images. They must be licensed before the site goes live.',
    );
    await page.goto(url(TRAILHEAD, '/'));
    await page.waitForLoadState('load');
    await page.waitForTimeout(300);
    await expect(bar.count()).resolves.toBe(0);
  });
});

describe('the announcement bar', () => {
  it('is dismissed with its close button and stays dismissed on the next page, hidden before it paints', async () => {
    const { page, sent } = await visitor();
    await page.goto(url(FERNWOOD, '/about'));
    const bar = page.getByRole('region', { name: 'Announcement' });
    await bar.getByRole('button', { name: 'Dismiss announcement' }).click();
    await eventually(async () => expect(await bar.isVisible()).toBe(false));
    await eventually(() =>
      expect(sent.some((s) => s.path === '/api/census/overlay' && s.body.includes('announcement-bar:dismissed'))).toBe(true),
    );
    // the next page: the head's script marks the document before the bar is even parsed, so it never paints
    await page.goto(url(FERNWOOD, '/journal'), { waitUntil: 'commit' });
    await page.waitForSelector('.announcement-bar', { state: 'attached' });
    await expect(page.evaluate(() => document.documentElement.classList.contains('announcement-dismissed'))).resolves.toBe(true);
    await page.waitForLoadState('load');
    await expect(page.locator('.announcement-bar').isVisible()).resolves.toBe(false);
    // a new announcement would show again: the dismissal is kept for this text only
    await expect(page.evaluate(() => localStorage.getItem('sitebuilder_announcement_dismissed'))).resolves.toMatch(/^[0-9a-z]+$/);
  });

  it('shows no dismiss button until the runtime can answer it: none without script, none while its code is held back', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    contexts.push({ context, pending: () => 0 });
    const page = await context.newPage();
    await page.goto(url(FERNWOOD, '/about'));
    const bar = page.getByRole('region', { name: 'Announcement' });
    await expect(bar.isVisible()).resolves.toBe(true);
    await expect(bar.getByRole('button', { name: 'Dismiss announcement' }).count()).resolves.toBe(0);
    // with script, the button appears with the runtime's overlays chunk, which answers it
    const { page: scripted } = await visitor();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await scripted.route(/\/client\/site-chunk-[A-Z0-9]+\.js/, async (route) => {
      await released;
      await route.fallback();
    });
    await scripted.goto(url(FERNWOOD, '/about'), { waitUntil: 'load' });
    const held = scripted.getByRole('region', { name: 'Announcement' });
    await expect(held.getByRole('button', { name: 'Dismiss announcement' }).count()).resolves.toBe(0);
    release();
    await held.getByRole('button', { name: 'Dismiss announcement' }).click();
    await eventually(async () => expect(await held.isVisible()).toBe(false));
  });
});

describe("the owner's figures", () => {
  it('show the page views, visits and heartbeats this file made', async () => {
    const { page } = await visitor();
    await page.goto(url(FERNWOOD, '/login'));
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await Promise.all([page.waitForURL((u) => u.pathname === '/config/'), page.getByRole('button', { name: 'Log In' }).click()]);
    const summary = await page.evaluate(async () => (await fetch('/api/census/Summary')).json());
    // every page view the tests saw accepted, and none that was never sent
    expect(summary.pageViews).toBeGreaterThanOrEqual(recorded.pageViews);
    expect(summary.pageViews).toBeLessThanOrEqual(pageViewsSent);
    // at least the heartbeats the tests saw, and those sent as beacons while the pages were left
    expect(summary.heartbeats).toBeGreaterThan(recorded.heartbeats);
    expect(summary.visits).toBeGreaterThanOrEqual(recorded.visitors.size);
    expect(summary.pageViews).toBeGreaterThan(5);
    // the figures are beside the preview: collapse it (the editor opens with the preview expanded)
    const toggle = page.getByRole('button', { name: 'Expand preview' });
    await page.locator('.editor-actions button[aria-pressed]:not([disabled])').waitFor();
    if ((await toggle.getAttribute('aria-pressed')) === 'true') await toggle.click();
    const figures = page.getByRole('region', { name: 'Visitors' });
    await figures.waitFor();
    await expect(figures.getByText(`${summary.pageViews}`, { exact: true }).first().isVisible()).resolves.toBe(true);
  });
});
