// The image block sized from what it measures (§2 Image block, §9 Breakpoints and Text sizing), in Chromium against
// wrangler dev on fernwood: narrow below 415 px of its own width whatever its column span, and its text shrunk until
// its longest word fits (11 px at least, 100 ms after a resize), marked at 13 px or less; the page-quality checks on
// a page whose titles had to shrink.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SiteSnapshot } from '../../shared/snapshot/schema.ts';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { fixtureFile, publishVariant } from './support/fixture-pages.ts';
import { newVisitor } from './support/forms.ts';
import { NO_FINDINGS, surfaceQuality } from './support/surface-quality.ts';

const FERNWOOD = 'fernwood.localhost';
/** fernwood with long single words in the titles of its home page's card and of a workshops poster */
const LONGWORDS = 'longwords.localhost';
const MEDIUM_WORD = 'Naturschutzgebietsverwaltungsfortbildungsangebote';
const LONG_WORD = 'Donaudampfschifffahrtselektrizitätenhauptbetriebswerkbauunterbeamtengesellschaft';

let server: DevServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

type Block = { id: string; data: Record<string, unknown> };
const blockOf = (site: SiteSnapshot, id: string) =>
  site.pages.flatMap((p) => (p.layout?.blocks ?? []) as unknown as Block[]).find((b) => b.id === id)!;

beforeAll(async () => {
  const records = await publishVariant('fernwood', 'longwords', (site) => {
    blockOf(site, 'home-b3').data.title = MEDIUM_WORD;
    blockOf(site, 'home-b1').data.title = LONG_WORD;
  });
  server = await startDevServer([fixtureFile('fernwood')], { records });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});

async function visit(host: string, path: string, width = 1280): Promise<Page> {
  const context = await newVisitor(browser, { cookieNoticeAnswered: true });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.setViewportSize({ width, height: 900 });
  await page.goto(server.origin(host) + path);
  return page;
}

/** The block's measured width and whether it is marked narrow, once its island has sized it. */
async function measured(page: Page, blockId: string): Promise<{ width: number; narrow: boolean }> {
  const root = page.locator(`#block-${blockId} .image-block`);
  await page.locator(`#block-${blockId} .image-block[data-fitted]`).waitFor({ state: 'attached' });
  return root.evaluate((el) => ({ width: el.getBoundingClientRect().width, narrow: el.classList.contains('is-narrow') }));
}

interface TextSize {
  px: number;
  natural: number;
  mark: string | null;
  /** the widest word is no wider than the box, measured without breaking words */
  fits: boolean;
}

async function titleSize(page: Page, blockId: string): Promise<TextSize> {
  await page.locator(`#block-${blockId} .image-block[data-fitted]`).waitFor({ state: 'attached' });
  return page.locator(`#block-${blockId} .image-block-title`).evaluate((el: HTMLElement) => {
    const px = Number.parseFloat(getComputedStyle(el).fontSize);
    el.style.overflowWrap = 'normal';
    const fits = el.scrollWidth <= el.clientWidth;
    el.style.overflowWrap = '';
    const inline = el.style.fontSize;
    el.style.fontSize = '';
    const natural = Number.parseFloat(getComputedStyle(el).fontSize);
    el.style.fontSize = inline;
    return { px, natural, mark: el.dataset.textSize ?? null, fits };
  });
}

describe('the image block’s narrow style', () => {
  it('comes from its measured width under 415 px, not its column span', async () => {
    // a span-6 image with a caption in a journal post's column: the server's guess from the span says wide, it measures
    // narrow (an inline image without words gets no island: narrow or not, it looks the same)
    const page = await visit(FERNWOOD, '/journal/looking-down-figs-and-the-overhead-shot');
    const served = await page.evaluate(() => fetch(location.href).then((r) => r.text()));
    const servedClass = /id="block-j-looking-down-b2"[^>]*>(?:<!--\$-->)?<figure class="([^"]*)"/.exec(served)?.[1];
    expect(servedClass).toContain('image-block');
    expect(servedClass).not.toContain('is-narrow');
    const post = await measured(page, 'j-looking-down-b2');
    expect(post.width).toBeLessThan(415);
    expect(post.narrow).toBe(true);
  });

  it('follows the block as the window changes, 100 ms after it stops', async () => {
    // a span-5 card on the home page measures just under 415 px at 1280 px: narrow, as its span would not say
    const page = await visit(FERNWOOD, '/');
    const card = await measured(page, 'home-b3');
    expect(card.width).toBeLessThan(415);
    expect(card.narrow).toBe(true);
    // the card stacks: its text under its image
    const [media, text] = await Promise.all(
      ['.image-block-media', '.image-block-text'].map((s) => page.locator(`#block-home-b3 ${s}`).boundingBox()),
    );
    expect(text!.y).toBeGreaterThanOrEqual(media!.y + media!.height - 1);
    // the poster across the page is wide, and narrow once the window is a phone's
    expect(await measured(page, 'home-b1')).toMatchObject({ narrow: false });
    await page.setViewportSize({ width: 400, height: 900 });
    await expect.poll(() => measured(page, 'home-b1')).toMatchObject({ narrow: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => measured(page, 'home-b1')).toMatchObject({ narrow: false });
  });
});

describe('text shrink in image blocks', () => {
  it('shrinks a title whose word does not fit until it does, above 13 px without a mark', async () => {
    const page = await visit(LONGWORDS, '/');
    const card = await titleSize(page, 'home-b3');
    expect(card.fits).toBe(true);
    expect(card.px).toBeLessThan(card.natural);
    expect(card.px).toBeGreaterThan(13);
    expect(card.mark).toBeNull();
    // the same block on the fixture's own words is left as it is
    const plain = await visit(FERNWOOD, '/');
    const own = await titleSize(plain, 'home-b3');
    expect(own.px).toBe(own.natural);
  });

  it('stops at 11 px and marks the text at its minimum; a word that still does not fit is broken, nothing overflows', async () => {
    const page = await visit(LONGWORDS, '/', 390);
    const poster = await titleSize(page, 'home-b1');
    expect(poster.px).toBe(11);
    expect(poster.mark).toBe('min');
    const overflow = await page.locator('#block-home-b1 .image-block-title').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // back on a wide window the title grows again, 100 ms after the resize
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(async () => (await titleSize(page, 'home-b1')).px).toBeGreaterThan(11);
  });

  it('passes the page-quality checks with its titles shrunk', async () => {
    const page = await visit(LONGWORDS, '/');
    await titleSize(page, 'home-b3');
    expect(await surfaceQuality(page)).toEqual(NO_FINDINGS);
  });
});
