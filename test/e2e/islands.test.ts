// Islands in a real Chromium against wrangler dev (issue 9): every gallery design driven as a visitor would (next and
// previous at the ends with and without loop, thumbnails, keys, autoplay and its pauses, nomotion, swipes, a deep
// link, history writes), the lightbox (open, move, Escape, a click outside, focus back, themes), the image block's
// lightbox, one video at a time, the summary carousel, a chunk that fails, React loaded once, no script on a page
// without islands, and the page-quality checks with the lightbox open.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AxeResults } from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { wake } from './support/islands.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { checkHtmlFiles, formatMessage } from './support/html-checker.ts';
import { cookieNoticeAnsweredBefore, popupAlreadySignedUp } from './support/popup.ts';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let server: DevServer;
let browser: Browser;
let context: BrowserContext | undefined;
/** script errors and console errors (hydration mismatches, CSP refusals, failed chunks) of the current test */
let problems: string[] = [];
/** URLs the current test's page requested under /client/ */
let clientRequests: string[] = [];

beforeAll(async () => {
  server = await startDevServer(['fixtures/sites/fernwood.json', 'fixtures/sites/trailhead.json', 'fixtures/sites/kettle.json']);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
}, 30_000);

afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function open(
  site: string,
  path: string,
  options: { viewport?: { width: number; height: number }; touch?: boolean; clock?: boolean } = {},
): Promise<Page> {
  context = await browser.newContext({ viewport: options.viewport ?? DESKTOP, hasTouch: options.touch ?? false });
  await popupAlreadySignedUp(context);
  const page = await context.newPage();
  problems = [];
  clientRequests = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/client/'))
      clientRequests.push(new URL(request.url()).pathname + new URL(request.url()).search);
  });
  page.setDefaultTimeout(15_000);
  if (options.clock) await page.clock.install();
  await page.goto(`${server.origin(`${site}.localhost`)}${path}`);
  return page;
}

/**
 * Wakes the island of `name` in `scope` (or around it) as a visitor's first touch does (a React island waits for one),
 * then waits until it has hydrated (its element carries the loader's state).
 */
async function hydrated(page: Page, scope: string, name = 'gallery'): Promise<void> {
  const island = `${scope} site-island[data-island=${name}], site-island[data-island=${name}]:has(${scope})`;
  await wake(page, island);
  await page.waitForSelector(
    `${scope} site-island[data-island=${name}][data-island-state=hydrated], site-island[data-island=${name}][data-island-state=hydrated] ${scope}`,
    {
      state: 'attached',
    },
  );
}

const active = (page: Page, gallery: string) =>
  page.$eval(`${gallery} .gallery-slide.is-active`, (el) => (el as HTMLElement).dataset.slideId);
/** waits for the gallery's motion to end (§4 refuses moves while it lasts; §9 transitions take up to 0.5 s) */
const settle = (page: Page) => page.waitForTimeout(650);

/** Counts the named events the element at `selector` fires from now on. */
async function countEvents(page: Page, selector: string, names: string[]): Promise<() => Promise<Record<string, number>>> {
  await page.$eval(
    selector,
    (el, names) => {
      const seen: Record<string, number> = {};
      (window as unknown as { __seen: Record<string, number> }).__seen = seen;
      for (const name of names) el.addEventListener(name, () => (seen[name] = (seen[name] ?? 0) + 1));
    },
    names,
  );
  return () => page.evaluate(() => ({ ...(window as unknown as { __seen: Record<string, number> }).__seen }));
}

const SLIDESHOW = '#block-portfolio-b2 .gallery';
const GRID = '#block-portfolio-b8 .gallery';

describe('the slideshow (fernwood /portfolio: slideshow design, loop, thumbnails, historyHash)', () => {
  it('moves with next and previous, comes round at both ends, and the thumbnails jump to a slide', async () => {
    const page = await open('fernwood', '/portfolio');
    await hydrated(page, '#block-portfolio-b2');
    expect(await page.$eval(SLIDESHOW, (el) => (el as HTMLElement).dataset.galleryKind)).toBe('stacked');
    expect(await active(page, SLIDESHOW)).toBe('gb-1');
    await page.click(`${SLIDESHOW} .gallery-prev`);
    expect(await active(page, SLIDESHOW)).toBe('gb-4');
    expect(await page.$eval(SLIDESHOW, (el) => (el as HTMLElement).dataset.direction)).toBe('rev');
    await settle(page);
    await page.click(`${SLIDESHOW} .gallery-next`);
    expect(await active(page, SLIDESHOW)).toBe('gb-1');
    expect(await page.$eval(SLIDESHOW, (el) => (el as HTMLElement).dataset.direction)).toBe('fwd');
    await settle(page);
    await page.click(`${SLIDESHOW} .gallery-thumbnails li:nth-child(3) a`);
    expect(await active(page, SLIDESHOW)).toBe('gb-3');
    expect(await page.$eval(`${SLIDESHOW} .gallery-thumbnails li:nth-child(3) a`, (a) => a.getAttribute('aria-current'))).toBe('true');
    // only the slide on show can be reached; the live region says where the visitor is
    expect(await page.$$eval(`${SLIDESHOW} .gallery-slide[inert]`, (els) => els.length)).toBe(3);
    expect(await page.$eval(`${SLIDESHOW} [aria-live]`, (el) => el.textContent)).toContain('Slide 3 of 4');
    expect(problems).toEqual([]);
  });

  it('refuses a change while it is in motion', async () => {
    const page = await open('fernwood', '/portfolio');
    await hydrated(page, '#block-portfolio-b2');
    await page.$eval(`${SLIDESHOW} .gallery-next`, (button) => {
      (button as HTMLButtonElement).click();
      (button as HTMLButtonElement).click();
    });
    expect(await active(page, SLIDESHOW)).toBe('gb-2');
  });

  it('writes the slide back to history as {collection fullUrl}{slide URL}', async () => {
    const page = await open('fernwood', '/portfolio');
    await hydrated(page, '#block-portfolio-b2');
    await page.click(`${SLIDESHOW} .gallery-next`);
    await page.waitForURL((url) => url.pathname === '/gallery-basque-mountains/gb-2');
    await settle(page);
    await page.click(`${SLIDESHOW} .gallery-next`);
    await page.waitForURL((url) => url.pathname === '/gallery-basque-mountains/gb-3');
  });

  it('opens the slide a deep link names: #itemId=… by id or URL, or the gallery’s own key', async () => {
    let page = await open('fernwood', '/portfolio#itemId=gb-4');
    await hydrated(page, '#block-portfolio-b2');
    await expect.poll(() => active(page, SLIDESHOW)).toBe('gb-4');
    await context!.close();
    page = await open('fernwood', '/portfolio#portfolio-b2=gb-3');
    await hydrated(page, '#block-portfolio-b2');
    await expect.poll(() => active(page, SLIDESHOW)).toBe('gb-3');
  });

  it('moves with the arrow keys, but not while typing and not when the gallery is off screen', async () => {
    const page = await open('fernwood', '/portfolio');
    await hydrated(page, '#block-portfolio-b2');
    await page.$eval(SLIDESHOW, (el) => el.scrollIntoView({ block: 'center' }));
    await page.keyboard.press('ArrowRight');
    expect(await active(page, SLIDESHOW)).toBe('gb-2');
    await settle(page);
    await page.keyboard.press('ArrowLeft');
    expect(await active(page, SLIDESHOW)).toBe('gb-1');
    await settle(page);
    // typing in a field: the arrows belong to the field
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.id = 'typing';
      input.setAttribute('aria-label', 'Notes');
      document.querySelector('#block-portfolio-b1')!.append(input);
    });
    await page.focus('#typing');
    await page.keyboard.press('ArrowRight');
    expect(await active(page, SLIDESHOW)).toBe('gb-1');
    await page.$eval('#typing', (el) => el.remove());
    // off screen: far below it
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(100);
    await page.keyboard.press('ArrowRight');
    expect(await active(page, SLIDESHOW)).toBe('gb-1');
  });

  it('goes to the next slide when a finger swipes left, and back when it swipes right', async () => {
    const page = await open('fernwood', '/portfolio', { viewport: PHONE, touch: true });
    await hydrated(page, '#block-portfolio-b2');
    const swipe = (dx: number) =>
      page.$eval(
        `${SLIDESHOW} .gallery-track`,
        (track, dx) => {
          const r = track.getBoundingClientRect();
          const y = r.top + r.height / 2;
          const x0 = r.left + r.width / 2;
          const fire = (type: string, x: number) =>
            track.dispatchEvent(
              new PointerEvent(type, { pointerType: 'touch', pointerId: 7, isPrimary: true, clientX: x, clientY: y, bubbles: true }),
            );
          fire('pointerdown', x0);
          fire('pointermove', x0 + dx / 2);
          fire('pointermove', x0 + dx);
          fire('pointerup', x0 + dx);
        },
        dx,
      );
    await swipe(-120);
    expect(await active(page, SLIDESHOW)).toBe('gb-2');
    await settle(page);
    await swipe(120);
    expect(await active(page, SLIDESHOW)).toBe('gb-1');
    await settle(page);
    // a short, slow drag is not a swipe
    await swipe(-6);
    expect(await active(page, SLIDESHOW)).toBe('gb-1');
  });
});

describe('galleries that stop at their ends', () => {
  it('carousel (trailhead /visit-the-store): a group at a time, next disabled at the last group, reachedEnd past it', async () => {
    const page = await open('trailhead', '/visit-the-store');
    const gallery = '.gallery-design-carousel';
    await page.$eval(gallery, (el) => el.scrollIntoView({ block: 'center' }));
    await hydrated(page, '.gallery-design-carousel');
    const events = await countEvents(page, gallery, ['reachedEnd', 'reachedBeginning']);
    expect(await page.$eval(`${gallery} .gallery-prev`, (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await page.click(`${gallery} .gallery-next`);
    // 5 slides, 3 per row: the last group starts at the third slide
    expect(await page.$eval(`${gallery} .gallery-slide.is-active`, (el) => (el as HTMLElement).dataset.index)).toBe('2');
    expect(await page.$eval(`${gallery} .gallery-next`, (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await settle(page);
    await page.focus(`${gallery} .gallery-track`);
    await page.keyboard.press('ArrowRight');
    expect((await events()).reachedEnd).toBe(1);
    expect(await page.$eval(`${gallery} .gallery-track`, (t) => t.scrollLeft)).toBeGreaterThan(100);
    await page.keyboard.press('ArrowLeft');
    await settle(page);
    await page.keyboard.press('ArrowLeft');
    expect((await events()).reachedBeginning).toBe(1);
    expect(problems).toEqual([]);
  });

  it('carousel on a phone: two per row at most, so more groups', async () => {
    const page = await open('trailhead', '/visit-the-store', { viewport: PHONE });
    const gallery = '.gallery-design-carousel';
    await page.$eval(gallery, (el) => el.scrollIntoView({ block: 'center' }));
    await hydrated(page, gallery);
    await page.click(`${gallery} .gallery-next`);
    expect(await page.$eval(`${gallery} .gallery-slide.is-active`, (el) => (el as HTMLElement).dataset.index)).toBe('2');
    expect(await page.$eval(`${gallery} .gallery-next`, (b) => (b as HTMLButtonElement).disabled)).toBe(false);
  });

  it('strip (fernwood /exhibitions: slider design): previous disabled at the start, the current slide held in the middle', async () => {
    const page = await open('fernwood', '/exhibitions');
    const gallery = '.gallery-design-slider';
    await page.$eval(gallery, (el) => el.scrollIntoView({ block: 'center' }));
    await hydrated(page, gallery);
    expect(await page.$eval(gallery, (el) => (el as HTMLElement).dataset.galleryKind)).toBe('strip');
    expect(await page.$eval(`${gallery} .gallery-prev`, (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    for (let i = 0; i < 3; i++) {
      await page.click(`${gallery} .gallery-next`);
      await settle(page);
    }
    expect(await active(page, gallery)).toBe('ph-picos');
    const offCentre = await page.$eval(gallery, (g) => {
      const track = g.querySelector('.gallery-track')!.getBoundingClientRect();
      const slide = g.querySelector('.gallery-slide.is-active')!.getBoundingClientRect();
      return Math.abs(slide.left + slide.width / 2 - (track.left + track.width / 2));
    });
    expect(offCentre).toBeLessThan(4);
    expect(problems).toEqual([]);
  });
});

describe('autoplay (trailhead /trail-fund: stacked design, every 4 s)', () => {
  it('moves by itself, pauses while the mouse is over it, and the arrow keys leave it alone', async () => {
    const page = await open('trailhead', '/trail-fund');
    const gallery = '.gallery-design-stacked';
    await page.$eval(gallery, (el) => el.scrollIntoView({ block: 'center' }));
    await hydrated(page, gallery);
    expect(await page.$eval(gallery, (el) => (el as HTMLElement).dataset.galleryKind)).toBe('base');
    const first = await active(page, gallery);
    await page.keyboard.press('ArrowRight');
    expect(await active(page, gallery)).toBe(first);
    await expect.poll(() => active(page, gallery), { timeout: 6_000 }).not.toBe(first);
    const hovered = await active(page, gallery);
    await page.hover(`${gallery} .gallery-stage`);
    await page.waitForTimeout(5_000);
    expect(await active(page, gallery)).toBe(hovered);
    await page.mouse.move(5, 5);
    await expect.poll(() => active(page, gallery), { timeout: 6_000 }).not.toBe(hovered);
  });

  it('stays still with ?nomotion=true, and when the visitor pauses it', async () => {
    let page = await open('trailhead', '/trail-fund?nomotion=true');
    const gallery = '.gallery-design-stacked';
    await page.$eval(gallery, (el) => el.scrollIntoView({ block: 'center' }));
    await hydrated(page, gallery);
    expect(await page.$$eval(`${gallery} .gallery-pause`, (b) => b.length)).toBe(0);
    await page.mouse.move(5, 5);
    await page.waitForTimeout(5_000);
    expect(await active(page, gallery)).toBe('wg-1');
    await context!.close();
    page = await open('trailhead', '/trail-fund');
    await page.$eval(gallery, (el) => el.scrollIntoView({ block: 'center' }));
    await hydrated(page, gallery);
    await page.click(`${gallery} .gallery-pause`);
    expect(await page.$eval(`${gallery} .gallery-pause`, (b) => b.getAttribute('aria-pressed'))).toBe('true');
    await page.mouse.move(5, 5);
    const paused = await active(page, gallery);
    await page.waitForTimeout(5_000);
    expect(await active(page, gallery)).toBe(paused);
  });
});

describe('the lightbox', () => {
  it('opens over the grid (fernwood /portfolio, light theme): overlay, content, close button in turn; moves; Escape and a click outside close it; focus comes back', async () => {
    const page = await open('fernwood', '/portfolio');
    await page.$eval(GRID, (el) => el.scrollIntoView({ block: 'center' }));
    await hydrated(page, '#block-portfolio-b8');
    const opener = `${GRID} .gallery-slide:nth-child(2) a`;
    await page.click(opener);
    const dialog = page.locator('dialog.lightbox[open]');
    await dialog.waitFor();
    expect(await dialog.getAttribute('class')).toContain('is-overlay');
    expect(await dialog.getAttribute('class')).toContain('lightbox-light');
    expect(await page.$eval('body', (b) => b.classList.contains('lightbox-open'))).toBe(true);
    expect(await dialog.getAttribute('aria-label')).toBe('Still Water gallery');
    await expect.poll(() => dialog.getAttribute('class')).toContain('is-content');
    await expect.poll(() => dialog.getAttribute('class')).toContain('is-controls');
    // focus is inside the dialog, the page behind is inert
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
    const title = () => page.$eval('.lightbox .lightbox-title', (el) => el.textContent);
    const first = await title();
    const position = () => page.$eval('.lightbox .lightbox-position', (el) => el.textContent);
    expect(await position()).toBe('2 / 6');
    // §9: the arrow keys act at most once per 200 ms
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await position()).toBe('3 / 6');
    expect(await title()).not.toBe(first);
    await page.waitForTimeout(250);
    await page.keyboard.press('ArrowLeft');
    expect(await title()).toBe(first);
    await page.click('.lightbox-next');
    await page.click('.lightbox-previous');
    expect(await position()).toBe('2 / 6');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.$eval('body', (b) => b.classList.contains('lightbox-open'))).toBe(false);
    expect(await page.evaluate((s) => document.activeElement === document.querySelector(s), opener)).toBe(true);
    // a click outside the image (at the overlay's edge) closes it too
    await page.click(opener);
    await dialog.waitFor();
    await page.mouse.click(640, 12);
    await dialog.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });

  it('is a set that loops on desktop: next from the last image shows the first', async () => {
    const page = await open('fernwood', '/portfolio');
    await page.$eval(GRID, (el) => el.scrollIntoView({ block: 'center' }));
    await hydrated(page, '#block-portfolio-b8');
    await page.click(`${GRID} .gallery-slide:last-child a`);
    const position = () => page.$eval('.lightbox .lightbox-position', (el) => el.textContent);
    expect(await position()).toBe('6 / 6');
    await page.click('.lightbox-next');
    expect(await position()).toBe('1 / 6');
  });

  it('opens from the image block with its title and description, dark theme (hydrated on the first click)', async () => {
    const page = await open('fernwood', '/portfolio');
    const block = '#block-portfolio-b4';
    await page.$eval(block, (el) => el.scrollIntoView({ block: 'center' }));
    expect(await page.$eval(`${block} site-island`, (el) => (el as HTMLElement).dataset.islandState ?? 'none')).toBe('none');
    await page.click(`${block} .image-block-lightbox`);
    const dialog = page.locator('dialog.lightbox[open]');
    await dialog.waitFor();
    expect(await dialog.getAttribute('class')).toContain('lightbox-dark');
    expect(await page.$eval('.lightbox .lightbox-title', (el) => el.textContent)).toBe('Urbia, 21 October');
    expect(await page.$eval('.lightbox .lightbox-description', (el) => el.textContent)).toBe(
      'Leaf litter under the trees at Urbia, in the same week the larches turned at home.',
    );
    // the page stayed (the link to the full-size file was not followed), its hash naming the lightbox (§2, §4)
    expect(page.url()).toMatch(/\/portfolio#lightbox=portfolio-b4$/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/portfolio$/);
    expect(problems).toEqual([]);
  });

  it('passes the page-quality checks while open: axe at 390 and 1280 px, the Nu checker on the document', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lightbox-html-'));
    try {
      const files: string[] = [];
      for (const viewport of [DESKTOP, PHONE]) {
        const page = await open('fernwood', '/portfolio', { viewport });
        await page.$eval(GRID, (el) => el.scrollIntoView({ block: 'center' }));
        await hydrated(page, '#block-portfolio-b8');
        await page.click(`${GRID} .gallery-slide:nth-child(3) a`);
        await page.locator('dialog.lightbox[open].is-controls').waitFor();
        // the document as it is with the lightbox open, before axe adds its own script to it
        const file = join(dir, `lightbox-${viewport.width}.html`);
        writeFileSync(file, `<!DOCTYPE html>${await page.evaluate(() => document.documentElement.outerHTML)}`);
        files.push(file);
        await page.addScriptTag({ content: AXE_SOURCE });
        const results = (await page.evaluate(() =>
          (window as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<unknown> } }).axe.run(document, {
            resultTypes: ['violations'],
          }),
        )) as AxeResults;
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await context!.close();
        context = undefined;
      }
      const report = await checkHtmlFiles(files);
      for (const file of files) expect((report.get(file) ?? []).map(formatMessage), file).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('every design comes alive without errors', () => {
  it.each([
    ['fernwood', '/portfolio', 'slideshow'],
    ['fernwood', '/portfolio', 'grid'],
    ['trailhead', '/trail-fund', 'stacked'],
    ['trailhead', '/visit-the-store', 'carousel'],
    ['fernwood', '/exhibitions', 'slider'],
    ['fernwood', '/exhibitions', 'autogrid'],
    ['trailhead', '/trip-photos', 'autocolumns'],
    ['kettle', '/about', 'list'],
  ])('%s %s: the %s design', async (site, path, design) => {
    const page = await open(site, path);
    const gallery = `.gallery-design-${design}`;
    await page.$eval(gallery, (el) => el.scrollIntoView({ block: 'center' }));
    // a laid-out gallery without a lightbox waits for an interaction
    await page.hover(`${gallery} .gallery-slide`);
    await page.mouse.down();
    await page.mouse.up();
    await hydrated(page, gallery);
    expect(await page.$eval(gallery, (el) => el.classList.contains('is-live'))).toBe(true);
    if (['grid', 'autogrid', 'autocolumns'].includes(design)) {
      await page.locator('dialog.lightbox[open]').waitFor();
      await page.keyboard.press('Escape');
    }
    expect(problems).toEqual([]);
  });
});

describe('videos', () => {
  it('play one at a time (trailhead /screenings): a gallery video slide sends the video block back to its poster', async () => {
    const page = await open('trailhead', '/screenings');
    const block = '#block-screenings-b4';
    await page.$eval(block, (el) => el.scrollIntoView({ block: 'center' }));
    await page.click(`${block} .video-play`);
    await page.locator(`${block} .video-embed iframe`).waitFor({ state: 'attached' });
    expect(await page.$eval(`${block} .video-block`, (el) => (el as HTMLElement).dataset.state)).toBe('playing');
    expect(await page.$eval(`${block} .video-embed iframe`, (f) => f.getAttribute('src'))).toContain('autoplay=1');
    const gallery = '#block-screenings-b2 .gallery';
    await page.$eval(gallery, (el) => el.scrollIntoView({ block: 'center' }));
    await hydrated(page, '#block-screenings-b2');
    const slide = await active(page, gallery);
    await page.click(`${gallery} .gallery-slide.is-active .gallery-slide-media`);
    await page.locator(`${gallery} .gallery-slide-video iframe`).waitFor({ state: 'attached' });
    expect(await page.$eval(`${block} .video-block`, (el) => (el as HTMLElement).dataset.state)).toBe('overlay');
    // its player is kept behind the poster, paused (§4, §7: video-fonts-follow.test.ts) and out of reach
    expect(await page.$eval(`${block} .video-embed`, (el) => el.hasAttribute('inert'))).toBe(true);
    // autoplay (random order, every 6 s) is off while a video plays
    await page.mouse.move(5, 5);
    await page.waitForTimeout(7_000);
    expect(await active(page, gallery)).toBe(slide);
  });
});

describe('the summary carousel (trailhead home)', () => {
  it('moves a group at a time and disables previous at the start', async () => {
    const page = await open('trailhead', '/');
    const block = '.summary-design-carousel';
    await page.$eval(block, (el) => el.scrollIntoView({ block: 'center' }));
    await hydrated(page, block, 'summary');
    const previous = `${block} .summary-control[aria-label="Previous items"]`;
    const next = `${block} .summary-control[aria-label="Next items"]`;
    expect(await page.$eval(previous, (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await page.click(next);
    await expect.poll(() => page.$eval(`${block} .summary-track`, (t) => t.scrollLeft)).toBeGreaterThan(100);
    expect(await page.$eval(previous, (b) => (b as HTMLButtonElement).disabled)).toBe(false);
    expect(problems).toEqual([]);
  });
});

describe('loading', () => {
  it('loads React once for a page with several islands, and only the site-wide runtime on a page without one', async () => {
    let page = await open('fernwood', '/portfolio');
    await hydrated(page, '#block-portfolio-b2');
    await page.click('#block-portfolio-b4 .image-block-lightbox');
    await page.locator('dialog.lightbox[open]').waitFor();
    const chunks = clientRequests.filter((u) => u.includes('chunk-'));
    expect(new Set(chunks).size).toBe(chunks.length);
    expect(clientRequests.filter((u) => u.includes('island-gallery'))).toHaveLength(1);
    await context!.close();
    page = await open('kettle', '/');
    await page.waitForLoadState('load');
    await page.waitForTimeout(500);
    // the site-wide visitor runtime (its entry and the chunk it imports), no island chunk and no React
    expect(clientRequests.length).toBeGreaterThan(0);
    for (const u of clientRequests) expect(u).toMatch(/\/client\/site-(chunk-)?[A-Z0-9]{8}\.js$/);
    expect(await page.$$eval('script[type=module]', (s) => s.map((e) => (e as HTMLScriptElement).src))).toEqual([
      expect.stringMatching(/\/client\/site-[A-Z0-9]{8}\.js$/),
    ]);
  });

  it('brings a page whose only island is the cart badge to life without React', async () => {
    const page = await open('trailhead', '/about');
    await page.waitForSelector('site-island[data-island="cart-badge"][data-island-state=hydrated]', { state: 'attached' });
    expect(clientRequests.some((u) => /\/client\/island-cart-badge-[A-Z0-9]{8}\.js$/.test(u))).toBe(true);
    // every script the page loaded, read back: none is React (react-dom's production build names its error pages)
    const bodies = await page.evaluate((urls) => Promise.all(urls.map((u) => fetch(u).then((r) => r.text()))), clientRequests);
    expect(bodies.filter((b) => b.includes('react.dev/errors'))).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('brings an item page with likes, share buttons, relative times and the popup overlay to life without React', async () => {
    const page = await open('fernwood', '/journal/a-jetty-in-fog');
    // (image-fit: the plain island that sizes the post's captioned image from its width)
    const names = ['like-button', 'share-buttons', 'relative-time', 'popup-overlay', 'image-fit'];
    for (const name of names) {
      await page.waitForSelector(`site-island[data-island="${name}"][data-island-state=hydrated]`, { state: 'attached' });
    }
    expect(new Set(await page.$$eval('site-island', (all) => all.map((i) => i.getAttribute('data-island'))))).toEqual(new Set(names));
    // alive: the like button is enabled and the copy button is there
    expect(await page.locator('.like-button').isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Copy link' }).count()).toBe(1);
    const bodies = await page.evaluate((urls) => Promise.all(urls.map((u) => fetch(u).then((r) => r.text()))), clientRequests);
    expect(bodies.filter((b) => b.includes('react.dev/errors'))).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('downloads each module once on a page with the runtime, islands and the popup, its signup and the dialogs', async () => {
    // what each built file holds, as the build wrote it beside the manifest (scripts/build-client.mjs)
    const held = JSON.parse(readFileSync(join('worker', 'generated', 'client-modules.json'), 'utf8')) as Record<string, string[]>;
    context = await browser.newContext({ viewport: DESKTOP });
    // a first-time visitor who answered the cookie notice: the popup overlay opens over the page
    await cookieNoticeAnsweredBefore(context);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname + new URL(r.url()).search));
    await page.goto(`${server.origin('fernwood.localhost')}/portfolio`);
    const popup = page.getByRole('dialog', { name: 'Letters from Fernwood' });
    await popup.waitFor();
    // the signup comes to life with React; the popup closes through the page's dialogs; a lightbox opens
    await popup.getByPlaceholder('Email Address').focus();
    await page.waitForSelector('.commerce-popup-signup[data-island-state=hydrated]', { state: 'attached' });
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'hidden' });
    await hydrated(page, '#block-portfolio-b2');
    await page.click('#block-portfolio-b4 .image-block-lightbox');
    await page.locator('dialog.lightbox[open]').waitFor();
    await page.waitForLoadState('networkidle');

    expect(new Set(scripts).size).toBe(scripts.length);
    const where = new Map<string, string[]>();
    for (const url of scripts) {
      expect(held[url], `${url} is a file of this build`).toBeDefined();
      for (const module of held[url]!) where.set(module, [...(where.get(module) ?? []), url]);
    }
    expect([...where].filter(([, files]) => files.length > 1)).toEqual([]);
    // what the runtime, the islands and the popup share came, once, and so did what each brings
    for (const module of [
      'client/page.ts',
      'client/lib/request.ts',
      'client/lib/dialogs.ts',
      'client/islands/loader.ts',
      'worker/overlays/popup-overlay.island.ts',
      'worker/overlays/popup-signup.client.tsx',
      'worker/blocks/gallery/gallery.island.tsx',
      'worker/blocks/button/button.island.ts',
      'node_modules/react-dom/cjs/react-dom-client.production.js',
    ]) {
      // (a path under node_modules is named as esbuild found it: through a linked node_modules, by its real path)
      const found = [...where].filter(([path]) => path === module || path.endsWith(`/${module}`));
      expect(
        found.map(([, files]) => files.length),
        module,
      ).toEqual([1]);
    }
  });

  it('retries a chunk that fails once, reports it after the second failure, and leaves the server HTML usable', async () => {
    context = await browser.newContext({ viewport: DESKTOP });
    await popupAlreadySignedUp(context);
    const page = await context.newPage();
    problems = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    let attempts = 0;
    let retries = 0;
    await page.route(/\/client\/island-gallery-[A-Z0-9]+\.js/, (route) => {
      attempts++;
      if (route.request().url().endsWith('?retry=1')) retries++;
      return route.abort();
    });
    await page.goto(`${server.origin('fernwood.localhost')}/portfolio`);
    await wake(page, '#block-portfolio-b2 site-island');
    await page.waitForSelector('#block-portfolio-b2 site-island[data-island-state=failed]', { state: 'attached' });
    // the first import (after a modulepreload of the same URL, which failed too) and one retry under another URL
    expect(attempts).toBeGreaterThanOrEqual(2);
    expect(retries).toBe(1);
    expect(problems.filter((p) => p === 'Loading chunk gallery failed.')).toHaveLength(1);
    // the thumbnails are still links to their slides
    await page.click(`${SLIDESHOW} .gallery-thumbnails li:nth-child(2) a`);
    await page.waitForURL((url) => url.hash === '#gallery-portfolio-b2-gb-2');
  });

  it('reports a chunk that never arrives after the 120 s time-out', async () => {
    context = await browser.newContext({ viewport: DESKTOP });
    await popupAlreadySignedUp(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.clock.install();
    await page.route(/\/client\/island-gallery-[A-Z0-9]+\.js/, () => {
      // never answered
    });
    // trailhead has no popup overlay over the gallery; only the gallery's chunk is held back
    await page.goto(`${server.origin('trailhead.localhost')}/trip-photos`);
    await wake(page, '#block-trip-photos-b2 site-island');
    await page.waitForSelector('#block-trip-photos-b2 site-island[data-island-state=loading]', { state: 'attached' });
    await page.clock.fastForward(119_000);
    expect(errors.filter((e) => e.includes('gallery'))).toEqual([]);
    await page.clock.fastForward(2_000);
    await expect.poll(() => errors.filter((e) => e.includes('gallery'))).toEqual(['Loading chunk gallery failed.']);
  });

  it.each([
    [
      'data that cannot be read',
      (html: string) => html.replace(/(<script type="application\/json" id="site-islands">)\{/, '$1{{'),
      'Error decoding gallery block data.',
    ],
    [
      'props that are not there',
      (html: string) => html.replace(/(<site-island data-island="gallery" data-when="[a-z]+" data-island-id=")\d+"/, '$199"'),
      'Error evaluating gallery block data.',
    ],
    [
      'an island with nothing in it',
      (html: string) => html.replace(/(<site-island data-island="gallery"[^>]*>)[\s\S]*?(<\/site-island>)/, '$1$2'),
      'Returning, no wrapper found.',
    ],
  ])('says so, in §8’s words, when a page carries %s, and leaves the page as it is', async (_what, spoil, message) => {
    context = await browser.newContext({ viewport: DESKTOP });
    await popupAlreadySignedUp(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    // trailhead has no popup overlay in front of the gallery (its cart badge is another island the data may spoil)
    const url = `${server.origin('trailhead.localhost')}/trip-photos`;
    await page.route(url, async (route) => {
      // fetched from Node, which does not resolve *.localhost: the server's address, with the site's host
      const response = await route.fetch({
        url: `http://127.0.0.1:${server.port}/trip-photos`,
        headers: { ...route.request().headers(), host: `trailhead.localhost:${server.port}` },
      });
      await route.fulfill({ response, body: spoil(await response.text()) });
    });
    await page.goto(url);
    await wake(page, '#block-trip-photos-b2 site-island');
    await page.waitForSelector('#block-trip-photos-b2 site-island[data-island-state=failed]', { state: 'attached' });
    expect(errors).toContain(message);
    expect(errors.filter((e) => !/block data\.|no wrapper found/.test(e))).toEqual([]);
  });
});
