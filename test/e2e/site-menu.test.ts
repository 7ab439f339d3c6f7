// The main navigation on a phone, in Chromium against wrangler dev: at 390 px it folds into a Menu button (a real
// disclosure: expanded state, aria-controls, Escape closes it and gives the focus back) that works with a pointer, the
// keyboard and without JavaScript; a logged-in owner's Escape closes the menu before it goes anywhere; at 1280 px the
// navigation is the usual row, its folder a disclosure the keyboard opens too.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.ts';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { fixtureFile, OWNER } from './support/fixture-pages.ts';
import { newVisitor, ownerContext, watchProblems } from './support/forms.ts';
import { measureOverflow } from './support/overflow.ts';
import { popupAlreadySignedUp } from './support/popup.ts';

let server: DevServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startDevServer(['fernwood', 'kettle'].map(fixtureFile));
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
}, 30_000);

async function visitorPage(options: { width: number; javaScript?: boolean }): Promise<Page> {
  const context = await newVisitor(browser, { width: options.width, javaScript: options.javaScript ?? true });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

const menuButton = (page: Page) => page.locator('header.site-header').getByRole('button', { name: 'Menu' });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main', includeHidden: true });

/** What the browser tells assistive technology about a button: its expanded state, from Chromium's accessibility tree. */
async function expandedState(page: Page, name: string): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = (await cdp.send('DOM.getDocument', { depth: 0 })) as { root: { nodeId: number } };
    const { nodes } = (await cdp.send('Accessibility.queryAXTree', { nodeId: root.nodeId, accessibleName: name, role: 'button' })) as {
      nodes: { properties?: { name: string; value: { value: unknown } }[] }[];
    };
    expect(nodes.length, `one button named ${name}`).toBe(1);
    const expanded = nodes[0]!.properties?.find((p) => p.name === 'expanded');
    return expanded === undefined ? undefined : expanded.value.value === true;
  } finally {
    await cdp.detach();
  }
}

describe('the main navigation at 390 px', () => {
  it('is closed at first: a Menu button controlling the navigation, and a header of one row', async () => {
    const page = await visitorPage({ width: 390 });
    const problems = watchProblems(page);
    await page.goto(`${server.origin('kettle.localhost')}/`);
    const button = menuButton(page);
    await expect(button.isVisible()).resolves.toBe(true);
    const navId = await mainNav(page).getAttribute('id');
    expect(navId).toBeTruthy();
    await expect(button.getAttribute('aria-controls')).resolves.toBe(navId);
    expect(await expandedState(page, 'Menu')).toBe(false);
    await expect(mainNav(page).isVisible()).resolves.toBe(false);
    await expect(mainNav(page).getByRole('link', { name: 'About' }).isVisible()).resolves.toBe(false);
    // the title and the button share one row: the content starts right below it
    const header = await page.locator('header.site-header').boundingBox();
    expect(header!.height).toBeLessThan(90);
    expect((await page.evaluate(measureOverflow)).scrollOverflow).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
  });

  it('opens on a tap, shows every destination and takes the visitor to the one chosen', async () => {
    const page = await visitorPage({ width: 390 });
    await page.goto(`${server.origin('fernwood.localhost')}/`);
    await menuButton(page).click();
    await expect(mainNav(page).isVisible()).resolves.toBe(true);
    expect(await expandedState(page, 'Menu')).toBe(true);
    for (const name of ['Home', 'Journal', 'Photographs', 'Portfolio', 'Workshops', 'About', 'Contact']) {
      await expect(mainNav(page).getByRole('link', { name, exact: true }).isVisible(), name).resolves.toBe(true);
    }
    // the folder opens in place
    await mainNav(page).getByText('More', { exact: true }).click();
    await expect(mainNav(page).getByRole('link', { name: 'Newsletter archive' }).isVisible()).resolves.toBe(true);
    // axe finds nothing serious in the open menu, its folder open too
    expect(await seriousAxeViolations(page)).toEqual([]);
    // the open menu covers the phone's screen and fits it
    const box = await mainNav(page).boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390 });
    expect((await page.evaluate(measureOverflow)).scrollOverflow).toBeLessThanOrEqual(0);
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/letters'),
      mainNav(page).getByRole('link', { name: 'Newsletter archive' }).click(),
    ]);
    // a new page starts with the menu closed
    await expect(mainNav(page).isVisible()).resolves.toBe(false);
    // Close closes it too
    await menuButton(page).click();
    await mainNav(page).getByRole('button', { name: 'Close' }).click();
    await expect(mainNav(page).isVisible()).resolves.toBe(false);
  });

  it('works from the keyboard: Enter opens it with the focus inside, Tab walks it, Escape closes it and returns the focus', async () => {
    const page = await visitorPage({ width: 390 });
    await page.goto(`${server.origin('fernwood.localhost')}/journal`);
    await menuButton(page).focus();
    await page.keyboard.press('Enter');
    await expect(mainNav(page).isVisible()).resolves.toBe(true);
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    expect(await focused()).toBe('Close');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Home');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Journal');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-current'))).resolves.toBe('page');
    await page.keyboard.press('Escape');
    await expect(mainNav(page).isVisible()).resolves.toBe(false);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('site-menu-button');
    expect(await expandedState(page, 'Menu')).toBe(false);
    // Space opens it as well; the folder opens with Enter and its links follow in the tab order
    await page.keyboard.press(' ');
    await expect(mainNav(page).isVisible()).resolves.toBe(true);
    await mainNav(page).getByText('More', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Exhibitions');
  });

  it('works without JavaScript: the button opens and closes it and its links lead on', async () => {
    const page = await visitorPage({ width: 390, javaScript: false });
    await page.goto(`${server.origin('fernwood.localhost')}/`);
    await expect(mainNav(page).isVisible()).resolves.toBe(false);
    await menuButton(page).click();
    await expect(mainNav(page).isVisible()).resolves.toBe(true);
    await mainNav(page).getByRole('button', { name: 'Close' }).click();
    await expect(mainNav(page).isVisible()).resolves.toBe(false);
    await menuButton(page).click();
    await Promise.all([page.waitForURL((url) => url.pathname === '/about'), mainNav(page).getByRole('link', { name: 'About' }).click()]);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBeTruthy();
  });

  it("closes on a logged-in owner's Escape instead of leaving for the editor", async () => {
    const owner = await ownerContext(browser, server.origin(OWNER.host), OWNER.email);
    contexts.push(owner);
    await popupAlreadySignedUp(owner);
    const page = await owner.newPage();
    await page.setViewportSize({ width: 390, height: 900 });
    // noredirect: the owner looks at the live page itself, where the site's keys are loaded
    await page.goto(`${server.origin(OWNER.host)}/about?noredirect`);
    // the site-wide runtime has started (it holds the owner's Escape chain, loaded with it or on the first key)
    await page.waitForFunction(() => document.documentElement.dataset.siteRuntime === 'ready');
    await menuButton(page).click();
    await expect(mainNav(page).isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(mainNav(page).isVisible()).resolves.toBe(false);
    // and nothing else: no navigation to the editor follows
    await page.waitForTimeout(750);
    expect(new URL(page.url()).pathname).toBe('/about');
    // with the menu closed, Escape goes on to the editor as before
    await Promise.all([page.waitForURL((url) => url.pathname === '/config/'), page.keyboard.press('Escape')]);
  });
});

describe('the main navigation at 1280 px', () => {
  it('is one row of links with no Menu button, and its folder opens from the keyboard', async () => {
    const page = await visitorPage({ width: 1280 });
    await page.goto(`${server.origin('fernwood.localhost')}/`);
    await expect(menuButton(page).isVisible()).resolves.toBe(false);
    await expect(mainNav(page).getByRole('button', { name: 'Close' }).isVisible()).resolves.toBe(false);
    const tops = new Set<number>();
    for (const name of ['Home', 'Journal', 'Photographs', 'Portfolio', 'Workshops', 'About', 'Contact']) {
      const link = mainNav(page).getByRole('link', { name, exact: true });
      await expect(link.isVisible(), name).resolves.toBe(true);
      tops.add(Math.round((await link.boundingBox())!.y));
    }
    expect(tops.size).toBe(1);
    const folder = mainNav(page).getByText('More', { exact: true });
    await expect(mainNav(page).getByRole('link', { name: 'Exhibitions' }).isVisible()).resolves.toBe(false);
    await folder.focus();
    await page.keyboard.press('Enter');
    await expect(mainNav(page).getByRole('link', { name: 'Exhibitions' }).isVisible()).resolves.toBe(true);
    await expect(folder.evaluate((summary) => (summary.parentElement as HTMLDetailsElement).open)).resolves.toBe(true);
    // the dropdown lies over the page below the header, in one column
    const first = (await mainNav(page).getByRole('link', { name: 'Exhibitions' }).boundingBox())!;
    const second = (await mainNav(page).getByRole('link', { name: 'Archive', exact: true }).boundingBox())!;
    expect(second.y).toBeGreaterThan(first.y);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
