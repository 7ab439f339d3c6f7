// What the owner of a site with the restrictive cookie policy sees of visitors who have not consented (§6 no-cookie
// mode, §7), in a real Chromium against wrangler dev on trailhead: page views, heartbeats and events sent before
// consent with no visitor cookie set, the full mode from Continue on without a second visit or a second view of the
// page consented on; and the figures the browser alone can give, each read back from the owner's /api/census/Summary:
// video plays, site searches, and the store's Cart Add, Checkout Started and Checkout Completed (RecordEvents, which
// the edge no longer counts itself).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { publishVariant } from './support/fixture-pages.ts';
import { wakeAndWait } from './support/islands.ts';

const TRAILHEAD = 'trailhead.localhost';
/** a copy of trailhead for the consent test alone, so its figures are exactly that visitor's */
const COOKIELESS = 'cookieless.localhost';
const OWNER = { email: 'owner@trailhead.example', password: 'correct-horse-battery' };

let server: DevServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const owners = new Map<string, Page>();

beforeAll(async () => {
  const records = await publishVariant('trailhead', 'cookieless', () => {});
  server = await startDevServer(['fixtures/sites/trailhead.json'], { records });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

const url = (host: string, path: string) => server.origin(host) + path;

interface Hit {
  path: string;
  body: URLSearchParams;
  /** the Cookie header the browser sent with it */
  cookie: string;
  status?: number;
}

/** A visitor who has not answered the cookie notice, with every /api/ request their pages make kept in order. */
async function visitor(): Promise<{ context: BrowserContext; page: Page; sent: Hit[]; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const sent: Hit[] = [];
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  context.on('request', async (request) => {
    const path = new URL(request.url()).pathname;
    if (!path.startsWith('/api/')) return;
    const hit: Hit = { path, body: new URLSearchParams(request.postData() ?? ''), cookie: (await request.allHeaders()).cookie ?? '' };
    sent.push(hit);
    void request.response().then((res) => (hit.status = res?.status()));
  });
  return { context, page, sent, errors };
}

/** The hits of one RecordHit event kind, or the RecordEvents of one name, the edge has answered. */
const answered = (sent: Hit[], path: string, event: string) =>
  sent.filter((h) => h.path === path && h.body.get('event') === event && h.status === 204);
const hits = (sent: Hit[], event: string) => answered(sent, '/api/census/RecordHit', event);
const events = (sent: Hit[], name: string) => answered(sent, '/api/events/RecordEvent', name);

interface Summary {
  pageViews: number;
  anonymousPageViews: number;
  visits: number;
  uniqueVisitors: number;
  heartbeats: number;
  searches: number;
  mediaPlays: Record<string, number>;
  engagementEvents: Record<string, number>;
}

/** The owner's figures for the site at `host`, read as the owner's browser reads them (logged in once per host). */
async function summary(host: string): Promise<Summary> {
  let owner = owners.get(host);
  if (!owner) {
    owner = await (await browser.newContext()).newPage();
    await owner.goto(url(host, '/login'));
    await owner.getByLabel('Email').fill(OWNER.email);
    await owner.getByLabel('Password').fill(OWNER.password);
    await Promise.all([owner.waitForURL((u) => u.pathname === '/config/'), owner.getByRole('button', { name: 'Log In' }).click()]);
    owners.set(host, owner);
  }
  return owner.evaluate(async () => {
    const res = await fetch('/api/census/Summary');
    if (!res.ok) throw new Error(`Summary answered ${res.status}`);
    return (await res.json()) as Summary;
  });
}

/** Waits until `check` passes (hits go after the page loads, in their own time). */
async function eventually(check: () => void | Promise<void>, timeoutMs = 10_000): Promise<void> {
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

const cookieNames = (context: BrowserContext) => context.cookies().then((list) => list.map((c) => c.name).sort());

describe('a visitor who has not consented (§6 no-cookie mode)', () => {
  it('is counted without a cookie, and from Continue on in the full mode, in the same visit', async () => {
    const { context, page, sent, errors } = await visitor();
    // a visitor cookie left from before the policy is removed
    await context.addCookies([{ name: 'ss_cvt', value: '1700000000000', url: url(COOKIELESS, '/') }]);
    await page.goto(url(COOKIELESS, '/'));
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await notice.waitFor();
    await eventually(() => expect(hits(sent, 'PAGE_VIEW')).toHaveLength(1));
    // activity, then a blur: a heartbeat
    for (let i = 0; i < 6; i++) {
      await page.mouse.move(200 + i * 40, 200 + i * 30);
      await page.waitForTimeout(120);
    }
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    await eventually(() => expect(hits(sent, 'HEARTBEAT')).toHaveLength(1));
    await page.goto(url(COOKIELESS, '/shop'));
    await notice.waitFor();
    await eventually(() => expect(hits(sent, 'PAGE_VIEW')).toHaveLength(2));
    // no visitor record went with any hit, none was set, and the old one is gone
    const before = sent.filter((h) => h.path === '/api/census/RecordHit');
    expect(before.map((h) => h.body.get('ss_cvr'))).toEqual(before.map(() => ''));
    expect(before.every((h) => !/\bss_cv[rt]=/.test(h.cookie))).toBe(true);
    expect(await cookieNames(context)).toEqual(['crumb']);
    await eventually(async () => {
      const s = await summary(COOKIELESS);
      expect([s.pageViews, s.anonymousPageViews, s.visits, s.uniqueVisitors]).toEqual([2, 2, 0, 0]);
      expect(s.heartbeats).toBeGreaterThanOrEqual(1);
    });

    // Continue: the visitor's cookies appear at once, and the visit starts on this page (no reload)
    await notice.getByRole('button', { name: 'Continue' }).click();
    await eventually(async () => expect(await cookieNames(context)).toEqual(['crumb', 'ss_cookieAllowed', 'ss_cvr', 'ss_cvt']));
    expect(page.url()).toBe(url(COOKIELESS, '/shop'));
    // the view sent again with consent starts the visit, and /shop is still one page view (§1: it used to be two)
    await eventually(() => expect(hits(sent, 'PAGE_VIEW').at(-1)!.body.get('consent')).toBe('true'));
    expect(hits(sent, 'PAGE_VIEW')).toHaveLength(3);
    const consented = await summary(COOKIELESS);
    expect([consented.pageViews, consented.visits, consented.uniqueVisitors, consented.anonymousPageViews]).toEqual([2, 1, 1, 2]);

    // the visit goes on: a page view more, the same visit and visitor
    await page.goto(url(COOKIELESS, '/about'));
    await eventually(() => expect(hits(sent, 'PAGE_VIEW').at(-1)!.body.get('ss_cvr')).toMatch(/^[\w-]+\|\d+\|\d+\|\d+\|1$/));
    await eventually(async () => {
      const s = await summary(COOKIELESS);
      expect(s.pageViews).toBe(3);
      expect([s.visits, s.uniqueVisitors, s.anonymousPageViews]).toEqual([1, 1, 2]);
    });
    expect(errors).toEqual([]);
  });
});

describe('figures only the browser can give', () => {
  it('counts a video play', async () => {
    const before = (await summary(TRAILHEAD)).mediaPlays.video ?? 0;
    const { page, sent } = await visitor();
    await page.goto(url(TRAILHEAD, '/screenings'));
    const block = '#block-screenings-b4';
    await page.$eval(block, (el) => el.scrollIntoView({ block: 'center' }));
    await page.click(`${block} .video-play`);
    await page.locator(`${block} .video-embed iframe`).waitFor({ state: 'attached' });
    await eventually(() => expect(hits(sent, 'VIDEO')).toHaveLength(1));
    await eventually(async () => expect((await summary(TRAILHEAD)).mediaPlays.video ?? 0).toBe(before + 1));
  });

  it('counts a search made on /search, and not the search page without one', async () => {
    const before = await summary(TRAILHEAD);
    const { page, sent } = await visitor();
    await page.goto(url(TRAILHEAD, '/search'));
    await page.getByRole('searchbox', { name: 'Search this site' }).fill('trail');
    await Promise.all([page.waitForURL((u) => u.searchParams.get('q') === 'trail'), page.keyboard.press('Enter')]);
    await eventually(() => expect(hits(sent, 'SITE_SEARCH')).toHaveLength(1));
    // §2: the search page's own view is not tracked
    expect(hits(sent, 'PAGE_VIEW')).toEqual([]);
    await eventually(async () => expect((await summary(TRAILHEAD)).searches).toBe(before.searches + 1));
  });

  it('counts Cart Add, Checkout Started and Checkout Completed once each, from the browser’s RecordEvents', async () => {
    const NAMES = ['Cart Add', 'Checkout Started', 'Checkout Completed'];
    const counts = async () => {
      const s = await summary(TRAILHEAD);
      return NAMES.map((name) => s.engagementEvents[name] ?? 0);
    };
    const before = await counts();
    const { page, sent, errors } = await visitor();
    await page.goto(url(TRAILHEAD, '/shop/derwent-wool-walking-socks'));
    await wakeAndWait(page, 'site-island[data-island="product"]');
    const panel = page.locator('.product-summary .product-purchase');
    await panel.getByRole('combobox').selectOption({ label: 'M (UK 4–7) / Single pair' });
    await panel.getByRole('button', { name: 'Add To Cart' }).click();
    await panel.locator('.product-purchase-message.is-success').waitFor();
    await eventually(() => expect(events(sent, 'Cart Add')).toHaveLength(1));

    await page.goto(url(TRAILHEAD, '/checkout'));
    await eventually(() => expect(events(sent, 'Checkout Started')).toHaveLength(1));
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
    await eventually(() => expect(events(sent, 'Checkout Completed')).toHaveLength(1));
    // the confirmation again: the order was counted already
    await page.reload();
    await page.getByRole('heading', { name: 'Thank you for your order' }).waitFor();
    await page.waitForTimeout(1500);
    expect(events(sent, 'Checkout Completed')).toHaveLength(1);
    // sent without consent, as every event: no visitor cookie
    expect(sent.filter((h) => h.path === '/api/events/RecordEvent').every((h) => !/\bss_cvr=/.test(h.cookie))).toBe(true);
    await eventually(async () => expect(await counts()).toEqual(before.map((n) => n + 1)));
    expect(errors).toEqual([]);
  });
});
