// Every <form> the runtime renders, on every page of every fixture site (issue 10 §1), the store's among them: it posts
// (method="post") to a real action; submitted without JavaScript it never sends a GET that carries its fields, and its
// action answers (no 405, no server error); submitted with JavaScript, once its island has woken, it sends no GET with
// its fields either, every call it makes answers, and the visitor sees an outcome. Search forms are the one exception
// by design: a GET to /search whose only field is the query (the SEARCH page's own URL, §2), which is neither personal
// nor secret.
import type { Browser, Locator, Request, Response } from 'playwright-core';
import { POPUP_STORAGE_KEY } from '../../shared/overlays.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { fetchPage, type StorageState } from './support/fetch-page.ts';
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

const PAGES = fixturePages();

let server: DevServer;
let browser: Browser;
const visitors: Partial<Record<Visitor, StorageState>> = {};

interface FoundForm {
  page: FixturePage;
  /** its index among the page's forms */
  index: number;
  method: string;
  action: string;
  role: string;
  className: string;
  /** inside a closed <dialog> (the site-wide popup): shown only by script, so no visitor without it can submit it */
  inDialog: boolean;
}

/** Forms found on every page, filled in by beforeAll. */
const found: FoundForm[] = [];

const decode = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

function formsIn(html: string, page: FixturePage): FoundForm[] {
  return [...html.matchAll(/<form\b([^>]*)>/g)].map((m, index) => {
    const attr = (name: string) => decode(new RegExp(`\\s${name}="([^"]*)"`).exec(m[1]!)?.[1] ?? '');
    const inDialog = html.lastIndexOf('<dialog', m.index) > html.lastIndexOf('</dialog>', m.index);
    return {
      page,
      index,
      method: attr('method').toLowerCase(),
      action: attr('action'),
      role: attr('role'),
      className: attr('class'),
      inDialog,
    };
  });
}

const fetchHtml = async (p: FixturePage) => (await fetchPage(server, p, visitors[p.visitor])).body.toString('utf8');

async function signedIn(visitor: 'unlocked' | 'owner'): Promise<StorageState> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (visitor === 'unlocked') {
    await page.goto(`${server.origin('hollow.localhost')}/`);
    await page.getByLabel('Password').fill(HOLLOW_PASSWORD);
    await Promise.all([page.waitForURL(() => true), page.getByRole('button', { name: 'Enter' }).click()]);
  } else {
    await page.goto(`${server.origin(OWNER.host)}/login`);
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await Promise.all([page.waitForURL((url) => url.pathname === '/config/'), page.getByRole('button', { name: 'Log In' }).click()]);
  }
  const state = await context.storageState();
  await context.close();
  return state;
}

beforeAll(async () => {
  server = await startDevServer(FIXTURE_SITES.map(fixtureFile), { records: await brokenSiteRecords() });
  browser = await launchChromium();
  visitors.unlocked = await signedIn('unlocked');
  visitors.owner = await signedIn('owner');
  for (const p of PAGES) found.push(...formsIn(await fetchHtml(p), p));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

const isSearch = (f: FoundForm) => f.role === 'search';
const nameOf = (f: FoundForm) =>
  `${f.page.name} form ${f.index} (${f.className || 'no class'} → ${f.method || 'no method'} ${f.action || 'no action'})`;

/** One form of each kind (its class and action path), where it first appears: each is submitted once. */
function kinds(): FoundForm[] {
  const seen = new Map<string, FoundForm>();
  for (const f of found) {
    if (f.inDialog) continue;
    const key = `${f.className.split(' ')[0]} ${f.action.split('?')[0]} ${f.page.visitor}`;
    if (!seen.has(key)) seen.set(key, f);
  }
  return [...seen.values()];
}

/** What a visitor would enter: an address where one is asked, a number where one is, a word elsewhere, a choice. */
async function fillIn(form: Locator): Promise<void> {
  const inputs = form.locator('input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=submit]), textarea');
  for (let i = 0; i < (await inputs.count()); i++) {
    const input = inputs.nth(i);
    if (!(await input.isVisible()) || !(await input.isEditable())) continue;
    const type = await input.getAttribute('type');
    const mode = await input.getAttribute('inputmode');
    await input.fill(type === 'email' ? 'reader@example.com' : type === 'number' || mode === 'numeric' ? '2' : 'visitor text');
  }
  // a choice not made yet (a product's variant): the first one on offer
  const selects = form.locator('select');
  for (let i = 0; i < (await selects.count()); i++) {
    const select = selects.nth(i);
    if (!(await select.isVisible()) || (await select.inputValue()) !== '') continue;
    const first = await select
      .locator('option:not([disabled])')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).find(Boolean));
    if (first) await select.selectOption(first);
  }
}

const submitButton = (form: Locator) => form.locator('button[type=submit], button:not([type]), input[type=submit]').first();
/** The analytics landing pixel (§6) of a visit that begins on the search page: it names that page's URL. */
const landsOnSearch = (url: URL) =>
  url.pathname === '/api/track/Track' && new URL(url.searchParams.get('landing') ?? '/', url).pathname === '/search';
/** A value the test typed, found in a URL. */
const carriesValues = (url: URL) => url.search.includes('visitor') || url.search.includes('reader');

describe('every form on every fixture page', () => {
  it('is found: forms of every kind are on the pages', () => {
    const classes = new Set(found.map((f) => f.className.split(' ')[0]));
    for (const kind of [
      'form-block',
      'newsletter-form',
      'commerce-popup-form',
      'commerce-unsubscribe-form',
      'lock-form',
      'search-block',
      'product-purchase-form',
      'commerce-donate-form',
    ]) {
      expect(classes, kind).toContain(kind);
    }
  });

  it('posts to a real action (a search goes to /search by GET)', () => {
    const wrong = found
      .filter((f) => (isSearch(f) ? !(f.method === 'get' && f.action === '/search') : !(f.method === 'post' && /^\/(?!\/)/.test(f.action))))
      .map(nameOf);
    expect(wrong).toEqual([]);
  });

  it('submitted without JavaScript, sends no GET with its fields, and its action answers', async () => {
    const problems: string[] = [];
    for (const f of kinds()) {
      const context = await browser.newContext({ javaScriptEnabled: false, storageState: visitors[f.page.visitor] });
      try {
        const page = await context.newPage();
        page.setDefaultTimeout(15_000);
        await page.goto(`${server.origin(f.page.host)}${f.page.path}`);
        const form = page.locator('form').nth(f.index);
        await fillIn(form);
        const sent: Request[] = [];
        page.on('request', (r) => {
          if (r.isNavigationRequest() && r.frame() === page.mainFrame()) sent.push(r);
        });
        const submit = submitButton(form);
        // a form the page offers no way to send as it stands (a checkout with an empty cart) is not a visitor's to submit
        if (!(await submit.isEnabled())) continue;
        await Promise.all([page.waitForEvent('load', { timeout: 10_000 }).catch(() => undefined), submit.click()]);
        const first = sent[0];
        if (!first) {
          problems.push(`${nameOf(f)}: submitting it sent nothing`);
          continue;
        }
        const url = new URL(first.url());
        const response = await first.response();
        const status = response?.status() ?? 0;
        if (isSearch(f)) {
          if (first.method() !== 'GET' || url.pathname !== '/search' || [...url.searchParams.keys()].join() !== 'q')
            problems.push(`${nameOf(f)}: sent ${first.method()} ${url.pathname}${url.search}`);
        } else if (first.method() !== 'POST') {
          problems.push(`${nameOf(f)}: sent ${first.method()} ${url.pathname}${url.search}`);
        } else if (carriesValues(url)) {
          problems.push(`${nameOf(f)}: a value in the URL ${url.search}`);
        }
        if (status === 405 || status >= 500 || status === 0)
          problems.push(`${nameOf(f)}: ${first.method()} ${url.pathname} answered ${status}`);
      } finally {
        await context.close();
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('submitted with JavaScript, sends no GET with its fields, every call it makes answers, and the visitor sees an outcome', async () => {
    const problems: string[] = [];
    for (const f of kinds()) {
      const context = await browser.newContext({ storageState: visitors[f.page.visitor] });
      // fernwood's popup would cover the page: this visitor signed up to it before
      await context.addInitScript(
        ([key]) => localStorage.setItem(key!, JSON.stringify({ version: 1000, submitted: true })),
        [POPUP_STORAGE_KEY],
      );
      try {
        const page = await context.newPage();
        page.setDefaultTimeout(15_000);
        page.on('pageerror', (error) => problems.push(`${nameOf(f)}: script error ${error.message}`));
        await page.goto(`${server.origin(f.page.host)}${f.page.path}`);
        const form = page.locator('form').nth(f.index);
        // a visitor scrolls to the form first (an island that waits to be seen wakes then)
        await form.scrollIntoViewIfNeeded();
        await fillIn(form);
        // the island that holds the form has woken (an island that waits for an interaction wakes on the typing)
        const island = form.locator('xpath=ancestor::site-island[1]');
        if ((await island.count()) > 0) {
          // a form with nothing to type in (a product without variants) wakes as the visitor reaches its button
          if (!(await island.getAttribute('data-island-state'))) await submitButton(form).focus();
          const woke = await island
            .and(page.locator('[data-island-state="hydrated"]'))
            .waitFor({ timeout: 10_000 })
            .then(() => true)
            .catch(() => false);
          if (!woke) problems.push(`${nameOf(f)}: its island did not hydrate`);
        }
        const submit = submitButton(form);
        if (!(await submit.isEnabled())) continue;
        const sent: Request[] = [];
        const answered: Response[] = [];
        page.on('request', (r) => sent.push(r));
        page.on('response', (r) => answered.push(r));
        await submit.click();
        // settled: no call open for half a second (at most ten)
        for (let waited = 0; waited < 10_000; waited += 250) {
          await page.waitForTimeout(250);
          const open = sent.filter((r) => !answered.some((a) => a.request() === r) && !r.failure()).length;
          if (open === 0 && waited >= 500) break;
        }
        for (const r of sent) {
          const url = new URL(r.url());
          if (url.origin !== server.origin(f.page.host)) continue;
          // the search page's own URL carries the query (§2), and so does the landing pixel that names that page (§6)
          const searchPage = isSearch(f) && (url.pathname === '/search' || landsOnSearch(url));
          if (r.method() === 'GET' && carriesValues(url) && !searchPage)
            problems.push(`${nameOf(f)}: sent GET ${url.pathname}${url.search}`);
        }
        for (const a of answered) {
          if (a.status() === 405 || a.status() >= 500)
            problems.push(`${nameOf(f)}: ${a.request().method()} ${new URL(a.url()).pathname} answered ${a.status()}`);
        }
        // nothing sent: the browser's own checks stopped it, and must say why
        const calls = sent.filter((r) => ['POST', 'PUT', 'DELETE'].includes(r.method()) || r.isNavigationRequest());
        if (calls.length === 0 && (await page.locator('[role=alert]:visible').count()) === 0)
          problems.push(`${nameOf(f)}: submitting it sent nothing and said nothing`);
      } finally {
        await context.close();
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
