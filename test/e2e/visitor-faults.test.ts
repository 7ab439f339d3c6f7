// Smaller visitor faults (issue 28 §3), in Debian's Chromium against wrangler dev: checkout without JavaScript places
// the order with one press, the shipping and the total it makes stated before the button; a UK site's form asks for a
// county, a postcode and one phone field, and takes them; an embed whose host cannot be reached shows its name and a
// link after the time-out instead of an empty box.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { fixtureFile } from './support/fixture-pages.ts';
import { EMBED_TIMEOUT_MS } from '../../worker/blocks/embed/embed-timeout.ts';
import { formIslandsHydrated, newVisitor, ownerContext, submissionsOf, watchProblems, workshopForm } from './support/forms.ts';

const TRAILHEAD = 'trailhead.localhost';
const FERNWOOD = 'fernwood.localhost';

let server: DevServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startDevServer(['trailhead', 'fernwood'].map(fixtureFile));
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

async function visitorPage(
  options: Parameters<typeof newVisitor>[1] = {},
): Promise<{ page: Page; context: BrowserContext; problems: string[] }> {
  const context = await newVisitor(browser, options);
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { page, context, problems: watchProblems(page) };
}

/** Adds the coffee (£9.50 a bag) to the cart with the product page's plain form, and opens checkout. */
async function checkoutWithCoffee(page: Page, bags: number): Promise<void> {
  await page.goto(`${server.origin(TRAILHEAD)}/shop/brew-room-house-blend-coffee`);
  await page.locator('.product-summary select').selectOption({ label: 'Cafetière' });
  await page.locator('.product-summary input[name=quantity]').fill(String(bags));
  await Promise.all([page.waitForURL((url) => url.pathname === '/cart'), page.locator('.product-summary .product-add-to-cart').click()]);
  await Promise.all([page.waitForURL((url) => url.pathname === '/checkout'), page.getByRole('link', { name: 'Checkout' }).click()]);
}

async function fillBuyer(page: Page): Promise<void> {
  await page.getByLabel('Email address').fill('bo@example.com');
  await page.getByLabel('First name').fill('Bo');
  await page.getByLabel('Last name').fill('Brewer');
  await page.getByLabel('Address line 1').fill('1 Station Road');
  await page.getByLabel('City').fill('Hathersage');
  await page.getByLabel('Postcode').fill('S32 1DD');
}

/** Whether `first` comes before `second` in the document. */
async function precedes(page: Page, first: string, second: string): Promise<boolean> {
  return page.evaluate(
    ([a, b]) => !!(document.querySelector(a)!.compareDocumentPosition(document.querySelector(b)!) & Node.DOCUMENT_POSITION_FOLLOWING),
    [first, second] as const,
  );
}

describe('checkout without JavaScript', () => {
  it('states the shipping and the total it makes before the button, and places the order with one press', async () => {
    const { page } = await visitorPage({ javaScript: false });
    await checkoutWithCoffee(page, 2);
    // priced for the site's own country (trailhead is a UK shop): its options, each with the order's total
    expect(await page.getByLabel('Country').inputValue()).toBe('GB');
    expect(await page.getByLabel(/UK standard delivery/).isChecked()).toBe(true);
    expect(await page.locator('label[for="shipping-uk-standard"]').textContent()).toContain('Order total £23.95');
    expect(await page.locator('label[for="shipping-uk-next-day"]').textContent()).toContain('Order total £27.95');
    expect(await page.locator('.commerce-shipping-note').textContent()).toContain('delivery to United Kingdom');
    expect(await precedes(page, '.commerce-shipping-options', '.commerce-place-order')).toBe(true);
    expect(await precedes(page, '.commerce-shipping-note', '.commerce-place-order')).toBe(true);
    await page.getByRole('button', { name: 'Place Order · £23.95' }).waitFor();
    await fillBuyer(page);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.isNavigationRequest() && r.method() === 'POST') posts.push(new URL(r.url()).pathname);
    });
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/commerce/order-confirmed'),
      page.getByRole('button', { name: 'Place Order · £23.95' }).click(),
    ]);
    expect(posts).toEqual(['/checkout']);
    const text = await page.locator('main').innerText();
    expect(text).toContain('Thank you for your order');
    expect(text).toContain('UK standard delivery');
    expect(text).toContain('£23.95');
  });

  it('names the total of the option chosen on the button, and charges it with one press', async () => {
    const { page } = await visitorPage({ javaScript: false });
    await checkoutWithCoffee(page, 2);
    await fillBuyer(page);
    await page.getByLabel(/UK next working day/).check();
    // the button follows the option checked, by CSS alone
    await page.getByRole('button', { name: 'Place Order · £27.95' }).waitFor();
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/commerce/order-confirmed'),
      page.getByRole('button', { name: 'Place Order · £27.95' }).click(),
    ]);
    const text = await page.locator('main').innerText();
    expect(text).toContain('UK next working day');
    expect(text).toContain('£27.95');
  });

  it('shows another country’s shipping and total before the order goes, as the page said it would', async () => {
    const { page } = await visitorPage({ javaScript: false });
    await checkoutWithCoffee(page, 2);
    await fillBuyer(page);
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('Postcode').fill('10001');
    await page.getByRole('button', { name: 'Place Order · £23.95' }).click();
    expect(await page.getByRole('alert').innerText()).toBe(
      'The total of your order is now £33.95. Please check your order and place it again.',
    );
    expect(await page.getByLabel(/International tracked delivery/).isChecked()).toBe(true);
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/commerce/order-confirmed'),
      page.getByRole('button', { name: 'Place Order · £33.95' }).click(),
    ]);
    expect(await page.locator('main').innerText()).toContain('International tracked delivery');
  });
});

describe('a UK site’s form', () => {
  for (const javaScript of [false, true]) {
    it(`asks for a county, a postcode and one phone number, and takes them (JavaScript ${javaScript})`, async () => {
      const { page, problems } = await visitorPage({ javaScript });
      await page.goto(`${server.origin(FERNWOOD)}/workshops`);
      if (javaScript) await formIslandsHydrated(page);
      const form = workshopForm(page);
      const phone = form.getByRole('group', { name: 'Phone number' });
      expect(await phone.getByRole('textbox').count()).toBe(1);
      expect(await phone.getByLabel('Phone Number').getAttribute('type')).toBe('tel');
      const address = form.getByRole('group', { name: 'Postal address' });
      const labels = await address.locator('label').allInnerTexts();
      expect(labels.map((l) => l.replace(/\s*\(optional\)$/, ''))).toEqual([
        'Address 1',
        'Address 2',
        'City',
        'County',
        'Postcode',
        'Country',
      ]);
      expect(labels).not.toContain('State');
      expect(labels).not.toContain('Zip Code');
      const email = `uk+${javaScript}@example.com`;
      await form.getByLabel('First Name').fill('Ada');
      await form.getByLabel('Last Name').fill('Lovelace');
      await form.getByLabel('Email address').fill(email);
      await phone.getByLabel('Phone Number').fill('015394 44000');
      await address.getByLabel('Address 1').fill('12 Lake Road');
      await address.getByLabel('City').fill('Staveley');
      await address.getByLabel('Postcode').fill('LA8 9NH');
      await address.getByLabel('Country').fill('United Kingdom');
      await form.getByRole('radio', { name: 'Confident with the basics' }).check();
      await form.getByLabel('Which workshop would you like to join?').selectOption({ index: 1 });
      await form.getByRole('button', { name: 'Send application' }).click();
      await page.getByText('Thank you for applying.').waitFor();
      const owner = await ownerContext(browser, server.origin(FERNWOOD), 'owner@fernwood.example');
      contexts.push(owner);
      const stored = (await submissionsOf(owner, server.origin(FERNWOOD), 'form-workshop')).find((s) => s.values['w-email'] === email);
      expect(stored?.values).toMatchObject({
        'w-phone': { Country: '', Areacode: '', Prefix: '', Line: '015394 44000' },
        'w-address': { Line1: '12 Lake Road', City: 'Staveley', State: '', Zip: 'LA8 9NH', Country: 'United Kingdom' },
      });
      expect(stored?.summary).toContain('015394 44000');
      expect(problems).toEqual([]);
    });
  }

  it('is refused a phone that is not a number, by the rules of one phone field', async () => {
    const { page } = await visitorPage({ javaScript: false });
    await page.goto(`${server.origin(FERNWOOD)}/workshops`);
    const form = workshopForm(page);
    await form.getByLabel('Phone Number').fill('ring the shop');
    await form.getByRole('button', { name: 'Send application' }).click();
    await page.getByText('Phone number must be a valid phone number.').waitFor();
  });
});

describe('an embed whose host cannot be reached', () => {
  it(`shows its name and a link to it once ${EMBED_TIMEOUT_MS / 1000} s have passed without the frame loading`, async () => {
    const { page, context } = await visitorPage({ cookieNoticeAnswered: true });
    // Komoot does not answer (the host is down, or a network swallows it): the frame never loads
    await context.route('https://www.komoot.com/**', () => undefined);
    // the frame that never answers holds the page's load event
    await page.goto(`${server.origin(TRAILHEAD)}/community`, { waitUntil: 'domcontentloaded' });
    const block = page.locator('.embed-block[data-provider-name="Komoot"]');
    await block.scrollIntoViewIfNeeded();
    const fallback = block.locator('.embed-fallback');
    const start = Date.now();
    await fallback.waitFor({ state: 'visible', timeout: EMBED_TIMEOUT_MS + 10_000 });
    expect(Date.now() - start).toBeGreaterThan(EMBED_TIMEOUT_MS - 1000);
    expect(await fallback.innerText()).toContain('Route map: Stanage Edge dawn walk');
    const link = fallback.getByRole('link', { name: /View it on Komoot/ });
    expect(await link.getAttribute('href')).toBe('https://www.komoot.com/tour/1948562201');
    // the link is what a pointer reaches, not the frame under it
    const box = (await link.boundingBox())!;
    expect(
      await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('a')?.className,
        [box.x + box.width / 2, box.y + box.height / 2],
      ),
    ).toBe('embed-fallback-link');
  });

  it('keeps the name and link out of sight when the frame loads', async () => {
    const { page, context } = await visitorPage({ cookieNoticeAnswered: true });
    await context.route('https://www.komoot.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>map</title><p>The route</p>' }),
    );
    await page.goto(`${server.origin(TRAILHEAD)}/community`);
    const block = page.locator('.embed-block[data-provider-name="Komoot"]');
    await block.scrollIntoViewIfNeeded();
    await expect.poll(() => block.getAttribute('data-embed')).toBe('loaded');
    await page.waitForTimeout(EMBED_TIMEOUT_MS + 500);
    expect(await block.locator('.embed-fallback').isVisible()).toBe(false);
  });
});
