// External checks of every page type of every fixture site (issue 5 §3), against wrangler dev: the Nu HTML checker
// finds no error in the HTML as served, axe-core in Chromium finds no serious or critical violation at desktop and
// phone widths, and at 390 px nothing reaches past the viewport's edge.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { fetchPage } from './support/fetch-page.ts';
import {
  brokenSiteRecords,
  FIXTURE_SITES,
  fixtureFile,
  fixturePages,
  HOLLOW_PASSWORD,
  OWNER,
  type FixturePage,
  type Visitor,
} from './support/fixture-pages.ts';
import { checkHtmlFiles, formatMessage, type HtmlMessage } from './support/html-checker.ts';
import { measureOverflow } from './support/overflow.ts';

const PAGES = fixturePages();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

let server: DevServer;
let browser: Browser;
let htmlDir: string;
/** cookies of a visitor who unlocked hollow, and of fernwood's logged-in owner */
const visitors: Partial<Record<Visitor, StorageState>> = {};
/** the Nu checker's errors per page name; it runs on all saved pages at once while the browser checks go on */
let htmlReport: Promise<Map<string, HtmlMessage[]>>;

const urlOf = (p: FixturePage) => `${server.origin(p.host)}${p.path}`;

async function newContext(visitor: Visitor, viewport = DESKTOP): Promise<BrowserContext> {
  return browser.newContext({ viewport, storageState: visitors[visitor] });
}

/** Unlocks hollow through its lock screen, as a visitor would, and keeps the unlock cookie. */
async function unlockHollow(): Promise<StorageState> {
  const context = await newContext('anonymous');
  const page = await context.newPage();
  await page.goto(`${server.origin('hollow.localhost')}/`);
  await page.getByLabel('Password').fill(HOLLOW_PASSWORD);
  await Promise.all([
    page.waitForResponse((res) => res.request().method() === 'GET' && res.status() === 200),
    page.getByRole('button', { name: 'Enter' }).click(),
  ]);
  if ((await page.locator('#lock-password').count()) !== 0) throw new Error('hollow did not unlock with its password');
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Logs fernwood's owner in through /login, which lands in the editor. */
async function logInOwner(): Promise<StorageState> {
  const context = await newContext('anonymous');
  const page = await context.newPage();
  await page.goto(`${server.origin(OWNER.host)}/login`);
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await Promise.all([page.waitForURL((url) => url.pathname === '/config/'), page.getByRole('button', { name: 'Log In' }).click()]);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Why this HTML is not what the page's visitor should see, if it is not: hollow once unlocked shows its pages, not
 * its lock screen, and the owner's /config shows the editor with its preview frame (the cookies took). */
function wrongView(p: FixturePage, html: string): string | undefined {
  if (p.visitor === 'unlocked' && html.includes('id="lock-password"')) return `${p.name} still shows the lock screen after unlocking`;
  if (p.visitor === 'owner' && !html.includes('name="site-preview"')) return `${p.name} does not show the editor to the logged-in owner`;
  return undefined;
}

const fileOf = (p: FixturePage) => join(htmlDir, `${p.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.html`);

const fetchHtml = (p: FixturePage) => fetchPage(server, p, visitors[p.visitor]);

/** Saves every page's HTML as served, and starts the Nu checker on the lot. */
async function startHtmlChecks(): Promise<void> {
  htmlDir = mkdtempSync(join(tmpdir(), 'page-quality-'));
  for (const p of PAGES) {
    const res = await fetchHtml(p);
    if (!res.type.startsWith('text/html')) throw new Error(`${p.name} (${urlOf(p)}) answered ${res.status} with no HTML`);
    const wrong = wrongView(p, res.body.toString('utf8'));
    if (wrong) throw new Error(wrong);
    writeFileSync(fileOf(p), res.body);
  }
  const files = PAGES.map(fileOf);
  htmlReport = checkHtmlFiles(files).then((byFile) => new Map(PAGES.map((p) => [p.name, byFile.get(fileOf(p)) ?? []])));
  // a failure is reported by the tests that await it, not as an unhandled rejection
  htmlReport.catch(() => undefined);
}

beforeAll(async () => {
  server = await startDevServer(FIXTURE_SITES.map(fixtureFile), { records: await brokenSiteRecords() });
  browser = await launchChromium();
  visitors.unlocked = await unlockHollow();
  visitors.owner = await logInOwner();
  await startHtmlChecks();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (htmlDir) rmSync(htmlDir, { recursive: true, force: true });
}, 30_000);

/** [name, page] rows: the name leads each test's title, whole */
const ROWS = PAGES.map((p) => [p.name, p] as const);

describe('the Nu HTML checker (vnu) on every page as served', () => {
  it.for(ROWS)('%s: finds no error', async ([name, p], { expect }) => {
    const messages = (await htmlReport).get(name) ?? [];
    expect(messages.map(formatMessage), urlOf(p)).toEqual([]);
  });
});

/**
 * Waits until the page has loaded, its network has gone quiet (the site runtime's overlays, the cookie notice among
 * them, come in a chunk fetched after load) and React has revealed every streamed Suspense section. A page that embeds
 * a third party's player never goes quiet here (the test machine has no network): 3 s is ample for a local chunk.
 */
async function settled(page: Page | Frame): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  await page.waitForFunction(() => document.querySelector('div[hidden][id^="S:"], template[id^="B:"]') === null, undefined, {
    timeout: 10_000,
  });
}

/** At most this many pages load at once: the pages wait on wrangler dev as much as they compute, even on 2 cores. */
const PARALLEL_PAGES = 3;
let running = 0;
const waiting: (() => void)[] = [];
async function withPageSlot<T>(work: () => Promise<T>): Promise<T> {
  while (running >= PARALLEL_PAGES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

describe('every page in Chromium', () => {
  it.concurrent.for(ROWS)(
    '%s: nothing overflows 390 px, and axe finds no serious or critical violation at 390 or 1280 px',
    async ([, p], { expect }) => {
      const found = await withPageSlot(async () => {
        // loaded at the phone width, so whatever a page decides from its width at load is the phone's decision
        const context = await newContext(p.visitor, PHONE);
        try {
          const page = await context.newPage();
          page.setDefaultTimeout(15_000);
          await page.goto(urlOf(p));
          await settled(page);
          expect(wrongView(p, await page.content())).toBeUndefined();
          const preview = page.frame({ name: 'site-preview' });
          if (preview) await settled(preview);
          const overflow = await page.evaluate(measureOverflow);
          const phone = await seriousAxeViolations(page);
          await page.setViewportSize(DESKTOP);
          // let layout and any resize handlers catch up with the new width
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          const desktop = await seriousAxeViolations(page);
          return { phone, overflow, desktop };
        } finally {
          await context.close();
        }
      });
      expect(found, urlOf(p)).toEqual({ phone: [], overflow: { scrollOverflow: 0, offenders: [] }, desktop: [] });
    },
  );
});
