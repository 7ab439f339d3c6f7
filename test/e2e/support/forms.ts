// Helpers of the visitor-form browser tests: visitors (each with an address of their own, so the edge's submission
// budget of one never limits another), the owner's view of submissions, and the fernwood workshops form filled in with
// a value for every field type.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { cookieNoticeAnsweredBefore, popupAlreadySignedUp } from './popup.ts';

let addresses = 0;

export interface VisitorOptions {
  javaScript?: boolean;
  width?: number;
  /** the visitor has signed up to fernwood's popup before: it stays hidden (showUntilSignup) */
  popupDone?: boolean;
  /** the visitor answered the cookie notice before (ss_cookieAllowed): it is not shown, and the popup does not wait */
  cookieNoticeAnswered?: boolean;
}

/** A new visitor: their own context and client address. */
export async function newVisitor(
  browser: Browser,
  { javaScript = true, width = 1280, popupDone = true, cookieNoticeAnswered = false }: VisitorOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    javaScriptEnabled: javaScript,
    extraHTTPHeaders: { 'CF-Connecting-IP': `198.51.100.${++addresses}` },
  });
  if (popupDone) await popupAlreadySignedUp(context);
  if (cookieNoticeAnswered) await cookieNoticeAnsweredBefore(context);
  return context;
}

/** Script errors and console errors (hydration mismatches, CSP refusals) of a page, to assert there are none. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // a status the test forced is the network's news, not the page's fault
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) problems.push(`console: ${message.text()}`);
  });
  return problems;
}

/** An owner's context, logged in through /login, for GET /api/form/Submissions. */
export async function ownerContext(browser: Browser, origin: string, email: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct-horse-battery');
  await Promise.all([page.waitForURL((url) => url.pathname === '/config/'), page.getByRole('button', { name: 'Log In' }).click()]);
  await page.close();
  return context;
}

export interface StoredSubmission {
  id: string;
  values: Record<string, unknown>;
  summary: string;
  objectName: string;
  isOverlayForm: boolean;
  unsubscribedAt?: string | null;
}

/** The owner's submissions of a form, newest first, read in the owner's browser (which resolves *.localhost). */
export async function submissionsOf(owner: BrowserContext, origin: string, formId: string): Promise<StoredSubmission[]> {
  const page = await owner.newPage();
  try {
    await page.goto(`${origin}/robots.txt`);
    const answer = await page.evaluate(async (url) => {
      const res = await fetch(url, { headers: { Accept: 'application/json' } });
      return { status: res.status, body: (await res.json()) as { submissions: unknown[] } };
    }, `/api/form/Submissions?formId=${formId}`);
    expect(answer.status).toBe(200);
    return answer.body.submissions as StoredSubmission[];
  } finally {
    await page.close();
  }
}

/** The workshops form on its page. */
export const workshopForm = (page: Page): Locator => page.getByRole('form', { name: 'Apply for a spring 2027 workshop' });

/** Every field type of the workshops form, filled as a visitor would; `email` tells this submission apart. */
export async function fillWorkshopForm(form: Locator, email: string): Promise<void> {
  await form.getByLabel('First Name').fill('Ada');
  await form.getByLabel('Last Name').fill('Lovelace <b>');
  await form.getByLabel('Email address').fill(email);
  // fernwood is a UK site (en-GB): one phone field, a county and a postcode (shared/address-rules.ts)
  await form.getByLabel('Phone Number').fill('+44 20 7946 0000');
  await form.getByLabel('Portfolio or website').fill('ada.example.com/work');
  await form.getByLabel('Address 1').fill('12 Lake Road');
  await form.getByLabel('City', { exact: true }).fill('Staveley');
  await form.getByLabel('County').fill('Cumbria');
  await form.getByLabel('Postcode').fill('LA8 9NH');
  await form.getByLabel('Country', { exact: true }).fill('United Kingdom');
  await form.getByLabel('How many years have you been photographing?').fill('3');
  await form.getByRole('radio', { name: 'Confident with the basics' }).check();
  await form.getByRole('checkbox', { name: 'Tripod' }).check();
  await form.getByRole('checkbox', { name: 'Filters' }).check();
  const statements = form.locator('fieldset.form-likert-question');
  await statements.nth(0).getByRole('radio', { name: 'Strongly Agree' }).check();
  await statements.nth(1).getByRole('radio', { name: 'Neutral' }).check();
  await statements.nth(2).getByRole('radio', { name: 'Disagree', exact: true }).check();
  await form.getByLabel('What would you like to get out of the day?').fill('Learn to see fog & still water');
  await form.getByLabel('How did you hear about the workshops?').fill('A friend');
  await form.getByLabel('Which workshop would you like to join?').selectOption({ index: 1 });
  await form.getByLabel('Month', { exact: true }).fill('5');
  await form.getByLabel('Day', { exact: true }).fill('16');
  await form.getByLabel('Year', { exact: true }).fill('2027');
  await form.getByLabel('Hour', { exact: true }).fill('7');
  await form.getByLabel('Minute', { exact: true }).fill('30');
  await form.getByLabel('AM/PM').selectOption('PM');
  await form.getByLabel('Returning participant code').fill('hunter2-code');
}

/** What the owner reads back of a workshops application filled by fillWorkshopForm. */
export function expectWorkshopValues(stored: StoredSubmission, email: string, source: string): void {
  expect(stored.values).toMatchObject({
    'w-name': { First: 'Ada', Last: 'Lovelace <b>' },
    'w-email': email,
    'w-phone': { Country: '', Areacode: '', Prefix: '', Line: '+44 20 7946 0000' },
    'w-website': 'ada.example.com/work',
    'w-address': { Line1: '12 Lake Road', Line2: '', City: 'Staveley', State: 'Cumbria', Zip: 'LA8 9NH', Country: 'United Kingdom' },
    'w-years': '3',
    'w-level': 'Confident with the basics',
    'w-kit': ['Tripod', 'Filters'],
    'w-agree': [2, 0, -1],
    'w-hopes': 'Learn to see fog & still water',
    'w-heard': 'A friend',
    'w-alt-date': { Month: '5', Day: '16', Year: '2027' },
    'w-arrival': { Hour: '7', Minute: '30', Second: '', Ampm: 'PM' },
    'w-code': '__MASKED_FIELD__',
    source,
  });
  expect(typeof stored.values['w-workshop']).toBe('string');
  expect(stored.summary).toContain('Name: Ada Lovelace &lt;b&gt;');
  expect(JSON.stringify(stored)).not.toContain('hunter2-code');
}

/**
 * Wakes every form and newsletter island (they wake on the first touch of their form: here a focus arriving in its
 * first field, told as the event the loader listens for, since an open popup may hold the page's real focus) and waits
 * for every island of the page to hydrate. forms.test.ts wakes one with a visitor's own focus and keys.
 */
export async function formIslandsHydrated(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const island of document.querySelectorAll<HTMLElement>('site-island[data-island="form"], site-island[data-island="newsletter"]')) {
      island.firstElementChild?.scrollIntoView();
      island.querySelector('input:not([type="hidden"]), textarea, select')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    }
  });
  await page.waitForFunction(() =>
    [...document.querySelectorAll('site-island')].every((i) => (i as HTMLElement).dataset.islandState === 'hydrated'),
  );
}

/** fernwood's contact form on /contact. */
export const contactForm = (page: Page): Locator => page.getByRole('form', { name: 'Write to me' });

/** The contact form filled as a visitor would; `email` tells this submission apart. */
export async function fillContact(form: Locator, email: string, message: string): Promise<void> {
  await form.getByLabel('First Name').fill('Ada');
  await form.getByLabel('Last Name').fill('Lovelace');
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Message').fill(message);
}
