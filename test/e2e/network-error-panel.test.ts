// The system error panel's network variant (§8 System error panel, §8 Generic request layer), in Chromium against
// wrangler dev: a request a visitor made that gets no answer at all opens the panel with its errorKey line and is
// tracked as system_network_error; the page's own telemetry that gets none fails quietly.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ERROR } from '../../shared/dialogs.ts';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { fixtureFile } from './support/fixture-pages.ts';
import { contactForm, fillContact, formIslandsHydrated, newVisitor } from './support/forms.ts';
import { NO_FINDINGS, surfaceQuality } from './support/surface-quality.ts';

const FERNWOOD = 'fernwood.localhost';
const SAVE = '/api/form/SaveFormSubmission';

let server: DevServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startDevServer([fixtureFile('fernwood')]);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

async function visitor(): Promise<{ page: Page; events: URLSearchParams[] }> {
  const context = await newVisitor(browser, { cookieNoticeAnswered: true });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const events: URLSearchParams[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/events/RecordEvent') events.push(new URLSearchParams(r.postData() ?? ''));
  });
  return { page, events };
}

const panel = (page: Page) => page.getByRole('alertdialog', { name: SYSTEM_ERROR.title });

describe('a request that gets no answer', () => {
  it("opens the panel's network variant with the errorKey line, tracked as system_network_error", async () => {
    const { page, events } = await visitor();
    await page.goto(`${server.origin(FERNWOOD)}/contact`);
    await formIslandsHydrated(page);
    await page.route(`**${SAVE}*`, (route) => route.abort('internetdisconnected'));
    const form = contactForm(page);
    await fillContact(form, 'ada+offline@example.com', 'Hello from a train');
    await form.getByRole('button', { name: 'Send message' }).click();

    await panel(page).waitFor();
    const dialog = panel(page);
    await expect(dialog.getAttribute('class')).resolves.toContain('site-error-network');
    await expect(dialog.getByText(SYSTEM_ERROR.networkMessage, { exact: true }).count()).resolves.toBe(1);
    // the errorKey: the path asked for, base64-encoded (§8)
    await expect(dialog.locator('.site-error-key').textContent()).resolves.toBe(`Error key: ${btoa(SAVE)}`);
    await expect(dialog.getByRole('button').allTextContents()).resolves.toEqual([SYSTEM_ERROR.clear, SYSTEM_ERROR.reload]);
    // the focus is in the panel, on Reload Page
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(SYSTEM_ERROR.reload);

    await expect.poll(() => events.filter((e) => e.get('event') === 'system_network_error').length).toBe(1);
    const data = JSON.parse(events.find((e) => e.get('event') === 'system_network_error')!.get('data')!);
    expect(data).toMatchObject({ urlRequested: SAVE, pagePath: '/contact' });

    // the page-quality checks on the page with the panel open
    expect(await surfaceQuality(page)).toEqual(NO_FINDINGS);

    // Clear closes it; the form says what happened in its own words underneath
    await dialog.getByRole('button', { name: SYSTEM_ERROR.clear }).click();
    await expect(panel(page).count()).resolves.toBe(0);
    await expect(form.getByRole('alert').first().isVisible()).resolves.toBe(true);
  });

  it("leaves the page's own telemetry quiet: a page view that gets no answer opens nothing", async () => {
    const { page, events } = await visitor();
    let aborted = 0;
    await page.route('**/api/census/RecordHit*', (route) => {
      aborted++;
      return route.abort('internetdisconnected');
    });
    // (the page view is sent once the page has loaded; the test waits for it below, not for the load event)
    await page.goto(`${server.origin(FERNWOOD)}/about`, { waitUntil: 'commit' });
    await expect.poll(() => aborted, { timeout: 30_000 }).toBeGreaterThan(0);
    // the page view is retried once (200 ms later): give it time to fail for good
    await page.waitForTimeout(1000);
    await expect(page.locator('.site-error-panel').count()).resolves.toBe(0);
    expect(events.filter((e) => e.get('event') === 'system_network_error')).toEqual([]);
  });
});
