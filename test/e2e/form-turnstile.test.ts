// Cloudflare Turnstile as a visitor meets it, in Chromium against wrangler dev (issue 14 item 8): copies of fernwood
// and kettle that name a site key, the dev server holding the secret and its siteverify answered by the fake of
// test/support/outbound.ts (the real Cloudflare is not reachable from tests), and the widget's script served by a
// stand-in that behaves as the real one does in a page (test/e2e/support/turnstile.ts). The widget renders into each
// form whether its script arrives before or after the islands hydrate, under the page's policy and without a hydration
// or console error; its token goes with the submission, which is stored; the widget is reset after every attempt; and
// without JavaScript the visitor is told the check needs it.
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TURNSTILE_RESPONSE_NAME } from '../../shared/form-post.ts';
import { TURNSTILE_NOSCRIPT_TEXT } from '../../worker/blocks/form/form.view.tsx';
import { TURNSTILE_MESSAGES, TURNSTILE_ORIGIN } from '../../shared/turnstile.ts';
import { TEST_TURNSTILE_SITE_KEY, TURNSTILE_TEST_SECRET } from '../support/outbound.ts';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { publishVariant } from './support/fixture-pages.ts';
import { contactForm, fillContact, formIslandsHydrated, newVisitor, ownerContext, submissionsOf, watchProblems } from './support/forms.ts';
import { CHALLENGE_FRAME_PREFIX, fakeTurnstile, turnstileState } from './support/turnstile.ts';

/** fernwood with Turnstile: the contact form block, and the popup's signup */
const FERNWOOD_TS = 'turnstile.localhost';
/** kettle with Turnstile: the newsletter block */
const KETTLE_TS = 'turnstilekettle.localhost';
const SAVE_PATH = '/api/form/SaveFormSubmission';
/** how long a poll waits for an answer that crosses the edge (and its siteverify) */
const WAIT = { timeout: 10_000 };

let server: DevServer;
let browser: Browser;
let fernwoodOwner: BrowserContext;
let kettleOwner: BrowserContext;

/** A copy of a fixture under another identifier and host, its forms guarded by Turnstile with the test site key. */
const withTurnstile = (fixture: string, identifier: string) =>
  publishVariant(fixture, identifier, (site) => (site.settings.turnstile = { siteKey: TEST_TURNSTILE_SITE_KEY }));

beforeAll(async () => {
  const records = [...(await withTurnstile('fernwood', 'turnstile')), ...(await withTurnstile('kettle', 'turnstilekettle'))];
  server = await startDevServer([], {
    records,
    outbound: { vars: { TURNSTILE_SECRET_KEY: JSON.stringify({ [TEST_TURNSTILE_SITE_KEY]: TURNSTILE_TEST_SECRET }) } },
  });
  browser = await launchChromium();
  fernwoodOwner = await ownerContext(browser, server.origin(FERNWOOD_TS), 'owner@fernwood.example');
  kettleOwner = await ownerContext(browser, server.origin(KETTLE_TS), 'owner@kettle.example');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

interface Visit {
  page: Page;
  problems: string[];
  scriptLoads: () => number;
  /** the SaveFormSubmission bodies the page sent */
  saves: Record<string, string>[];
}

async function visitor(options: { javaScript?: boolean; auto?: boolean; width?: number; popupDone?: boolean } = {}): Promise<Visit> {
  const context = await newVisitor(browser, {
    javaScript: options.javaScript ?? true,
    width: options.width ?? 1280,
    popupDone: options.popupDone ?? true,
    // a visitor the popup greets has answered the cookie notice, which comes first
    cookieNoticeAnswered: options.popupDone === false,
  });
  const { scriptLoads } = await fakeTurnstile(context, { auto: options.auto ?? true });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const saves: Record<string, string>[] = [];
  page.on('request', (r: Request) => {
    if (new URL(r.url()).pathname === SAVE_PATH) saves.push(Object.fromEntries(new URLSearchParams(r.postData() ?? '')));
  });
  return { page, problems: watchProblems(page), scriptLoads, saves };
}

/** The widget of a form as drawn by the script: its challenge frame and its token control, in the container. */
async function expectWidget(form: Locator): Promise<void> {
  const container = form.locator('.cf-turnstile');
  await expect.poll(() => container.locator('iframe').count()).toBe(1);
  expect(await container.locator('iframe').getAttribute('src')).toMatch(new RegExp(`^${CHALLENGE_FRAME_PREFIX}`));
  expect(await container.locator(`input[type=hidden][name="${TURNSTILE_RESPONSE_NAME}"]`).count()).toBe(1);
  // the challenge frame loaded under the page's frame-src
  const frame = await container.locator('iframe').elementHandle();
  await expect.poll(async () => (await (await frame!.contentFrame())?.textContent('body'))?.includes('Success!')).toBe(true);
}

const tokenOf = (form: Locator) => form.locator(`input[name="${TURNSTILE_RESPONSE_NAME}"]`).inputValue();

const stored = async (owner: BrowserContext, host: string, formId: string, email: string) =>
  (await submissionsOf(owner, server.origin(host), formId)).filter((s) => JSON.stringify(s.values).includes(email));

describe.each([
  ['before the islands hydrate', false],
  ['after the islands hydrated', true],
])('the widget, its script arriving %s,', (_when, late) => {
  it('renders into every visitor form of the page, without a hydration, policy or console error', async () => {
    const { page, problems, scriptLoads } = await visitor({ popupDone: false });
    if (late) {
      // hold the script back until every island has hydrated, then let the stand-in load
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`${TURNSTILE_ORIGIN}/turnstile/v0/api.js`, async (route) => {
        await held;
        await route.fallback();
      });
      const response = await page.goto(`${server.origin(FERNWOOD_TS)}/contact`, { waitUntil: 'domcontentloaded' });
      // the page's policy lets the script run: its origin named, or any https: script on a page with owner code
      const scripts = response!
        .headers()
        ['content-security-policy']!.split(';')
        .find((d) => d.trim().startsWith('script-src'))!;
      expect(scripts.split(' ').some((source) => source === TURNSTILE_ORIGIN || source === 'https:')).toBe(true);
      await formIslandsHydrated(page);
      expect(await page.locator('.cf-turnstile iframe').count()).toBe(0);
      release();
    } else {
      await page.goto(`${server.origin(FERNWOOD_TS)}/contact`);
      await expect.poll(() => page.locator('.cf-turnstile iframe').count()).toBeGreaterThan(0);
      await formIslandsHydrated(page);
    }
    // the contact form, and the popup's signup in its dialog
    const containers = page.locator('.cf-turnstile');
    expect(await containers.count()).toBe(2);
    await expectWidget(contactForm(page));
    await expectWidget(page.locator('dialog.popup-overlay form'));
    expect(scriptLoads()).toBe(1);
    expect(await page.locator('script[src$="/turnstile/v0/api.js"]').count()).toBe(1);
    // the popup opens over the page (an island's state flip after hydration): the widget in it is still the same
    await expect.poll(() => page.locator('dialog.popup-overlay[open]').count()).toBe(1);
    await expectWidget(page.locator('dialog.popup-overlay form'));
    expect((await turnstileState(page)).renders).toBe(2);
    expect(problems).toEqual([]);
  });
});

describe('a visitor with JavaScript', () => {
  it('sends the token with the submission, which is stored; the widget is reset after every attempt', async () => {
    const { page, problems, saves } = await visitor({ auto: false });
    await page.goto(`${server.origin(FERNWOOD_TS)}/contact`);
    await formIslandsHydrated(page);
    const form = contactForm(page);
    await expectWidget(form);
    const email = 'turnstile+js@example.com';
    await fillContact(form, email, 'A letter past the security check');

    // sent before the check has finished: the edge asks for it, the widget starts again, nothing is stored
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => form.getByRole('alert').textContent(), WAIT).toBe(TURNSTILE_MESSAGES.missing);
    expect(saves).toHaveLength(1);
    expect(saves[0]).not.toHaveProperty(TURNSTILE_RESPONSE_NAME);
    await expect.poll(async () => (await turnstileState(page)).resets).toBe(1);
    // the island's redraw (the notice, the button back from "Submitting...") left the script's widget alone
    await expectWidget(form);
    expect(await stored(fernwoodOwner, FERNWOOD_TS, 'form-contact', email)).toEqual([]);

    // the check passes: its token goes with the next attempt, and the message is stored
    await form
      .locator('.cf-turnstile')
      .evaluate((el) => (window as unknown as { __turnstileFake: { solve(e: Element): void } }).__turnstileFake.solve(el));
    const token = await tokenOf(form);
    expect(token).toMatch(/^pass:turnstile\.localhost:/);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => page.getByText('Thank you — your message is on its way').isVisible(), WAIT).toBe(true);
    expect(saves).toHaveLength(2);
    expect(saves[1]![TURNSTILE_RESPONSE_NAME]).toBe(token);
    // a token is good for one check: the widget was reset after the success too
    await expect.poll(async () => (await turnstileState(page)).resets).toBe(2);
    expect(await tokenOf(form)).toBe('');
    expect(await stored(fernwoodOwner, FERNWOOD_TS, 'form-contact', email)).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it('signs up to a newsletter block with the token the widget gave', async () => {
    const { page, problems, saves } = await visitor();
    await page.goto(`${server.origin(KETTLE_TS)}/contact`);
    await formIslandsHydrated(page);
    const form = page.getByRole('form', { name: 'The Kettle & Crumb letter' });
    await expectWidget(form);
    await expect.poll(() => tokenOf(form)).toMatch(/^pass:turnstilekettle\.localhost:/);
    const token = await tokenOf(form);
    const email = 'turnstile+reader@example.com';
    await form.getByLabel('Email Address').fill(email);
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByText('Thank you! Your first letter arrives').isVisible(), WAIT).toBe(true);
    expect(saves.at(-1)![TURNSTILE_RESPONSE_NAME]).toBe(token);
    expect(await stored(kettleOwner, KETTLE_TS, 'form-kettle-letter', email)).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it('signs up in the popup over the page with the token of the widget in it', async () => {
    const { page, problems, saves } = await visitor({ popupDone: false });
    await page.goto(`${server.origin(FERNWOOD_TS)}/journal`);
    const popup = page.getByRole('dialog', { name: 'Letters from Fernwood' });
    await expect.poll(() => popup.isVisible()).toBe(true);
    const form = popup.locator('form');
    await expectWidget(form);
    await expect.poll(() => tokenOf(form)).toMatch(/^pass:turnstile\.localhost:/);
    const token = await tokenOf(form);
    const email = 'turnstile+popup@example.com';
    await form.getByRole('textbox').first().fill(email);
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => saves.length, WAIT).toBe(1);
    expect(saves[0]![TURNSTILE_RESPONSE_NAME]).toBe(token);
    expect(saves[0]!.isOverlayForm).toBe('true');
    await expect.poll(async () => (await stored(fernwoodOwner, FERNWOOD_TS, 'form-letters', email)).length, WAIT).toBe(1);
    expect(problems).toEqual([]);
  });
});

describe('a visitor without JavaScript', () => {
  it('is told the form has a check that needs JavaScript, and a post without it is refused with that reason', async () => {
    const { page, scriptLoads } = await visitor({ javaScript: false });
    await page.goto(`${server.origin(FERNWOOD_TS)}/contact`);
    const form = contactForm(page);
    // (playwright's text queries skip <noscript>, which a browser without script draws as content)
    const notice = form.locator('noscript .form-turnstile-noscript');
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toBe(TURNSTILE_NOSCRIPT_TEXT);
    // the script never ran: no widget, no token, and no empty room kept for the widget above the notice
    expect(await form.locator('.cf-turnstile iframe').count()).toBe(0);
    expect(await form.locator('.cf-turnstile').boundingBox()).toBeNull();
    expect(scriptLoads()).toBe(0);
    const email = 'turnstile+nojs@example.com';
    await fillContact(form, email, 'A letter past the security check');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => contactForm(page).getByText(TURNSTILE_MESSAGES.missingNoScript).isVisible(), WAIT).toBe(true);
    // what they typed is still there to send once JavaScript is on
    expect(await contactForm(page).getByLabel('Email address').inputValue()).toBe(email);
    expect(await stored(fernwoodOwner, FERNWOOD_TS, 'form-contact', email)).toEqual([]);
  });
});
