// Islands in the benchmark (issue 9 §4): for every kind of page with islands and a page without, the script a phone
// downloads before any interaction (gzip bytes, as it would come over the wire), Lighthouse mobile performance and
// total blocking time, and, on the gallery, the time from a click on "next" to the slide change once it has hydrated.
import { gzipSync } from 'node:zlib';
import { POPUP_STORAGE_KEY } from '../../shared/overlays.ts';
import { chromium, type Browser } from 'playwright-core';
import { lighthouse, type LighthouseScores } from './lighthouse.ts';

export interface IslandPage {
  name: string;
  host: string;
  path: string;
  /** the gallery whose "next" is clicked (a selector), for pages that have one */
  gallery?: string;
}

/**
 * Every kind of page with islands in the fixtures, one line each, and a page without (the reference, last). A kind of
 * page that gains islands (the store's, the visitor runtime's) joins with one line here.
 */
export const ISLAND_PAGES: IslandPage[] = [
  {
    name: 'gallery + lightbox images (fernwood /portfolio)',
    host: 'fernwood.localhost',
    path: '/portfolio',
    gallery: '#block-portfolio-b2',
  },
  { name: 'gallery slider (fernwood /exhibitions)', host: 'fernwood.localhost', path: '/exhibitions' },
  {
    name: 'image lightbox in an item (fernwood /journal/sunset-at-the-orientation-table)',
    host: 'fernwood.localhost',
    path: '/journal/sunset-at-the-orientation-table',
  },
  { name: 'summary carousel (trailhead /)', host: 'trailhead.localhost', path: '/' },
  { name: 'video (trailhead /community)', host: 'trailhead.localhost', path: '/community' },
  {
    name: 'video in an item (trailhead /films/the-edge-at-first-light)',
    host: 'trailhead.localhost',
    path: '/films/the-edge-at-first-light',
  },
  // forms: a form block, a newsletter block, and the popup overlay, which every fernwood page carries
  { name: 'form block, every field type (fernwood /workshops)', host: 'fernwood.localhost', path: '/workshops' },
  { name: 'newsletter block (kettle /contact)', host: 'kettle.localhost', path: '/contact' },
  { name: 'popup overlay only (fernwood /elsewhere)', host: 'fernwood.localhost', path: '/elsewhere' },
  // the store: a product's purchase panel, the shop list with quick view, the cart page, the donate page
  { name: 'product page (trailhead /shop/edale-waterproof-jacket)', host: 'trailhead.localhost', path: '/shop/edale-waterproof-jacket' },
  { name: 'shop list (trailhead /shop)', host: 'trailhead.localhost', path: '/shop' },
  { name: 'cart page, empty (trailhead /cart)', host: 'trailhead.localhost', path: '/cart' },
  { name: 'donate page (trailhead)', host: 'trailhead.localhost', path: '/commerce/donate?donatePageId=trail-fund' },
  // the visitor runtime's block islands: map and booking; likes, share and relative time on an item page (above)
  { name: 'map + restaurant booking (trailhead /visit-the-store)', host: 'trailhead.localhost', path: '/visit-the-store' },
  // only the site-wide runtime (no React): trailhead's pages all carry the cart badge now
  { name: 'static (kettle /)', host: 'kettle.localhost', path: '/' },
];

export interface IslandFigures {
  name: string;
  url: string;
  /** every script the page loads without an interaction, with its gzip size */
  scripts: { path: string; gzipBytes: number }[];
  scriptGzipBytes: number;
  /** ms from the click on next to the slide change, after hydration (median of 7) */
  nextClickMs?: number;
  nextClickRuns?: number[];
  /** why the next-click time could not be taken */
  nextClickError?: string;
  lighthouse?: LighthouseScores | { error: string };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const round = (n: number) => Number(n.toFixed(2));

const CHROME_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'];

/** A phone's first view: the scripts it fetches until the network is quiet, without touching the page. */
async function scriptsBeforeInteraction(browser: Browser, url: string): Promise<IslandFigures['scripts']> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const scripts: IslandFigures['scripts'] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    pending.push(
      res.body().then(
        (body) => void scripts.push({ path: new URL(res.url()).pathname, gzipBytes: gzipSync(body, { level: 9 }).length }),
        () => undefined,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  await Promise.all(pending);
  await context.close();
  return scripts.sort((a, b) => a.path.localeCompare(b.path));
}

/** Clicks next on a hydrated gallery and times, inside the page, the click's dispatch to the active slide changing. */
async function nextClick(browser: Browser, url: string, gallery: string, runs = 7): Promise<number[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // a visitor who signed up to the site-wide popup overlay before (§4): it stays hidden and takes no clicks
  await context.addInitScript(
    ([key]) => localStorage.setItem(key!, JSON.stringify({ version: 1000, submitted: true })),
    [POPUP_STORAGE_KEY],
  );
  const page = await context.newPage();
  await page.goto(url);
  await page.$eval(gallery, (el) => el.scrollIntoView({ block: 'center' }));
  await page.waitForSelector(`${gallery} site-island[data-island-state=hydrated]`, { state: 'attached', timeout: 30_000 });
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await page.$eval(
      gallery,
      (root) => {
        const w = window as unknown as { __next?: Promise<number> };
        const next = root.querySelector<HTMLButtonElement>('.gallery-next')!;
        const before = root.querySelector('.gallery-slide.is-active');
        w.__next = new Promise<number>((resolve) => {
          let clickedAt = 0;
          next.addEventListener('click', () => (clickedAt = performance.now()), { capture: true, once: true });
          const seen = new MutationObserver(() => {
            if (root.querySelector('.gallery-slide.is-active') === before || !clickedAt) return;
            seen.disconnect();
            resolve(performance.now() - clickedAt);
          });
          seen.observe(root, { subtree: true, attributes: true, attributeFilter: ['class'] });
        });
      },
      undefined,
    );
    await page.click(`${gallery} .gallery-next`);
    times.push(round(await page.evaluate(() => (window as unknown as { __next: Promise<number> }).__next)));
    // §4 refuses a move while the last one runs (up to 0.5 s)
    await page.waitForTimeout(700);
  }
  await context.close();
  return times;
}

/** The islands figures of every page, against the edge socket (assets first, as Cloudflare serves a browser). */
export async function measureIslands(edgePort: number, chrome: string, outDir: string, withLighthouse: boolean): Promise<IslandFigures[]> {
  const browser = await chromium.launch({ executablePath: chrome, args: CHROME_ARGS });
  const figures: IslandFigures[] = [];
  try {
    for (const page of ISLAND_PAGES) {
      const url = `http://${page.host}:${edgePort}${page.path}`;
      const scripts = await scriptsBeforeInteraction(browser, url);
      const entry: IslandFigures = { name: page.name, url, scripts, scriptGzipBytes: scripts.reduce((n, s) => n + s.gzipBytes, 0) };
      if (page.gallery) {
        // a failure here is recorded on the page, never the end of the whole run
        try {
          entry.nextClickRuns = await nextClick(browser, url, page.gallery);
          entry.nextClickMs = median(entry.nextClickRuns);
        } catch (error) {
          entry.nextClickError = String((error as Error).message ?? error).split('\n')[0];
        }
      }
      if (withLighthouse) {
        const slug = page.name.replace(/\W+/g, '-').replace(/-+$/, '');
        entry.lighthouse = await lighthouse(url, `${outDir}/islands-${slug}.json`, chrome).catch((error: unknown) => ({
          error: String(error),
        }));
      }
      figures.push(entry);
    }
  } finally {
    await browser.close();
  }
  return figures;
}
