// §9 disable-user-scripts in Chromium: an owner debugging their site sets the cookie in their own browser, and no script
// of theirs runs (site-wide code injection, the post-submission HTML's script) while the runtime's own islands still
// work; a visitor without the cookie gets the owner's scripts as before.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISABLE_USER_SCRIPTS_COOKIE } from '../../shared/cookies.ts';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { fixtureFile } from './support/fixture-pages.ts';
import { fillWorkshopForm, newVisitor, watchProblems, workshopForm } from './support/forms.ts';

const HOST = 'scriptsoff.localhost';
let server: DevServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // fernwood with site-wide code injection, under a host of its own
  const site = JSON.parse(readFileSync(fixtureFile('fernwood'), 'utf8')) as { website: Record<string, unknown> };
  site.website.identifier = 'scriptsoff';
  site.website.codeInjection = { footer: '<script>window.ownerFooterRan = true;</script>' };
  const file = join(mkdtempSync(join(tmpdir(), 'scripts-off-')), 'scriptsoff.json');
  writeFileSync(file, JSON.stringify(site));
  server = await startDevServer([file]);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.stop();
}, 30_000);

type Flags = { ownerFooterRan?: boolean; dataLayer?: unknown[] };
/** What the owner's scripts leave on window when they run. */
const readFlags = (): Flags => {
  const w = window as unknown as Flags;
  return { ownerFooterRan: w.ownerFooterRan, dataLayer: w.dataLayer };
};

async function visitor(scriptsOff: boolean): Promise<{ page: Page; problems: string[] }> {
  const context = await newVisitor(browser);
  contexts.push(context);
  if (scriptsOff) await context.addCookies([{ name: DISABLE_USER_SCRIPTS_COOKIE, value: 'true', url: server.origin(HOST) }]);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { page, problems: watchProblems(page) };
}

/** Opens the workshops page, applies, and waits for the success message (the islands' work). */
async function apply(page: Page, email: string): Promise<void> {
  await page.goto(`${server.origin(HOST)}/workshops`);
  const form = workshopForm(page);
  await form.scrollIntoViewIfNeeded();
  // the form's island wakes on the visitor's first touch of it
  await form.locator('input:not([type="hidden"])').first().focus();
  await page.waitForFunction(
    () => (document.querySelector('site-island[data-island="form"]') as HTMLElement | null)?.dataset.islandState === 'hydrated',
  );
  await fillWorkshopForm(form, email);
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect.poll(() => page.getByRole('status').filter({ hasText: 'Application received.' }).isVisible()).toBe(true);
}

describe('an owner who turned their scripts off', () => {
  it('sees the site work with none of the owner’s scripts running', async () => {
    const { page, problems } = await visitor(true);
    const response = await page.goto(`${server.origin(HOST)}/workshops`);
    expect(response!.headers()['content-security-policy']).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    await apply(page, 'owner+scriptsoff@example.com');
    const flags = await page.evaluate(readFlags);
    expect(flags.ownerFooterRan).toBeUndefined();
    expect(flags.dataLayer).toBeUndefined();
    // the only complaint is the browser refusing the footer's inline script
    expect(problems.filter((p) => !/Content Security Policy/.test(p))).toEqual([]);
  });

  it('leaves every other visitor with the owner’s scripts', async () => {
    const { page, problems } = await visitor(false);
    await apply(page, 'visitor+scriptson@example.com');
    const flags = await page.evaluate(readFlags);
    expect(flags.ownerFooterRan).toBe(true);
    expect(flags.dataLayer).toEqual([{ event: 'workshop-application' }]);
    expect(problems).toEqual([]);
  });
});
