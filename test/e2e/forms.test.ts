// Visitor forms in Chromium against wrangler dev (issue 10 §2, §3, §6): the fernwood workshops form with every field
// type submitted and read back by the owner, with and without JavaScript; each §8 failure forced through the real edge
// and the rest of §8's catalogue; the lifecycle's locking, focus and scroll; newsletter signup and unsubscribe.
import type { Browser, BrowserContext, Locator, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, FORM_MESSAGES } from '../../shared/form-values.ts';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { fixtureFile } from './support/fixture-pages.ts';
import {
  expectWorkshopValues,
  fillWorkshopForm,
  formIslandsHydrated,
  newVisitor,
  ownerContext,
  submissionsOf,
  watchProblems,
  workshopForm,
  type StoredSubmission,
} from './support/forms.ts';

const FERNWOOD = 'fernwood.localhost';
const KETTLE = 'kettle.localhost';

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

async function visitorPage(options: Parameters<typeof newVisitor>[1] = {}): Promise<{ page: Page; problems: string[] }> {
  const context = await newVisitor(browser, options);
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { page, problems: watchProblems(page) };
}

/** Opens a page and brings its islands (every one on the page) to life, the forms by a touch of their first field. */
async function openHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await formIslandsHydrated(page);
}

const workshops = (query = '') => `${server.origin(FERNWOOD)}/workshops${query}`;

async function newest(owner: BrowserContext, host: string, formId: string, email: string): Promise<StoredSubmission> {
  const found = (await submissionsOf(owner, server.origin(host), formId)).find((s) => JSON.stringify(s.values).includes(email));
  if (!found) throw new Error(`no submission of ${formId} with ${email}`);
  return found;
}

/** fernwood's contact form. */
const contactForm = (page: Page) => page.getByRole('form', { name: 'Write to me' });

/** Fills the contact form and sends it. */
async function sendContact(form: Locator, email: string, message: string): Promise<void> {
  await form.getByLabel('First Name').fill('Ada');
  await form.getByLabel('Last Name').fill('Lovelace');
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Message').fill(message);
  await form.getByRole('button', { name: 'Send message' }).click();
}

/** Rewrites the `form` JSON of SaveFormSubmission on its way to the real edge. */
async function rewriteSave(page: Page, change: (body: URLSearchParams) => void): Promise<void> {
  await page.route('**/api/form/SaveFormSubmission*', async (route: Route) => {
    const body = new URLSearchParams(route.request().postData() ?? '');
    change(body);
    await route.continue({ postData: body.toString() });
  });
}

describe('the workshops form with JavaScript', () => {
  it('submits every field type: the success text and HTML show, their script runs, the event fires, the owner reads the values', async () => {
    const { page, problems } = await visitorPage();
    await openHydrated(page, workshops('?source=letter'));
    await page.evaluate(() => {
      window.addEventListener('form-submit-success', (e) => ((window as unknown as { fired: unknown }).fired = (e as CustomEvent).detail));
    });
    const form = workshopForm(page);
    await fillWorkshopForm(form, 'ada+js@example.com');
    const calls: string[] = [];
    page.on('request', (r: Request) => {
      if (r.url().includes('/api/form/')) calls.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await form.getByRole('button', { name: 'Send application' }).click();
    const message = page.getByRole('status').filter({ hasText: 'Thank you for applying.' });
    await expect.poll(() => message.isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe('form-submission');
    expect(await message.textContent()).toContain('Application received.');
    // the script inside the post-submission HTML ran
    expect(await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer)).toEqual([
      { event: 'workshop-application' },
    ]);
    expect(await page.evaluate(() => (window as unknown as { fired: unknown }).fired)).toEqual({
      formId: 'form-workshop',
      objectName: 'workshops-b4',
      isOverlayForm: false,
    });
    // the form's content is hidden
    expect(await form.getByRole('button', { name: 'Send application' }).isVisible()).toBe(false);
    expect(calls).toEqual(['POST /api/form/FormSubmissionKey', 'POST /api/form/SaveFormSubmission']);
    expect(page.url()).toBe(workshops('?source=letter'));
    const stored = await newest(fernwoodOwner, FERNWOOD, 'form-workshop', 'ada+js@example.com');
    expectWorkshopValues(stored, 'ada+js@example.com', 'letter');
    expect(stored.objectName).toBe('workshops-b4');
    expect(problems).toEqual([]);
  });

  it('checks the fields before any round trip, the edge’s rules: messages above the titles, focus on the first field in error', async () => {
    const { page } = await visitorPage();
    await openHydrated(page, workshops());
    const form = workshopForm(page);
    let calls = 0;
    page.on('request', (r) => (calls += r.url().includes('/api/form/') ? 1 : 0));
    await form.getByLabel('Email address').fill('ada@');
    await form.getByLabel('Phone Number').fill('55x');
    await form.getByRole('button', { name: 'Send application' }).click();
    await expect.poll(() => form.getByRole('alert').first().textContent()).toBe(FORM_MESSAGES.problemTop);
    expect(await form.getByText(FORM_MESSAGES.problemBottom).isVisible()).toBe(true);
    for (const text of [
      FIELD_MESSAGES.required('Your name'),
      FIELD_MESSAGES.email('Email address'),
      FIELD_MESSAGES.phone('Phone number'),
      FIELD_MESSAGES.required('How would you describe your experience?'),
      FIELD_MESSAGES.required('Which workshop would you like to join?'),
    ]) {
      expect(await form.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    }
    // the first field in error has the focus, is marked invalid and is described by its message
    const focused = page.locator(':focus');
    expect(await focused.getAttribute('id')).toBe('form-workshops-b4-w-name-First');
    const email = form.getByLabel('Email address');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent)).toBe(
      FIELD_MESSAGES.email('Email address'),
    );
    // the message stands above the field's title
    const above = await form.locator('[data-field-id="w-email"]').evaluate((item) => item.firstElementChild?.className);
    expect(above).toBe('form-field-error');
    expect(calls).toBe(0);
  });

  it('locks while submitting: the button reads Submitting..., a second submit is ignored', async () => {
    const { page } = await visitorPage();
    await openHydrated(page, workshops());
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let saves = 0;
    await page.route('**/api/form/SaveFormSubmission*', async (route) => {
      saves++;
      await held;
      await route.continue();
    });
    const form = workshopForm(page);
    await fillWorkshopForm(form, 'ada+lock@example.com');
    await form.getByRole('button', { name: 'Send application' }).click();
    const button = form.getByRole('button', { name: 'Submitting...' });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    expect(await form.getByLabel('Email address').isDisabled()).toBe(true);
    // a second submit (Enter, or the form's own submit) while submitting
    await form.evaluate((f: HTMLFormElement) => f.requestSubmit());
    await form.evaluate((f: HTMLFormElement) => f.requestSubmit());
    release();
    await page.getByText('Thank you for applying.').waitFor();
    expect(saves).toBe(1);
  });

  it('scrolls a form above the view up to it, 25 px above its top, after success', async () => {
    const { page } = await visitorPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // a short window, so the page can still scroll that far once the form's content is hidden
    await page.setViewportSize({ width: 1280, height: 360 });
    await openHydrated(page, workshops());
    const form = workshopForm(page);
    await fillWorkshopForm(form, 'ada+scroll@example.com');
    await form.getByRole('button', { name: 'Send application' }).scrollIntoViewIfNeeded();
    expect(await form.evaluate((f) => f.getBoundingClientRect().top)).toBeLessThan(0);
    await form.getByRole('button', { name: 'Send application' }).click();
    await page.getByText('Thank you for applying.').waitFor();
    await expect.poll(() => form.evaluate((f) => Math.round(f.getBoundingClientRect().top))).toBe(25);
  });
});

describe('§8 failures through the real edge', () => {
  it("a form that does not exist: 'This form has not been configured yet.'", async () => {
    const { page } = await visitorPage();
    await openHydrated(page, workshops());
    await rewriteSave(page, (body) => body.set('formId', 'form-that-was-deleted'));
    const form = workshopForm(page);
    await fillWorkshopForm(form, 'ada+404@example.com');
    await form.getByRole('button', { name: 'Send application' }).click();
    await expect.poll(() => form.getByRole('alert').first().textContent()).toBe(FORM_MESSAGES.notConfigured);
    // unlocked, values kept, the notice has the focus
    expect(await form.getByRole('button', { name: 'Send application' }).isEnabled()).toBe(true);
    expect(await form.getByLabel('Email address').inputValue()).toBe('ada+404@example.com');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');
  });

  it('a value the edge refuses: 400 with field errors shown above each field, both notices, focus on the field', async () => {
    const { page } = await visitorPage();
    await openHydrated(page, workshops());
    await rewriteSave(page, (body) => {
      const values = JSON.parse(body.get('form')!) as Record<string, unknown>;
      values['w-level'] = 'Expert';
      values['w-email'] = 'ada@localhost';
      body.set('form', JSON.stringify(values));
    });
    const form = workshopForm(page);
    await fillWorkshopForm(form, 'ada+400@example.com');
    const answer = page.waitForResponse((r) => r.url().includes('SaveFormSubmission'));
    await form.getByRole('button', { name: 'Send application' }).click();
    expect((await answer).status()).toBe(400);
    await expect.poll(() => form.getByRole('alert').first().textContent()).toBe(FORM_MESSAGES.problemTop);
    expect(await form.getByText(FORM_MESSAGES.problemBottom).isVisible()).toBe(true);
    expect(await form.getByText(FIELD_MESSAGES.choice('How would you describe your experience?')).isVisible()).toBe(true);
    expect(await form.getByText(FIELD_MESSAGES.email('Email address')).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('form-workshops-b4-w-email');
    expect(await form.getByRole('radiogroup', { name: /How would you describe your experience/ }).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('a crumb that went stale (the cookie expired): the edge answers crumbFail, the request layer takes the new crumb and retries once', async () => {
    const { page } = await visitorPage();
    await openHydrated(page, workshops());
    const statuses: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/form/')) statuses.push(`${new URL(r.url()).pathname} ${r.status()}`);
    });
    // the crumb cookie has gone (expired, cleared) since the page was loaded: the edge issues a new one
    await page.context().clearCookies({ name: 'crumb' });
    const form = workshopForm(page);
    await fillWorkshopForm(form, 'ada+crumb@example.com');
    await form.getByRole('button', { name: 'Send application' }).click();
    await page.getByText('Thank you for applying.').waitFor();
    expect(statuses).toEqual(['/api/form/FormSubmissionKey 403', '/api/form/FormSubmissionKey 200', '/api/form/SaveFormSubmission 200']);
    await newest(fernwoodOwner, FERNWOOD, 'form-workshop', 'ada+crumb@example.com');
  });

  it('the rate limit reached: §8’s 429 message once the address has spent its budget', async () => {
    const { page } = await visitorPage();
    await openHydrated(page, `${server.origin(FERNWOOD)}/contact`);
    const form = contactForm(page);
    const send = async (n: number) => {
      const answer = page.waitForResponse((r) => r.url().includes('SaveFormSubmission'));
      await sendContact(form, `ada+rate${n}@example.com`, `Message ${n}`);
      return (await answer).status();
    };
    for (let n = 1; n <= 10; n++) {
      expect(await send(n)).toBe(200);
      // each success hides the form: a new page view for the next message
      await openHydrated(page, `${server.origin(FERNWOOD)}/contact`);
    }
    expect(await send(11)).toBe(429);
    await expect.poll(() => form.getByRole('alert').first().textContent()).toBe(FORM_MESSAGES.rateLimited);
  });
});

describe('§8 messages for every other outcome', () => {
  const CASES: [string, (route: Route) => Promise<void>, string][] = [
    ['401', (r) => r.fulfill({ status: 401, json: { error: 'Unauthorized request' } }), FORM_MESSAGES.unauthorized],
    ['500', (r) => r.fulfill({ status: 500, json: { error: 'boom' } }), FORM_MESSAGES.serverError],
    ['another status with the server’s text', (r) => r.fulfill({ status: 409, json: { error: 'Already received.' } }), 'Already received.'],
    ['another status without text', (r) => r.fulfill({ status: 418, body: 'teapot' }), FORM_MESSAGES.unknown],
    ['no answer (the network)', (r) => r.abort('failed'), FORM_MESSAGES.unknown],
  ];
  it.each(CASES)('%s', async (_name, answer, message) => {
    const { page } = await visitorPage();
    await openHydrated(page, `${server.origin(FERNWOOD)}/contact`);
    await page.route('**/api/form/SaveFormSubmission*', answer);
    const form = contactForm(page);
    await sendContact(form, 'ada@example.com', 'Hello');
    await expect.poll(() => form.getByRole('alert').first().textContent()).toBe(message);
  });

  it('a key call whose answer holds no key is a failure', async () => {
    const { page } = await visitorPage();
    await openHydrated(page, `${server.origin(FERNWOOD)}/contact`);
    await page.route('**/api/form/FormSubmissionKey*', (r) => r.fulfill({ status: 200, json: {} }));
    let saves = 0;
    page.on('request', (r) => (saves += r.url().includes('SaveFormSubmission') ? 1 : 0));
    const form = contactForm(page);
    await sendContact(form, 'ada@example.com', 'Hello');
    await expect.poll(() => form.getByRole('alert').first().textContent()).toBe(FORM_MESSAGES.unknown);
    expect(saves).toBe(0);
  });

  it('an exception in the page: the client-exception message', async () => {
    const { page } = await visitorPage();
    await openHydrated(page, `${server.origin(FERNWOOD)}/contact`);
    // FormData itself fails, as a broken page script might make it
    await page.evaluate(() => {
      (window as unknown as { FormData: unknown }).FormData = class {
        constructor() {
          throw new TypeError('FormData is broken');
        }
      };
    });
    const form = contactForm(page);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => form.getByRole('alert').first().textContent()).toBe(FORM_MESSAGES.clientException);
  });
});

describe('the workshops form without JavaScript', () => {
  it('posts every field type to the edge and comes back to the form with the success text; the owner reads the values', async () => {
    const { page } = await visitorPage({ javaScript: false });
    await page.goto(workshops('?source=letter'));
    const form = workshopForm(page);
    await fillWorkshopForm(form, 'ada+nojs@example.com');
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.isNavigationRequest()) requests.push(`${r.method()} ${r.url()}`);
    });
    await form.getByRole('button', { name: 'Send application' }).click();
    await page.getByText('Thank you for applying.').waitFor();
    expect(requests).toEqual([`POST ${server.origin(FERNWOOD)}/_forms/submit`, `GET ${workshops('?source=letter')}`]);
    expect(page.url()).toBe(`${workshops('?source=letter')}#form-workshops-b4`);
    expect(await page.getByText('Application received.').isVisible()).toBe(true);
    expectWorkshopValues(await newest(fernwoodOwner, FERNWOOD, 'form-workshop', 'ada+nojs@example.com'), 'ada+nojs@example.com', 'letter');
  });

  it('comes back with the §8 messages next to the fields, the values kept (but no password), the first field in error focused', async () => {
    const { page } = await visitorPage({ javaScript: false });
    await page.goto(workshops());
    const form = workshopForm(page);
    await fillWorkshopForm(form, 'not-an-address');
    await form.getByLabel('Which workshop would you like to join?').selectOption({ index: 0 });
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'GET' && r.url() === workshops()),
      form.getByRole('button', { name: 'Send application' }).click(),
    ]);
    await page.waitForLoadState('load');
    const after = workshopForm(page);
    expect(await after.getByRole('alert').first().textContent()).toBe(FORM_MESSAGES.problemTop);
    expect(await after.getByText(FIELD_MESSAGES.email('Email address')).isVisible()).toBe(true);
    expect(await after.getByText(FIELD_MESSAGES.required('Which workshop would you like to join?')).isVisible()).toBe(true);
    expect(await after.getByLabel('Email address').inputValue()).toBe('not-an-address');
    expect(await after.getByLabel('Last Name').inputValue()).toBe('Lovelace <b>');
    expect(await after.getByRole('checkbox', { name: 'Tripod' }).isChecked()).toBe(true);
    expect(await after.getByLabel('AM/PM').inputValue()).toBe('PM');
    expect(await after.getByLabel('Returning participant code').inputValue()).toBe('');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('form-workshops-b4-w-email');
    // no value in the URL; no fragment either, which would stop the browser's autofocus
    expect(page.url()).toBe(workshops());
  });
});

describe('the newsletter block', () => {
  const contact = () => `${server.origin(KETTLE)}/contact`;
  const newsletter = (page: Page) => page.getByRole('form', { name: 'The Kettle & Crumb letter' });

  it('signs up with JavaScript: the thank-you replaces the form; the owner reads the names and address', async () => {
    const { page, problems } = await visitorPage();
    await openHydrated(page, contact());
    const form = newsletter(page);
    await form.getByPlaceholder('Email Address').fill('nope');
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => form.getByText(FIELD_MESSAGES.email('Email Address')).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('k-email');
    await form.getByPlaceholder('First Name').fill('Nell');
    await form.getByPlaceholder('Last Name').fill('Reader');
    await form.getByPlaceholder('Email Address').fill('nell.reader@example.com');
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('status').filter({ hasText: 'Your first letter arrives' }).waitFor();
    expect(await form.isVisible()).toBe(false);
    const stored = await newest(kettleOwner, KETTLE, 'form-kettle-letter', 'nell.reader@example.com');
    expect(stored.values).toEqual({ 'k-name': { First: 'Nell', Last: 'Reader' }, 'k-email': 'nell.reader@example.com' });
    expect(problems).toEqual([]);
  });

  it('signs up without JavaScript', async () => {
    const { page } = await visitorPage({ javaScript: false });
    await page.goto(contact());
    const form = newsletter(page);
    await form.getByPlaceholder('Email Address').fill('plain.reader@example.com');
    await form.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Your first letter arrives').waitFor();
    expect(page.url()).toBe(`${contact()}#form-contact-b2`);
    await newest(kettleOwner, KETTLE, 'form-kettle-letter', 'plain.reader@example.com');
  });

  it('runs no React until a visitor touches the form (its code only preloaded near the viewport); Enter pressed before it is awake is sent by the island', async () => {
    const { page, problems } = await visitorPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    // the island's chunk is held back until the visitor has sent the form
    let arrive!: () => void;
    const held = new Promise<void>((resolve) => (arrive = resolve));
    await page.route(/\/client\/island-newsletter-[A-Z0-9]+\.js/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(contact());
    const form = newsletter(page);
    await form.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    const island = page.locator('site-island[data-island="newsletter"]');
    expect(await island.getAttribute('data-island-state')).toBeNull();
    // fetched ahead (issue 28 §2) but only as <link rel=modulepreload>: nothing of the island or React has run
    const preloaded = await page.$$eval('link[rel=modulepreload]', (links) =>
      links.map((l) => new URL((l as HTMLLinkElement).href).pathname),
    );
    expect(preloaded.some((href) => href.includes('island-newsletter-'))).toBe(true);
    const islandScripts = scripts.filter((s) => s.includes('island-') || (s.includes('chunk-') && !s.includes('/site-')));
    expect(islandScripts.filter((s) => !preloaded.includes(s))).toEqual([]);
    // the first touch wakes it
    await form.getByPlaceholder('First Name').fill('Enid');
    expect(await island.getAttribute('data-island-state')).toBe('loading');
    await form.getByPlaceholder('Last Name').fill('Early');
    await form.getByPlaceholder('Email Address').fill('enid.early@example.com');
    await form.getByPlaceholder('Email Address').press('Enter');
    // held while the island loads: no post without script, the page stays
    await page.waitForTimeout(300);
    expect(page.url()).toBe(contact());
    arrive();
    await page.getByRole('status').filter({ hasText: 'Your first letter arrives' }).waitFor();
    expect(await island.getAttribute('data-island-state')).toBe('hydrated');
    expect(page.url()).toBe(contact());
    const stored = await newest(kettleOwner, KETTLE, 'form-kettle-letter', 'enid.early@example.com');
    expect(stored.values).toEqual({ 'k-name': { First: 'Enid', Last: 'Early' }, 'k-email': 'enid.early@example.com' });
    expect(problems).toEqual([]);
  });

  it('sends a form whose island cannot load as a form without script: Enter before then still signs up', async () => {
    const { page } = await visitorPage();
    await page.route(/\/client\/island-newsletter-[A-Z0-9]+\.js/, (route) => route.abort());
    await page.goto(contact());
    const form = newsletter(page);
    await form.getByPlaceholder('First Name').fill('Fay');
    await form.getByPlaceholder('Last Name').fill('Lure');
    await form.getByPlaceholder('Email Address').fill('fay.lure@example.com');
    await form.getByPlaceholder('Email Address').press('Enter');
    await page.getByText('Your first letter arrives').waitFor();
    expect(page.url()).toBe(`${contact()}#form-contact-b2`);
    await newest(kettleOwner, KETTLE, 'form-kettle-letter', 'fay.lure@example.com');
  });

  it.each([true, false])(
    'takes the small-container style under 320 px (§9), measured in the browser (JavaScript %s)',
    async (javaScript) => {
      const { page } = await visitorPage({ width: 1280, javaScript });
      await page.goto(contact());
      const block = page.locator('.newsletter-block');
      const stacked = () => block.evaluate((b) => getComputedStyle(b.querySelector('.newsletter-fields')!).flexDirection === 'column');
      expect(await stacked()).toBe(false);
      // the parent at the limit, then under it: a container query, with nothing to wait for
      await block.evaluate((b) => (b.closest<HTMLElement>('.block')!.style.width = '320px'));
      expect(await stacked()).toBe(false);
      await block.evaluate((b) => (b.closest<HTMLElement>('.block')!.style.width = '319px'));
      expect(await stacked()).toBe(true);
      const submit = await block.getByRole('button', { name: 'Sign Up' }).boundingBox();
      const email = await block.getByPlaceholder('Email Address').boundingBox();
      expect(submit!.width).toBeCloseTo(email!.width, 0);
      // still asleep: looking at a form loads nothing
      expect(await page.locator('site-island[data-island="newsletter"]').getAttribute('data-island-state')).toBeNull();
    },
  );

  it.each([true, false])('unsubscribes (JavaScript %s): the owner sees the address has left', async (javaScript) => {
    const email = `leaving.${javaScript ? 'js' : 'plain'}@example.com`;
    const { page } = await visitorPage({ javaScript });
    await page.goto(contact());
    await newsletter(page).getByPlaceholder('Email Address').fill(email);
    await newsletter(page).getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Your first letter arrives').waitFor();
    await page.goto(`${server.origin(KETTLE)}/newsletter/unsubscribe?email=${encodeURIComponent(email)}`);
    expect(await page.getByLabel('Email address').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('You will no longer receive the Kettle & Crumb newsletter.').waitFor();
    expect(page.url()).toBe(`${server.origin(KETTLE)}/newsletter/unsubscribe`);
    const stored = await newest(kettleOwner, KETTLE, 'form-kettle-letter', email);
    expect(stored.unsubscribedAt).toMatch(/^\d{4}-/);
  });
});
