// A gallery's caption laid over its slide (§9 Gallery: a caption overlay taller than 90% of the gallery is capped at
// 40% of its height), in a real Chromium against wrangler dev: fernwood's slideshow, half as wide and cropped wide,
// with one slide whose title and excerpt fill more than its height.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { startDevServer, type DevServer } from './support/dev-server.ts';
import { publishVariant } from './support/fixture-pages.ts';
import { wakeAndWait } from './support/islands.ts';
import { popupAlreadySignedUp } from './support/popup.ts';

const HOST = 'fernwide.localhost';
const SLIDESHOW = '#block-portfolio-b2 .gallery';
const LONG_TITLE =
  `Towards the Vega de Ario, day two: ${'beech woods, limestone, cattle bells and the long path over the pass, '.repeat(5)}`.slice(0, 400);

let server: DevServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  const records = await publishVariant('fernwood', 'fernwide', (site) => {
    const gallery = site.collections.find((c) => c.id === 'gallery-basque')!;
    const first = gallery.items[0]!;
    first.title = LONG_TITLE;
    first.excerpt = '<p>Two days of walking from Covadonga, with the lakes behind us and the refuge ahead.</p>';
    const block = site.pages.find((p) => p.urlId === 'portfolio')!.layout.blocks.find((b) => b.id === 'portfolio-b2')!;
    // half the page wide and cropped wide: the long caption wraps to more lines than the slide is tall
    block.span = 6;
    (block.data as Record<string, unknown>).imageAspectRatio = 2.5;
  });
  server = await startDevServer(['fixtures/sites/fernwood.json'], { records });
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

async function portfolio(viewport: { width: number; height: number }): Promise<Page> {
  context = await browser.newContext({ viewport });
  await popupAlreadySignedUp(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${server.origin(HOST)}/portfolio`);
  // the gallery hydrates at the visitor's first touch
  await wakeAndWait(page, '#block-portfolio-b2 site-island[data-island=gallery]');
  return page;
}

interface Caption {
  /** the caption's own height, capped or not */
  content: number;
  shown: number;
  slide: number;
  maxHeight: string;
  overflow: string;
  tabIndex: string | null;
}

const caption = (page: Page, slideId: string): Promise<Caption> =>
  page.$eval(`${SLIDESHOW} .gallery-slide[data-slide-id="${slideId}"]`, (slide) => {
    const meta = slide.querySelector<HTMLElement>('.gallery-slide-meta')!;
    const style = getComputedStyle(meta);
    return {
      content: meta.scrollHeight,
      shown: meta.getBoundingClientRect().height,
      slide: slide.querySelector<HTMLElement>('.gallery-slide-media')!.offsetHeight,
      maxHeight: style.maxHeight,
      overflow: style.overflowY,
      tabIndex: meta.getAttribute('tabindex'),
    };
  });

describe('GET /portfolio: a slideshow whose caption overlay is taller than 90% of the gallery', () => {
  it('caps that caption at 40% of the gallery’s height, scrollable and reachable by keyboard; a short one is left alone', async () => {
    const page = await portfolio({ width: 1280, height: 900 });
    await expect.poll(() => caption(page, 'gb-1').then((c) => c.maxHeight), { timeout: 5000 }).not.toBe('none');
    const long = await caption(page, 'gb-1');
    expect(long.content).toBeGreaterThan(long.slide * 0.9);
    expect(long.maxHeight).toBe(`${Math.round(long.slide * 0.4)}px`);
    expect(Math.abs(long.shown - Math.round(long.slide * 0.4))).toBeLessThanOrEqual(1);
    expect(long.overflow).toBe('auto');
    expect(long.tabIndex).toBe('0');

    const short = await caption(page, 'gb-2');
    expect(short.content).toBeLessThan(short.slide * 0.9);
    expect(short.maxHeight).toBe('none');
    expect(short.tabIndex).toBeNull();
  });

  it('leaves the caption uncapped on a phone, where it sits below the image instead of over it', async () => {
    const page = await portfolio({ width: 390, height: 844 });
    // the island has hydrated and measured: a cap would be in place by now
    await page.waitForTimeout(500);
    const long = await caption(page, 'gb-1');
    expect(long.maxHeight).toBe('none');
    expect(long.tabIndex).toBeNull();
  });
});
