// Form spam defences in Chromium against wrangler dev (issue 14 item 8): a real visitor never sees, reaches or fills
// the honeypot and still submits, with and without JavaScript; a bot that fills every control is shown success and
// nothing is stored, on the form block and the newsletter block.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENVELOPE_NAMES } from '../../shared/form-post.ts';
import { HONEYPOT_LABEL } from '../../worker/blocks/form/form.view.tsx';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { fixtureFile } from './support/fixture-pages.ts';
import { contactForm, fillContact, formIslandsHydrated, newVisitor, ownerContext, submissionsOf, watchProblems } from './support/forms.ts';

const FERNWOOD = 'fernwood.localhost';
const KETTLE = 'kettle.localhost';
const TRAP = `input[name="${ENVELOPE_NAMES.honeypot}"]`;

let server: DevServer;
let browser: Browser;
let fernwoodOwner: BrowserContext;
let kettleOwner: BrowserContext;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startDevServer(['fernwood', 'kettle'].map(fixtureFile));
  browser = await launchChromium();
  fernwoodOwner = await ownerContext(browser, server.origin(FERNWOOD), 'owner@fernwood.example');
  kettleOwner = await ownerContext(browser, server.origin(KETTLE), 'owner@kettle.example');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

async function visitorPage(javaScript: boolean): Promise<{ page: Page; problems: string[] }> {
  const context = await newVisitor(browser, { javaScript });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { page, problems: watchProblems(page) };
}

/** Opens a page and, with script, waits for its form islands to come to life. */
async function open(page: Page, url: string, javaScript: boolean): Promise<void> {
  await page.goto(url);
  if (javaScript) await formIslandsHydrated(page);
}

/** What a visitor could meet of the honeypot: its box, its place in the accessibility tree and in the tab order. */
async function expectUnreachable(page: Page, form: Locator): Promise<void> {
  const trap = form.locator(TRAP);
  expect(await trap.count()).toBe(1);
  // drawn in a box of one pixel that clips everything in it to nothing
  const box = await form.locator('.form-hp').boundingBox();
  expect(box === null || (box.width <= 1 && box.height <= 1)).toBe(true);
  expect(await trap.evaluate((el) => getComputedStyle(el.parentElement!).clipPath)).toBe('inset(50%)');
  expect(await trap.evaluate((el) => getComputedStyle(el.parentElement!).opacity)).toBe('0');
  // hidden from assistive technology: no role query finds it
  expect(await page.getByRole('textbox', { name: HONEYPOT_LABEL }).count()).toBe(0);
  expect(await form.ariaSnapshot()).not.toContain(HONEYPOT_LABEL);
  // never in the tab order: it stands before the fields, and Shift+Tab from the first one goes past it
  await form.getByLabel('First Name').focus();
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).not.toBe(ENVELOPE_NAMES.honeypot);
  // and Tab from the first field to the button passes every field but the honeypot
  await form.getByLabel('First Name').focus();
  const visited: string[] = [];
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(
      () => (document.activeElement as HTMLInputElement | null)?.name ?? document.activeElement?.tagName ?? '',
    );
    visited.push(name);
    if (name === '' || (await page.evaluate(() => document.activeElement?.tagName)) === 'BUTTON') break;
  }
  expect(visited).not.toContain(ENVELOPE_NAMES.honeypot);
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BUTTON');
}

const sent = async (owner: BrowserContext, host: string, formId: string, email: string) =>
  (await submissionsOf(owner, server.origin(host), formId)).filter((s) => JSON.stringify(s.values).includes(email));

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('a visitor %s', (_how, javaScript) => {
  it('never sees or reaches the honeypot, and the message is stored', async () => {
    const { page, problems } = await visitorPage(javaScript);
    await open(page, `${server.origin(FERNWOOD)}/contact`, javaScript);
    const form = contactForm(page);
    await expectUnreachable(page, form);
    const email = `visitor+${javaScript ? 'js' : 'nojs'}@example.com`;
    await fillContact(form, email, 'A real letter');
    // the browser's own autofill and the visitor leave it empty
    expect(await form.locator(TRAP).inputValue()).toBe('');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.getByText('Thank you — your message is on its way').isVisible()).toBe(true);
    expect(await sent(fernwoodOwner, FERNWOOD, 'form-contact', email)).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it('that is a bot filling every control is shown success, and nothing is stored', async () => {
    const { page } = await visitorPage(javaScript);
    await open(page, `${server.origin(FERNWOOD)}/contact`, javaScript);
    const form = contactForm(page);
    const email = `bot+${javaScript ? 'js' : 'nojs'}@example.com`;
    await fillContact(form, email, 'Cheap pills');
    // a bot fills every text control it finds in the markup, seen or not
    await form.locator(TRAP).evaluate((el) => ((el as HTMLInputElement).value = 'https://cheap-pills.example'));
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.getByText('Thank you — your message is on its way').isVisible()).toBe(true);
    expect(await sent(fernwoodOwner, FERNWOOD, 'form-contact', email)).toEqual([]);
  });

  it('signs up to a newsletter block past its honeypot; a bot that fills it is not stored', async () => {
    for (const bot of [false, true]) {
      const { page } = await visitorPage(javaScript);
      await open(page, `${server.origin(KETTLE)}/contact`, javaScript);
      const form = page.getByRole('form', { name: 'The Kettle & Crumb letter' });
      if (!bot) expect(await page.getByRole('textbox', { name: HONEYPOT_LABEL }).count()).toBe(0);
      const email = `${bot ? 'bot' : 'reader'}+${javaScript ? 'js' : 'nojs'}@example.com`;
      await form.getByLabel('Email Address').fill(email);
      if (bot) await form.locator(TRAP).evaluate((el) => ((el as HTMLInputElement).value = 'filled'));
      await form.getByRole('button', { name: 'Sign Up' }).click();
      await expect.poll(() => page.getByText('Thank you! Your first letter arrives').isVisible()).toBe(true);
      expect(await sent(kettleOwner, KETTLE, 'form-kettle-letter', email)).toHaveLength(bot ? 0 : 1);
    }
  });
});
