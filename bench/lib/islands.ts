// Islands in the benchmark (issue 9 §4, issue 28 §2): for every kind of page with islands and a page without, the script
// a phone downloads before any interaction and the part of it that runs (gzip bytes, as it would come over the wire: a
// React island's chunks are preloaded, not run, until the first touch), whether React ran before it, Lighthouse mobile
// performance and total blocking time, the time from the first click on an island that has not hydrated to its visible
// response (on a desktop with the code preloaded, and on a phone's CPU and network emulated over CDP), and, on the
// gallery, the time from a click on "next" to the slide change once it has hydrated.
import { readFileSync } from 'node:fs';
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
  /**
   * the first click on an island that has not hydrated (a selector) and the visible response to wait for (a selector,
   * and the text of textFrom's element that it must show)
   */
  firstClick?: { target: string; response: string; textFrom?: string };
  /** a product page and option to put in the visitor's cart before the first click (the cart and checkout pages) */
  cart?: { product: string; option: string };
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
    firstClick: {
      target: '#block-portfolio-b2 .gallery-thumbnails li:nth-child(3) a',
      response: '#block-portfolio-b2 .gallery-slide.is-active[data-slide-id="gb-3"]',
    },
  },
  {
    name: 'gallery slider (fernwood /exhibitions)',
    host: 'fernwood.localhost',
    path: '/exhibitions',
    // the slide in view opens in the lightbox (next/previous appear once the slider has hydrated)
    firstClick: { target: '#block-exhibitions-b2 .gallery-slide.is-active .gallery-lightbox-link', response: 'dialog.lightbox[open]' },
  },
  {
    name: 'image lightbox in an item (fernwood /journal/sunset-at-the-orientation-table)',
    host: 'fernwood.localhost',
    path: '/journal/sunset-at-the-orientation-table',
    firstClick: { target: '.image-block-lightbox', response: 'dialog.lightbox[open]' },
  },
  { name: 'summary carousel (trailhead /)', host: 'trailhead.localhost', path: '/' },
  { name: 'video (trailhead /community)', host: 'trailhead.localhost', path: '/community' },
  {
    name: 'video in an item (trailhead /films/the-edge-at-first-light)',
    host: 'trailhead.localhost',
    path: '/films/the-edge-at-first-light',
  },
  // forms: a form block, a newsletter block, and the popup overlay, which every fernwood page carries
  // an empty submit: the island answers with the fields' errors (without script the browser posts and the page answers)
  {
    name: 'form block, every field type (fernwood /workshops)',
    host: 'fernwood.localhost',
    path: '/workshops',
    firstClick: { target: '.form-block .form-submit', response: '.form-block .form-field-error' },
  },
  {
    name: 'newsletter block (kettle /contact)',
    host: 'kettle.localhost',
    path: '/contact',
    firstClick: { target: '.newsletter-block .newsletter-submit', response: '.newsletter-block .form-field-error' },
  },
  { name: 'popup overlay only (fernwood /elsewhere)', host: 'fernwood.localhost', path: '/elsewhere' },
  // the store: a product's purchase panel, the shop list with quick view, the cart page, the donate page
  {
    name: 'product page (trailhead /shop/edale-waterproof-jacket)',
    host: 'trailhead.localhost',
    path: '/shop/edale-waterproof-jacket',
    // the purchase panel's add button: the island answers with its message (added, or which variant to choose)
    firstClick: {
      target: '.product-summary .product-add-to-cart',
      response: '.product-summary .product-purchase-message:is(.is-success, .is-error)',
    },
  },
  {
    name: 'shop list (trailhead /shop)',
    host: 'trailhead.localhost',
    path: '/shop',
    firstClick: { target: '.quick-view-button', response: 'dialog.quick-view[open]' },
  },
  // the cart and checkout: scripts and Lighthouse with the cart empty (a first view), the first click with one item in it
  {
    name: 'cart page (trailhead /cart)',
    host: 'trailhead.localhost',
    path: '/cart',
    cart: { product: '/shop/trailhead-enamel-mug', option: 'Cream' },
    // one more: the island answers at once (its buttons busy while the edge prices it, then "one fewer" enabled)
    firstClick: {
      target: '.commerce-line button[value^="increase:"]',
      response: '.commerce-line button[value^="increase:"][disabled], .commerce-line button[value^="decrease:"]:not([disabled])',
    },
  },
  {
    name: 'donate page (trailhead)',
    host: 'trailhead.localhost',
    path: '/commerce/donate?donatePageId=trail-fund',
    // the radio is checked by the browser at once; the island's answer is the button's total for that amount
    firstClick: {
      target: '.commerce-amount:nth-child(2) input[type=radio]',
      response: '.commerce-donate-form button[type=submit]',
      textFrom: '.commerce-amount:nth-child(2) label',
    },
  },
  {
    name: 'checkout (trailhead /checkout)',
    host: 'trailhead.localhost',
    path: '/checkout',
    cart: { product: '/shop/trailhead-enamel-mug', option: 'Cream' },
    // Place Order with nothing filled in: the island marks the fields it needs
    firstClick: { target: '.commerce-place-order', response: '.commerce-field.has-error' },
  },
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
  /** the part of scriptGzipBytes that ran before any interaction (a file only preloaded for an island that did not start is left out) */
  executedGzipBytes: number;
  /** whether React DOM's module was evaluated before any interaction (its devtools hook was called) */
  reactRan: boolean;
  /** ms from the first click on an island that had not hydrated to its visible response: desktop, code preloaded */
  firstClickMs?: number;
  /** the same on a phone: 4x CPU slowdown, 150 ms and 1.6 Mbit/s emulated over CDP, code preloaded */
  firstClickMobileMs?: number;
  firstClickError?: string;
  firstClickRuns?: number[];
  firstClickMobileRuns?: number[];
  /** ms from the click on next to the slide change, after hydration (median of 7) */
  nextClickMs?: number;
  nextClickRuns?: number[];
  /** why the next-click time could not be taken */
  nextClickError?: string;
  lighthouse?: LighthouseScores | { error: string };
  /** total blocking time of each Lighthouse run, lowest first (lighthouse is the median run) */
  lighthouseTbtRuns?: number[];
  /** performance score of each Lighthouse run, in run order (lighthouse.performance is their median) */
  lighthousePerformanceRuns?: number[];
}

/** BENCH_FIRST_CLICK_RUNS: first clicks per island page and profile, the median reported (3 by default) */
const FIRST_CLICK_RUNS = Math.max(1, Number(process.env.BENCH_FIRST_CLICK_RUNS ?? 3));

/** BENCH_ISLAND_LIGHTHOUSE_RUNS: Lighthouse runs per island page, the median reported (3 by default) */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_ISLAND_LIGHTHOUSE_RUNS ?? 3));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
/** the median, the lower of the two middle values for an even count (a score is not flattered by a tie) */
const lowerMedian = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0;
const round = (n: number) => Number(n.toFixed(2));

const CHROME_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'];

/** The build's manifest: each island's chunk, what it imports before it runs, and whether that holds React. */
const manifest = (): { islands: Record<string, { src: string; imports: string[]; react?: boolean }> } =>
  JSON.parse(readFileSync('worker/generated/client-manifest.json', 'utf8'));

/** React DOM calls the devtools hook's inject() when its module is evaluated: the mark that React ran. */
function reactMarker(): void {
  const w = window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown; __reactRan?: boolean };
  const noop = () => undefined;
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    inject: () => {
      w.__reactRan = true;
      return 1;
    },
    onCommitFiberRoot: noop,
    onCommitFiberUnmount: noop,
    onPostCommitFiberRoot: noop,
    setStrictMode: noop,
  };
}

/**
 * A phone's first view: the scripts it fetches until the network is quiet, without touching the page, and of those the
 * ones that ran: all but the files only modulepreloaded for React islands that have not started.
 */
async function scriptsBeforeInteraction(
  browser: Browser,
  url: string,
): Promise<{ scripts: IslandFigures['scripts']; executed: number; reactRan: boolean }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  await context.addInitScript(reactMarker);
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
  const preloaded = new Set(
    await page.$$eval('link[rel=modulepreload]', (links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname)),
  );
  const started = await page.$$eval('site-island[data-island-state]', (els) => els.map((e) => e.getAttribute('data-island')!));
  const reactRan = await page.evaluate(() => Boolean((window as unknown as { __reactRan?: boolean }).__reactRan));
  await context.close();
  const { islands } = manifest();
  const ran = new Set(started.flatMap((name) => (islands[name] ? [islands[name].src, ...islands[name].imports] : [])));
  const executed = scripts.filter((s) => !preloaded.has(s.path) || ran.has(s.path)).reduce((n, s) => n + s.gzipBytes, 0);
  return { scripts: scripts.sort((a, b) => a.path.localeCompare(b.path)), executed, reactRan };
}

/**
 * The first click on an island that has not hydrated: the page loaded, the island scrolled into view and its code
 * preloaded (the network quiet), then one click; timed inside the page from the click's dispatch to the response
 * selector matching (checked every frame). `mobile`: a phone's viewport, 4x CPU slowdown and a slow network over CDP.
 */
async function firstClick(browser: Browser, url: string, island: IslandPage, mobile: boolean): Promise<number> {
  const click = island.firstClick!;
  const context = await browser.newContext(
    mobile ? { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } },
  );
  await context.addInitScript(
    ([key]) => localStorage.setItem(key!, JSON.stringify({ version: 1000, submitted: true })),
    [POPUP_STORAGE_KEY],
  );
  const page = await context.newPage();
  if (island.cart) {
    // as a shopper does: the product page's panel, once it has woken, adds the option
    await page.goto(new URL(island.cart.product, url).href);
    const panel = page.locator('.product-summary .product-purchase');
    await panel.locator('select').first().focus();
    await panel.locator('select').first().selectOption({ label: island.cart.option });
    await page.waitForSelector('site-island[data-island=product][data-island-state=hydrated]', { state: 'attached' });
    await panel.getByRole('button', { name: 'Add To Cart' }).click();
    await panel.locator('.product-purchase-message.is-success').waitFor();
  }
  if (mobile) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
  }
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.$eval(click.target, (el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const hydrated = await page.$eval(click.target, (el) => el.closest('site-island')?.getAttribute('data-island-state') ?? null);
    if (hydrated) throw new Error(`the island was ${hydrated} before the click`);
    // a string, not a function: tsx compiles the bench with esbuild's keepNames, whose __name() helper the page lacks
    await page.evaluate(`(() => {
      const response = ${JSON.stringify(click.response)};
      const wanted = ${JSON.stringify(click.textFrom ?? null)};
      const text = wanted && document.querySelector(wanted).textContent.trim();
      const answered = () => {
        const el = document.querySelector(response);
        return Boolean(el) && (!text || el.textContent.includes(text));
      };
      window.__answered = new Promise((resolve, reject) => {
        setTimeout(() => reject(new Error('no ' + response + (text ? ' showing ' + text : '') + ' within 15 s of the click')), 15000);
        addEventListener('click', () => {
          const at = performance.now();
          const check = () => (answered() ? resolve(performance.now() - at) : requestAnimationFrame(check));
          check();
        }, { capture: true, once: true });
      });
    })()`);
    const consoleLines: string[] = [];
    page.on('console', (m) => consoleLines.push(m.text()));
    page.on('pageerror', (e) => consoleLines.push(String(e)));
    page.on('requestfailed', (r) => consoleLines.push(`failed ${r.url()} ${r.failure()?.errorText}`));
    await page.click(click.target, { timeout: 30_000 });
    try {
      return round(await page.evaluate(() => (window as unknown as { __answered: Promise<number> }).__answered));
    } catch (error) {
      const state = await page.evaluate(
        ([target, response]) => ({
          island: document.querySelector(target!)?.closest('site-island')?.getAttribute('data-island-state') ?? null,
          matches: document.querySelectorAll(response!).length,
          html: document.querySelector(target!)?.closest('site-island')?.outerHTML.slice(0, 300),
        }),
        [click.target, click.response],
      );
      throw new Error(
        `${String((error as Error).message).split('\n')[0]} ${JSON.stringify({ ...state, console: consoleLines })}`.replace(/\n/g, ' '),
      );
    }
  } finally {
    await context.close();
  }
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
  // a React island hydrates at the visitor's first touch: a focusin inside it, once the loader has run
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.$eval(`${gallery} site-island`, (island) =>
    island.firstElementChild?.dispatchEvent(new FocusEvent('focusin', { bubbles: true })),
  );
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
    // BENCH_ISLAND_PAGES: a comma-separated list of words, the pages whose name holds one of them (all by default)
    const only = process.env.BENCH_ISLAND_PAGES?.split(',')
      .map((w) => w.trim())
      .filter(Boolean);
    for (const page of ISLAND_PAGES.filter((p) => !only?.length || only.some((w) => p.name.includes(w)))) {
      const url = `http://${page.host}:${edgePort}${page.path}`;
      const { scripts, executed, reactRan } = await scriptsBeforeInteraction(browser, url);
      const entry: IslandFigures = {
        name: page.name,
        url,
        scripts,
        scriptGzipBytes: scripts.reduce((n, s) => n + s.gzipBytes, 0),
        executedGzipBytes: executed,
        reactRan,
      };
      if (page.firstClick) {
        try {
          // each a fresh visitor (a new context): the median of FIRST_CLICK_RUNS, every run kept
          entry.firstClickRuns = [];
          entry.firstClickMobileRuns = [];
          for (let i = 0; i < FIRST_CLICK_RUNS; i++) entry.firstClickRuns.push(await firstClick(browser, url, page, false));
          for (let i = 0; i < FIRST_CLICK_RUNS; i++) entry.firstClickMobileRuns.push(await firstClick(browser, url, page, true));
          entry.firstClickMs = median(entry.firstClickRuns);
          entry.firstClickMobileMs = median(entry.firstClickMobileRuns);
        } catch (error) {
          entry.firstClickError = String((error as Error).message ?? error).split('\n')[0];
        }
      }
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
        // Lighthouse's simulated phone multiplies the tasks it saw by 4, so one busy moment on the machine moves total
        // blocking time by hundreds of ms: the run with the median blocking time of LIGHTHOUSE_RUNS is reported, as
        // Lighthouse's own docs advise (a median of several runs), with every run's figure beside it
        const slug = page.name.replace(/\W+/g, '-').replace(/-+$/, '');
        const runs: (LighthouseScores | { error: string })[] = [];
        for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
          runs.push(
            await lighthouse(url, `${outDir}/islands-${slug}-${i + 1}.json`, chrome).catch((error: unknown) => ({ error: String(error) })),
          );
        }
        // the performance score is the median of the runs' scores, as blocking time is: the run with the median
        // blocking time may be one whose simulated first paint counted a cross-origin frame's connection (trailhead's
        // /community: 1.00 in four runs of five, 0.99 in the one that had the median blocking time, 0)
        const finished = runs.filter((r): r is LighthouseScores => !('error' in r));
        const scored = [...finished].sort((a, b) => a.tbtMs - b.tbtMs);
        const middle = scored[Math.floor((scored.length - 1) / 2)];
        const performanceRuns = finished.map((r) => r.performance);
        entry.lighthouse = middle ? { ...middle, performance: lowerMedian(performanceRuns) } : runs[0];
        entry.lighthouseTbtRuns = scored.map((r) => r.tbtMs);
        entry.lighthousePerformanceRuns = performanceRuns;
      }
      figures.push(entry);
    }
  } finally {
    await browser.close();
  }
  return figures;
}
