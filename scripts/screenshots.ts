// npm run screenshots: with `npm start` running, photographs one URL of every page type of every fixture at 1280 and
// 390 px wide into screenshots/, and reports any page that overflows horizontally on the phone width.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumPath } from './tools.ts';

const BASE_PORT = process.env.PORT ?? '8787';
const OUT = 'screenshots';
const only = process.argv[2];

interface Shot {
  site: string;
  path: string;
  name: string;
}

/** One URL per page type per site, taken from the fixtures themselves. */
function shots(): Shot[] {
  const list: Shot[] = [];
  for (const site of ['fernwood', 'trailhead', 'lumen', 'kettle', 'hollow']) {
    const s = JSON.parse(readFileSync(join('fixtures', 'sites', `${site}.json`), 'utf8'));
    const add = (path: string, name: string) => list.push({ site, path, name });
    add('/', 'home');
    for (const p of s.pages) add(`/${p.urlId}`, `page-${p.urlId}`);
    for (const c of s.collections) {
      add(`/${c.urlId}`, `collection-${c.urlId}`);
      const item = c.items.find((i: { status: number }) => i.status === 1);
      if (item) add(`/${c.urlId}/${item.urlId}`, `item-${c.urlId}`);
    }
    add('/no-such-page', 'not-found');
    add('/search?q=the', 'search');
    add('/cart', 'cart');
    add('/checkout', 'checkout');
    add('/commerce/order-confirmed?orderId=TH-10452', 'order-confirmed');
    add('/newsletter/unsubscribe?email=reader%40example.com', 'newsletter-unsubscribe');
    add('/commerce/email-preview', 'email-preview');
    add('/popup-overlay', 'popup-overlay');
    const text = JSON.stringify(s);
    for (const m of text.matchAll(/"donatePageId":"([^"]+)"/g)) {
      add(`/commerce/donate?donatePageId=${m[1]}`, 'donate');
      add(`/commerce/contribution-confirmed?donatePageId=${m[1]}`, 'contribution-confirmed');
    }
  }
  list.push({ site: 'broken', path: '/', name: 'error' });
  return only ? list.filter((s) => `${s.site}/${s.name}`.includes(only)) : list;
}

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: chromiumPath() ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
let overflowing = 0;
for (const width of [1280, 390]) {
  const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 900 }, deviceScaleFactor: 1 });
  for (const shot of shots()) {
    const url = `http://${shot.site}.localhost:${BASE_PORT}${shot.path}`;
    await page.goto(url, { waitUntil: 'load' });
    // React reveals streamed Suspense sections in batches (about 300 ms apart); lazy images load once scrolled to
    await page.waitForTimeout(400);
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 60));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState('networkidle').catch(() => {});
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0) {
      overflowing++;
      console.warn(`overflows by ${overflow}px at ${width}: ${url}`);
    }
    await page.screenshot({ path: join(OUT, `${shot.site}-${shot.name}-${width}.png`), fullPage: true });
  }
  await page.close();
}
await browser.close();
console.log(`screenshots written to ${OUT}/${overflowing ? `; ${overflowing} pages overflow` : ''}`);
process.exit(overflowing ? 1 : 0);
