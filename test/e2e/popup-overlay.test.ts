// The site-wide popup overlay in Chromium against wrangler dev (§3, §4 Popup overlay, Escape key and dialogs, §7):
// decided in the browser from the record under §3's key with the clock moved (playwright's page.clock), a real modal
// dialog that Escape, a click outside and Close dismiss and that leaves the page free once closed, its signup with
// isOverlayForm, the POPUP_OVERLAY page with and without JavaScript, and the page still shared from the cache. The
// cookie notice comes first on a first visit: the popup waits for its answer, and a dialog the visitor opens (the
// lightbox) puts the notice aside until it closes, so whatever is visible works.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import manifest from '../../worker/generated/client-manifest.json';
import { POPUP_STORAGE_KEY, type PopupRecord } from '../../shared/overlays.ts';
import type { SiteSnapshot } from '../../shared/snapshot/schema.ts';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { fixtureFile, publishVariant } from './support/fixture-pages.ts';
import { newVisitor, ownerContext, submissionsOf, watchProblems } from './support/forms.ts';
import { wakeAndWait } from './support/islands.ts';

const FERNWOOD = 'fernwood.localhost';
/** fernwood with displayFrequency -1 and without showUntilSignup */
const NEVER = 'popupnever.localhost';
/** fernwood whose popup is not for phones (enableMobile false) */
const DESKTOP_ONLY = 'popupdesk.localhost';
const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.parse('2027-01-04T09:00:00Z');

let server: DevServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

/** A copy of fernwood under another identifier, its popup settings changed. */
const variant = (identifier: string, change: (popup: NonNullable<SiteSnapshot['settings']['popupOverlaySettings']>) => void) =>
  publishVariant('fernwood', identifier, (site) => change(site.settings.popupOverlaySettings!));

beforeAll(async () => {
  const records = [
    ...(await variant('popupnever', (p) => Object.assign(p, { displayFrequency: -1, showUntilSignup: false }))),
    ...(await variant('popupdesk', (p) => Object.assign(p, { enableMobile: false }))),
  ];
  server = await startDevServer([fixtureFile('fernwood')], { records });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

interface Visit {
  page: Page;
  problems: string[];
  overlayEvents: string[];
}

/**
 * A first-time visitor (no record), its clock fixed at `time`; one who has answered the cookie notice before unless
 * asked otherwise (the notice comes first: the popup waits for its answer).
 */
async function visitor(
  options: { width?: number; javaScript?: boolean; time?: number; popupDone?: boolean; cookieNoticeAnswered?: boolean } = {},
): Promise<Visit> {
  const context = await newVisitor(browser, {
    popupDone: options.popupDone ?? false,
    cookieNoticeAnswered: options.cookieNoticeAnswered ?? true,
    width: options.width ?? 1280,
    javaScript: options.javaScript ?? true,
  });
  contexts.push(context);
  if (options.javaScript !== false) await context.clock.setFixedTime(options.time ?? T0);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const overlayEvents: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/census/overlay')) overlayEvents.push((JSON.parse(r.postData() ?? '{}') as { event: string }).event);
  });
  return { page, problems: watchProblems(page), overlayEvents };
}

const popup = (page: Page) => page.getByRole('dialog', { name: 'Letters from Fernwood' });

/** Opens a page and waits for the popup's island to decide (`shown` once the dialog is open, or `hidden`). */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(
    () => !!(document.querySelector('site-island[data-island="popup-overlay"]') as HTMLElement | null)?.dataset.popupDecision,
  );
}

const record = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as PopupRecord | null, POPUP_STORAGE_KEY);
const isOpen = (page: Page) => page.evaluate(() => !!document.querySelector<HTMLDialogElement>('dialog.popup-overlay')?.open);

describe('the popup overlay on site pages', () => {
  it('shows to a first-time visitor as a modal dialog named by its title, with the focus inside', async () => {
    const { page, problems, overlayEvents } = await visitor();
    await open(page, `${server.origin(FERNWOOD)}/journal`);
    expect(await popup(page).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.querySelector('dialog.popup-overlay')!.matches(':modal'))).toBe(true);
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
    expect(await record(page)).toBeNull();
    await expect.poll(() => overlayEvents).toEqual(['popup-overlay:show']);
    expect(problems).toEqual([]);
  });

  it('opens with its image already drawn, fetched before the dialog appears (no empty frame that fills in later)', async () => {
    const { page, problems } = await visitor();
    // what the dialog's image was at the moment it opened (a mutation observer runs before any other task)
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const dialog = document.querySelector<HTMLDialogElement>('dialog.popup-overlay');
        const img = dialog?.querySelector('img');
        if (dialog?.open && img && !('popupImageAtOpen' in window)) {
          Object.assign(window, { popupImageAtOpen: { complete: img.complete, drawn: img.naturalWidth > 0 } });
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['open'] });
    });
    await open(page, `${server.origin(FERNWOOD)}/journal`);
    expect(await isOpen(page)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { popupImageAtOpen?: unknown }).popupImageAtOpen)).toEqual({
      complete: true,
      drawn: true,
    });
    expect(problems).toEqual([]);
  });

  it('opens without its image when the image does not come', async () => {
    const { page } = await visitor();
    await page.route(/fernwood-monthly-letter\.jpg/, () => undefined); // never answered
    await open(page, `${server.origin(FERNWOOD)}/journal`);
    expect(await isOpen(page)).toBe(true);
  });

  it.each([
    ['Escape', (page: Page) => page.keyboard.press('Escape')],
    ['a click outside', (page: Page) => page.mouse.click(20, 450)],
    ['Close', (page: Page) => popup(page).getByRole('button', { name: 'Close' }).click()],
  ])('closes with %s, keeps the date, and leaves the page free', async (_how, close) => {
    const { page, overlayEvents } = await visitor();
    await open(page, `${server.origin(FERNWOOD)}/journal`);
    await popup(page).waitFor();
    await close(page);
    await expect.poll(() => isOpen(page)).toBe(false);
    expect(await record(page)).toEqual({ version: 3, submitted: false, 'date-closed': T0 });
    await expect.poll(() => overlayEvents).toEqual(['popup-overlay:show', 'popup-overlay:close']);
    // nothing traps the page: the keyboard reaches its links and a click follows one
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(false);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL((url) => url.pathname === '/contact');
  });

  it('takes Escape first in the Escape chain: the next Escape goes on to the login page (useEscapeKeyToLogin)', async () => {
    const { page } = await visitor();
    await open(page, `${server.origin(FERNWOOD)}/journal`);
    await popup(page).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => isOpen(page)).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/journal');
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('lets an Escape that comes before the close event of a popup the browser closed go on to the login page', async () => {
    const { page } = await visitor();
    await open(page, `${server.origin(FERNWOOD)}/journal`);
    await popup(page).waitFor();
    await page.waitForLoadState('networkidle'); // the Escape chain is here
    // the browser closes the dialog (as its own Escape does when the chain was not here yet); its close event, which
    // takes the popup off the dialog stack, is a task away when the next Escape is dispatched
    await page.evaluate(() => {
      document.querySelector<HTMLDialogElement>('dialog.popup-overlay')!.close();
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    });
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('opens with the focus on the dialog itself and loads no React until the visitor turns to the form', async () => {
    const { page, problems } = await visitor();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await open(page, `${server.origin(FERNWOOD)}/about`);
    await popup(page).waitFor();
    await page.waitForLoadState('networkidle');
    // the popup is this page's only island that may bring React: the others (the image block's fit, the social icons'
    // tooltips) are plain islands
    const islands = await page.evaluate(() => [...document.querySelectorAll('site-island')].map((i) => i.getAttribute('data-island')!));
    expect(islands).toContain('popup-overlay');
    const all: Record<string, { react: boolean }> = manifest.islands;
    expect(islands.filter((name) => all[name]?.react !== false)).toEqual([]);
    expect(await page.evaluate(() => document.activeElement?.matches('dialog.popup-overlay'))).toBe(true);
    const react = async () => {
      const bodies = await page.evaluate((urls) => Promise.all(urls.map((u) => fetch(u).then((r) => r.text()))), scripts);
      return bodies.some((b) => b.includes('react.dev/errors'));
    };
    expect(await react()).toBe(false);
    // the visitor turns to the form: the signup comes to life, with React
    await popup(page).getByPlaceholder('Email Address').focus();
    await expect.poll(react).toBe(true);
    await popup(page).getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => popup(page).getByText('Email Address is required.').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('holds a submit made before the signup is alive and sends it once, when it is', async () => {
    const { page } = await visitor();
    await open(page, `${server.origin(FERNWOOD)}/about`);
    await popup(page).waitFor();
    await page.waitForLoadState('networkidle');
    // what the page asks for from now on (the signup's chunks) waits
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/client/**', async (route) => {
      await released;
      await route.fallback();
    });
    const saves: string[] = [];
    page.on('request', (r) => new URL(r.url()).pathname === '/api/form/SaveFormSubmission' && saves.push(r.postData() ?? ''));
    await popup(page).getByPlaceholder('Email Address').fill('held.reader@example.com');
    await popup(page).getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForTimeout(300);
    expect(saves).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/about');
    // the loader's hold: the signup is a part the loader brings to life, and says so
    const signup = popup(page).locator('.commerce-popup-signup');
    expect(await signup.getAttribute('data-island-state')).toBe('loading');
    release();
    await popup(page).getByRole('status').filter({ hasText: 'The next letter goes out' }).waitFor();
    expect(await signup.getAttribute('data-island-state')).toBe('hydrated');
    expect(saves).toHaveLength(1);
    expect(await record(page)).toMatchObject({ version: 3, submitted: true });
  });

  it('sends the signup as a post without script when its chunk cannot be loaded', async () => {
    const { page, problems } = await visitor();
    await open(page, `${server.origin(FERNWOOD)}/about`);
    await popup(page).waitFor();
    await page.waitForLoadState('networkidle');
    await page.route('**/client/**', (route) => route.abort());
    // the signup's state as the loader sets it, kept where it outlives the post's navigation
    await page.evaluate(() => {
      const signup = document.querySelector<HTMLElement>('.commerce-popup-signup')!;
      new MutationObserver(() => sessionStorage.setItem('signup-state', signup.dataset.islandState ?? '')).observe(signup, {
        attributes: true,
        attributeFilter: ['data-island-state'],
      });
    });
    await popup(page).getByPlaceholder('Email Address').fill('no.chunk@example.com');
    const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/_forms/submit'));
    await popup(page).getByRole('button', { name: 'Sign Up' }).click();
    expect((await posted).postData()).toContain('no.chunk%40example.com');
    await page.waitForURL((url) => url.pathname === '/about' && !url.search.includes('example'));
    expect(await page.evaluate(() => sessionStorage.getItem('signup-state'))).toBe('failed');
    expect(problems).toEqual(['console: Loading chunk popup-overlay failed.']);
    const owner = await ownerContext(browser, server.origin(FERNWOOD), 'owner@fernwood.example');
    contexts.push(owner);
    const stored = await submissionsOf(owner, server.origin(FERNWOOD), 'form-letters');
    expect(stored.some((s) => s.values['l-email'] === 'no.chunk@example.com')).toBe(true);
  });

  it('shows again only once date-closed + displayFrequency days have passed (the clock moved)', async () => {
    const { page } = await visitor();
    await open(page, `${server.origin(FERNWOOD)}/`);
    await page.keyboard.press('Escape');
    await expect.poll(() => isOpen(page)).toBe(false);
    for (const [days, shown] of [
      [0, false],
      [13, false],
      [14, false],
      [14.01, true],
    ] as const) {
      await page.clock.setFixedTime(T0 + days * DAY);
      await open(page, `${server.origin(FERNWOOD)}/about`);
      expect(await isOpen(page), `${days} days after closing`).toBe(shown);
    }
  });

  it('shows again for a newer version of the settings', async () => {
    const { page } = await visitor();
    await page.goto(`${server.origin(FERNWOOD)}/robots.txt`);
    await page.evaluate(
      (key) => localStorage.setItem(key, JSON.stringify({ version: 2, submitted: true, 'date-closed': Date.now() })),
      POPUP_STORAGE_KEY,
    );
    await open(page, `${server.origin(FERNWOOD)}/`);
    expect(await isOpen(page)).toBe(true);
  });

  it('signs up with isOverlayForm; with showUntilSignup it stays hidden for good', async () => {
    const { page, overlayEvents } = await visitor();
    await open(page, `${server.origin(FERNWOOD)}/`);
    await popup(page).getByPlaceholder('Email Address').fill('popup.reader@example.com');
    await popup(page).getByRole('button', { name: 'Sign Up' }).click();
    await popup(page).getByRole('status').filter({ hasText: 'The next letter goes out' }).waitFor();
    expect(await record(page)).toMatchObject({ version: 3, submitted: true });
    await expect.poll(() => overlayEvents).toContain('popup-overlay:submit');
    await page.keyboard.press('Escape');
    await page.clock.setFixedTime(T0 + 400 * DAY);
    await open(page, `${server.origin(FERNWOOD)}/journal`);
    expect(await isOpen(page)).toBe(false);
    const owner = await ownerContext(browser, server.origin(FERNWOOD), 'owner@fernwood.example');
    contexts.push(owner);
    const stored = (await submissionsOf(owner, server.origin(FERNWOOD), 'form-letters')).find(
      (s) => s.values['l-email'] === 'popup.reader@example.com',
    );
    expect(stored?.isOverlayForm).toBe(true);
    expect(stored?.objectName).toBe('popup-overlay');
  });

  it('with displayFrequency -1 never shows again after a close', async () => {
    const { page } = await visitor();
    await open(page, `${server.origin(NEVER)}/`);
    await popup(page).getByRole('button', { name: 'Close' }).click();
    await page.clock.setFixedTime(T0 + 1000 * DAY);
    await open(page, `${server.origin(NEVER)}/journal`);
    expect(await isOpen(page)).toBe(false);
  });

  it.each([
    [FERNWOOD, 390, true],
    [DESKTOP_ONLY, 390, false],
    [DESKTOP_ONLY, 1280, true],
  ])('on %s at %i px: shown %s (enableMobile, §9 mobile width)', async (host, width, shown) => {
    const { page } = await visitor({ width });
    await open(page, `${server.origin(host)}/`);
    expect(await isOpen(page)).toBe(shown);
  });

  it('is not on the page at all with sqsscreenshot=true', async () => {
    const { page } = await visitor();
    await page.goto(`${server.origin(FERNWOOD)}/?sqsscreenshot=true`);
    expect(await page.locator('dialog.popup-overlay').count()).toBe(0);
  });

  it('keeps the page shared from the cache: the decision is made in the browser', async () => {
    const { page } = await visitor();
    await page.goto(`${server.origin(FERNWOOD)}/portfolio`);
    const again = await page.goto(`${server.origin(FERNWOOD)}/portfolio`);
    expect(again?.headers()['x-page-cache']).toBe('hit');
  });
});

describe('the popup and the cookie notice on a first visit', () => {
  const notice = (page: Page) => page.getByRole('region', { name: 'Cookie notice' });
  const decision = (page: Page) =>
    page.evaluate(() => (document.querySelector('site-island[data-island="popup-overlay"]') as HTMLElement | null)?.dataset.popupDecision);

  it('shows the cookie notice first: Continue works and keeps the consent, then the popup opens as §4 says', async () => {
    const { page, problems, overlayEvents } = await visitor({ cookieNoticeAnswered: false });
    await page.goto(`${server.origin(FERNWOOD)}/journal`);
    await notice(page).waitFor();
    // the popup waits for the answer: nothing makes the page inert under the notice
    await expect.poll(() => decision(page)).toBe('waiting');
    expect(await isOpen(page)).toBe(false);
    await notice(page).getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => notice(page).count()).toBe(0);
    const consent = (await page.context().cookies()).find((c) => c.name === 'ss_cookieAllowed');
    expect(consent?.value).toBe('true');
    expect(consent?.path).toBe('/');
    // then the popup, as for any first visit: a modal dialog with the focus inside, that Escape closes and keeps closed
    await expect.poll(() => isOpen(page)).toBe(true);
    expect(await decision(page)).toBe('shown');
    expect(await page.evaluate(() => document.querySelector('dialog.popup-overlay')!.matches(':modal'))).toBe(true);
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => isOpen(page)).toBe(false);
    expect(await record(page)).toEqual({ version: 3, submitted: false, 'date-closed': T0 });
    await expect.poll(() => overlayEvents).toEqual(['cookie-notice:accepted', 'popup-overlay:show', 'popup-overlay:close']);
    // the next page shows neither
    await open(page, `${server.origin(FERNWOOD)}/about`);
    expect(await isOpen(page)).toBe(false);
    expect(await notice(page).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('steps the notice aside while a dialog the visitor opened makes the page inert, and brings it back working', async () => {
    const { page, problems } = await visitor({ cookieNoticeAnswered: false, popupDone: true });
    await page.goto(`${server.origin(FERNWOOD)}/portfolio`);
    await notice(page).waitFor();
    const grid = '#block-portfolio-b8';
    await page.$eval(grid, (el) => el.scrollIntoView({ block: 'center' }));
    await wakeAndWait(page, `${grid} site-island[data-island=gallery]`);
    await page.click(`${grid} .gallery-slide:nth-child(2) a`);
    await page.locator('dialog.lightbox[open]').waitFor();
    await expect.poll(() => notice(page).isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await page.locator('dialog.lightbox[open]').waitFor({ state: 'detached' });
    await expect.poll(() => notice(page).isVisible()).toBe(true);
    await notice(page).getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => notice(page).count()).toBe(0);
    expect((await page.context().cookies()).some((c) => c.name === 'ss_cookieAllowed' && c.value === 'true')).toBe(true);
    expect(problems).toEqual([]);
  });
});

describe('the POPUP_OVERLAY page', () => {
  it('signs up with JavaScript and Close returns to the site, keeping the date', async () => {
    const { page } = await visitor();
    await page.goto(`${server.origin(FERNWOOD)}/popup-overlay`);
    const form = page.getByRole('form', { name: 'Letters from Fernwood' });
    await form.getByPlaceholder('Email Address').fill('preview@example.com');
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('The next letter goes out').waitFor();
    await page.getByRole('link', { name: 'Close' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await record(page)).toMatchObject({ version: 3, submitted: true, 'date-closed': T0 });
  });

  it('signs up without JavaScript, and says what is wrong with an address', async () => {
    const { page } = await visitor({ javaScript: false });
    await page.goto(`${server.origin(FERNWOOD)}/popup-overlay`);
    const form = page.getByRole('form', { name: 'Letters from Fernwood' });
    await form.getByPlaceholder('Email Address').fill('not-an-address');
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Email Address must be a valid email address.').waitFor();
    expect(await page.getByPlaceholder('Email Address').inputValue()).toBe('not-an-address');
    await page.getByPlaceholder('Email Address').fill('plain.preview@example.com');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('The next letter goes out').waitFor();
    expect(new URL(page.url()).pathname).toBe('/popup-overlay');
  });
});
