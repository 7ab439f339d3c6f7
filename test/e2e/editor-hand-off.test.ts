// The edge hand-off in a real Chromium against wrangler dev (§2, §4, §8): an owner logs in on a fixture site, works in
// the editor frame, toggles it with Escape (here and inside the framed site) and logs out back to the site.
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { popupAlreadySignedUp } from './support/popup.ts';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';

const HOST = 'fernwood.localhost';
const OWNER = { email: 'owner@fernwood.example', password: 'correct-horse-battery' };

let server: DevServer;
let browser: Browser;
let context: BrowserContext | undefined;
const origin = () => server.origin(HOST);

beforeAll(async () => {
  server = await startDevServer(['fixtures/sites/fernwood.json']);
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

/** Script errors, console errors (hydration mismatches, CSP refusals) of the current test's pages. */
let problems: string[] = [];

async function newPage(): Promise<Page> {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // an owner who has dismissed the site's popup overlay: it would open over the framed site (and take Escape first)
  await popupAlreadySignedUp(context);
  const page = await context.newPage();
  problems = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.setDefaultTimeout(15_000);
  page.setDefaultNavigationTimeout(20_000);
  return page;
}

/** Logs the owner in through the site's own /login page and waits for the editor the login lands in. */
async function logInAsOwner(page: Page): Promise<void> {
  await page.goto(`${origin()}/login`);
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await Promise.all([page.waitForURL((url) => url.pathname === '/config/'), page.getByRole('button', { name: 'Log In' }).click()]);
}

/** The preview frame, once the page it shows has loaded (its scripts have run: async modules delay load). */
async function previewFrame(page: Page, path: string): Promise<Frame> {
  await page.locator('iframe[name="site-preview"]').waitFor();
  const frame = page.frame({ name: 'site-preview' });
  if (!frame) throw new Error('the editor has no preview frame');
  await frame.waitForURL((url) => url.pathname === path);
  await frame.waitForLoadState('load');
  return frame;
}

/** The editor's client has hydrated: its toggle is enabled and its key and message listeners are attached. */
async function editorReady(page: Page): Promise<void> {
  await page.locator('.editor-actions button[aria-pressed]:not([disabled])').waitFor();
}

const expandedState = (page: Page) => page.locator('.editor').getAttribute('data-expanded');

async function frameCookie(): Promise<string | undefined> {
  return (await context!.cookies(origin())).find((c) => c.name === 'seven_frame_expanded')?.value;
}

async function waitForExpanded(page: Page, expanded: boolean): Promise<void> {
  await page.locator(`.editor[data-expanded="${expanded}"]`).waitFor();
}

describe('the editor hand-off in Chromium', () => {
  it('takes an owner who logs in on the site into /config, with the site (not another editor) inside the frame', async () => {
    const page = await newPage();
    await logInAsOwner(page);
    expect(new URL(page.url()).searchParams.get('frameUrl')).toBe('/');
    await expect(page.locator('.editor-site strong').textContent()).resolves.toBe('Fernwood Journal');
    const frame = await previewFrame(page, '/');
    expect(await frame.locator('header.site-header').count()).toBe(1);
    expect(await frame.locator('#editor-root').count()).toBe(0);

    // a site page opened at top level goes to the editor, which frames it without redirecting again
    await page.goto(`${origin()}/about`);
    expect(new URL(page.url()).pathname).toBe('/config/');
    expect(new URL(page.url()).searchParams.get('frameUrl')).toBe('/about');
    const about = await previewFrame(page, '/about');
    expect(await about.locator('#editor-root').count()).toBe(0);
    expect(await about.locator('header.site-header').count()).toBe(1);

    // navigating inside the frame stays inside it, and the address bar follows the framed page
    await editorReady(page);
    await about.locator('header.site-header nav a[href="/journal"]').click();
    const journal = await previewFrame(page, '/journal');
    expect(await journal.locator('#editor-root').count()).toBe(0);
    await page.waitForURL((url) => url.searchParams.get('frameUrl') === '/journal');
    expect(await page.locator('a[target="_blank"]', { hasText: 'View live site' }).getAttribute('href')).toBe('/journal?noredirect');
    // the nonced scripts ran under the policy and the editor hydrated without a mismatch
    expect(problems).toEqual([]);
  });

  it('toggles the preview frame with Escape, in the editor and inside the framed site, and remembers it in seven_frame_expanded', async () => {
    const page = await newPage();
    await logInAsOwner(page);
    await previewFrame(page, '/');
    await editorReady(page);
    expect(await expandedState(page)).toBe('true');
    expect(await page.locator('#editor-panel').isHidden()).toBe(true);

    // Escape in the editor's own window
    await page.locator('.editor-site').click();
    await page.keyboard.press('Escape');
    await waitForExpanded(page, false);
    expect(await page.locator('#editor-panel').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Expand preview' }).getAttribute('aria-pressed')).toBe('false');
    // the cookie is written by an effect after the commit that the attribute shows: wait for it too
    await expect.poll(frameCookie).toBe('false');

    // the server renders the remembered state on the next load
    await page.reload();
    await previewFrame(page, '/');
    expect(await expandedState(page)).toBe('false');
    await editorReady(page);

    // Escape inside the framed site page: the page asks the editor to toggle (§4 step 2, "in the back end")
    const again = await previewFrame(page, '/');
    await again.locator('main h1, main h2').first().click();
    await page.keyboard.press('Escape');
    await waitForExpanded(page, true);
    await expect.poll(frameCookie).toBe('true');
    // the framed page stayed where it was: Escape inside the editor never navigates
    expect(new URL(again.url()).pathname).toBe('/');
    expect(problems).toEqual([]);
  });

  it('logs out from the toolbar back to the framed page, which shows the Logout Successful dialog once', async () => {
    const page = await newPage();
    await logInAsOwner(page);
    await page.goto(`${origin()}/config/?frameUrl=${encodeURIComponent('/about')}`);
    await previewFrame(page, '/about');
    await editorReady(page);
    await Promise.all([page.waitForURL((url) => url.pathname === '/about'), page.getByRole('button', { name: 'Log out' }).click()]);

    const dialog = page.getByRole('alertdialog', { name: 'Logout Successful' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('You have been successfully logged out.');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Okay');
    // the flag left the address bar, so a reload does not show the dialog again
    expect(new URL(page.url()).search).toBe('');
    expect((await context!.cookies(origin())).some((c) => c.name === 'site_session')).toBe(false);
    // §9: the information pop-up hides itself after 2000 ms
    const shown = Date.now();
    await dialog.waitFor({ state: 'detached', timeout: 6_000 });
    expect(Date.now() - shown).toBeLessThan(4_000);

    await page.reload();
    await page.waitForLoadState('load');
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/about');
  });

  it('logs out with Shift+Escape inside the framed site, retrying once after a crumbFail', async () => {
    const page = await newPage();
    await logInAsOwner(page);
    await page.goto(`${origin()}/config/?frameUrl=${encodeURIComponent('/contact')}`);
    const frame = await previewFrame(page, '/contact');
    await editorReady(page);
    // the crumb cookie is gone (expired, cleared): the first logout request fails the crumb check (403 crumbFail),
    // and the page takes the fresh crumb from the answer and retries once
    await context!.clearCookies({ name: 'crumb' });
    const answers: number[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname === '/api/auth/Logout') answers.push(res.status());
    });
    await frame.locator('main h1, main h2').first().click();
    await Promise.all([page.waitForURL((url) => url.pathname === '/contact'), page.keyboard.press('Shift+Escape')]);
    await page.getByRole('alertdialog', { name: 'Logout Successful' }).waitFor();
    expect(answers).toEqual([403, 200]);

    // Escape closes the dialog first (§4 step 1), then, logged out on a site with useEscapeKeyToLogin, opens login
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/contact');
    await Promise.all([page.waitForURL((url) => url.pathname === '/login'), page.keyboard.press('Escape')]);
    expect(new URL(page.url()).searchParams.get('return')).toBe('/contact');
  });
});
