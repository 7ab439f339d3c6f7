// An item's comments as a visitor meets them (§2 Comment links, §7 Third-party loads), in Chromium against wrangler dev,
// the comment service answered by a stand-in at its own URLs (test/e2e/support/comment-service.ts). With a service
// configured, the counts beside the item come from the service's count script, and the thread loads from its embed
// only when the visitor comes to it, after consent where the site's restrictive cookie policy asks for it, under a
// policy that names the service; a demo collection loads nothing; without a service the section says so plainly.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NO_COMMENT_SERVICE } from '../../worker/kit/comments.tsx';
import { THREAD_STATUS } from '../../worker/kit/comments-thread-status.ts';
import { launchChromium } from './support/browser.ts';
import { fakeCommentService } from './support/comment-service.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { publishVariant } from './support/fixture-pages.ts';
import { cookieNoticeAnsweredBefore, popupAlreadySignedUp } from './support/popup.ts';

const SHORTNAME = 'fernwood-test';
/** fernwood with a comment service */
const THREADS = 'fernthreads.localhost';
/** the same, under the restrictive cookie policy */
const CONSENT = 'fernconsent.localhost';
/** the same, its journal one of the template's demo collections */
const DEMO = 'ferndemo.localhost';
const PLAIN = 'fernwood.localhost';
const ITEM = '/journal/sunset-at-the-orientation-table';
const ITEM_ID = 'j-orientation-table';
const ITEM_URL = `https://www.fernwoodjournal.com${ITEM}`;

let server: DevServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const service = (site: { settings: { commentServiceShortname?: string | undefined; commentsEnabled: boolean } }) =>
    Object.assign(site.settings, { commentServiceShortname: SHORTNAME, commentsEnabled: true });
  const records = [
    ...(await publishVariant('fernwood', 'fernthreads', (site) => {
      service(site);
      // the item's page without the owner's markdown, so it keeps the strict policy that names the service
      const journal = site.collections.find((c) => c.urlId === 'journal')!;
      const item = journal.items.find((i) => i.id === ITEM_ID)!;
      item.body = { ...item.body!, blocks: item.body!.blocks.filter((b) => b.type !== 44) };
      journal.headerLayout = { ...journal.headerLayout!, blocks: journal.headerLayout!.blocks.filter((b) => b.type !== 44) };
    })),
    ...(await publishVariant('fernwood', 'fernconsent', (site) => {
      service(site);
      site.settings.cookieSettings = { isRestrictiveCookiePolicyEnabled: true };
    })),
    ...(await publishVariant('fernwood', 'ferndemo', (site) => {
      service(site);
      const journal = site.collections.find((c) => c.urlId === 'journal')!;
      journal.config = { ...journal.config, demo: true };
    })),
  ];
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

async function visitor(options: { consented?: boolean; fail?: ('embed.js' | 'count.js')[] } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 700 } });
  contexts.push(context);
  await popupAlreadySignedUp(context);
  if (options.consented !== false) await cookieNoticeAnsweredBefore(context);
  const service = await fakeCommentService(context, SHORTNAME, {
    counts: { [ITEM_ID]: 7 },
    ...(options.fail ? { fail: options.fail } : {}),
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  return { page, service, problems };
}

const thread = (page: Page) => page.locator('#disqus_thread');
const status = (page: Page) => page.locator('.comments .comments-status');

describe('with a comment service', () => {
  it('counts the item from the service and loads its thread into the thread element only when the visitor comes to it', async () => {
    const { page, service, problems } = await visitor();
    const res = await page.goto(server.origin(THREADS) + ITEM);
    const policy = res?.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(new RegExp(`script-src [^;]*https://${SHORTNAME}\\.disqus\\.com`));
    expect(policy).toMatch(/script-src [^;]*https:\/\/c\.disquscdn\.com/);
    // the count beside the item, from the service's count script, asked by the thread's identifier
    await expect.poll(() => page.getByRole('link', { name: '7 Comments' }).count()).toBe(1);
    expect(service.counted).toEqual([ITEM_ID]);
    expect(service.loads['/count.js']).toBe(1);
    // the thread is far below: nothing of it is fetched yet
    const below = await thread(page).evaluate((el) => el.getBoundingClientRect().top - innerHeight);
    expect(below).toBeGreaterThan(400);
    await page.waitForTimeout(500);
    expect(service.loads['/embed.js']).toBeUndefined();
    expect(await status(page).textContent()).toBe(THREAD_STATUS.server);
    // 'Comments' leads to the item's thread (on the site's primary domain, which this test is not on: the visitor is
    // brought there as the link would)
    await expect(page.getByRole('link', { name: '7 Comments' }).getAttribute('href')).resolves.toBe(`${ITEM_URL}#disqus_thread`);
    await thread(page).scrollIntoViewIfNeeded();
    await thread(page).locator('iframe').waitFor();
    expect(service.loads['/embed.js']).toBe(1);
    expect(service.threads).toEqual([{ url: ITEM_URL, identifier: ITEM_ID, title: 'Sunset at the Orientation Table' }]);
    await expect(status(page).isHidden()).resolves.toBe(true);
    await expect(page.frameLocator('#disqus_thread iframe').getByText('7 comments').count()).resolves.toBe(1);
    expect(problems).toEqual([]);
  });

  it('opens straight at the thread when the link is followed from another page', async () => {
    const { page, service } = await visitor();
    await page.goto(`${server.origin(THREADS)}${ITEM}#disqus_thread`);
    await thread(page).locator('iframe').waitFor();
    expect(service.loads['/embed.js']).toBe(1);
    expect(service.threads.map((t) => t.identifier)).toEqual([ITEM_ID]);
  });

  it('waits for consent under the restrictive cookie policy, then loads the thread', async () => {
    const { page, service, problems } = await visitor({ consented: false });
    await page.goto(`${server.origin(CONSENT)}${ITEM}#disqus_thread`);
    await expect.poll(() => status(page).textContent()).toBe(THREAD_STATUS.consent);
    await page.waitForTimeout(500);
    expect(service.loads['/embed.js']).toBeUndefined();
    await page.getByRole('region', { name: 'Cookie notice' }).getByRole('button', { name: 'Continue' }).click();
    await thread(page).locator('iframe').waitFor();
    expect(service.loads['/embed.js']).toBe(1);
    expect(problems).toEqual([]);
  });

  it('says so in the section when the thread cannot be loaded, with no error on the page', async () => {
    const { page, problems } = await visitor({ fail: ['embed.js'] });
    await page.goto(`${server.origin(THREADS)}${ITEM}#disqus_thread`);
    await expect.poll(() => status(page).textContent()).toBe(THREAD_STATUS.failed);
    await expect(thread(page).locator('iframe').count()).resolves.toBe(0);
    // the browser's own line about the failed request is all
    expect(problems.filter((p) => !p.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  });

  it('loads nothing of the service on a demo collection: no link, no count, no thread', async () => {
    const { page, service } = await visitor();
    await page.goto(server.origin(DEMO) + ITEM);
    await page.waitForLoadState('load');
    await page.mouse.wheel(0, 20_000);
    await page.waitForTimeout(800);
    await expect(page.getByRole('link', { name: /Comments/ }).count()).resolves.toBe(0);
    await expect(page.locator('section.comments').count()).resolves.toBe(0);
    expect(service.loads).toEqual({});
  });
});

describe('without a comment service', () => {
  it('links to the section, which says plainly that there is no comment service, with no count from the snapshot', async () => {
    const { page, service } = await visitor();
    await page.goto(server.origin(PLAIN) + ITEM);
    const link = page.getByRole('link', { name: 'Comments', exact: true });
    await expect(link.getAttribute('href')).resolves.toBe(`${ITEM_URL}#comment-${ITEM_ID}`);
    await expect(page.locator('.page-header .meta').last().innerText()).resolves.not.toMatch(/\(\d+\)/);
    await expect(page.locator(`#comment-${ITEM_ID} p`).innerText()).resolves.toBe(NO_COMMENT_SERVICE);
    await page.waitForLoadState('load');
    expect(service.loads).toEqual({});
  });
});
