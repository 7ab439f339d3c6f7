// No page of any fixture site shows the same image twice in its main content: every page, collection and item of the
// snapshot, the system pages, and every page a link leads to from them (filters, pagination), through the real Worker.
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture, FIXTURE_FILES, hostOf, publishFixtures, type FixtureName } from './support/fixtures.ts';
import { visit } from './support/sites.ts';

beforeAll(publishFixtures);

/** Locked content to open first, with the fixture's own passwords (fixtures/README.md), so it is looked at too. */
const UNLOCK: Partial<Record<FixtureName, { path: string; password: string }>> = {
  fernwood: { path: '/participants', password: 'trailmix' },
  hollow: { path: '/', password: 'open-the-gate' },
};

/** Pages no link leads to: the system and commerce page types. */
const SYSTEM_PATHS = [
  '/',
  '/search?q=the',
  '/no-such-page',
  '/cart',
  '/checkout',
  '/commerce/order-confirmed?orderId=TH-10452',
  '/commerce/email-preview',
  '/popup-overlay',
  '/newsletter/unsubscribe?email=reader%40example.com',
];

/** Where a crawl does not go: files, the API, the editor, feeds, and links that change state rather than show a page. */
const NOT_A_PAGE = /^\/(media|client|api|config|login)\b|[?&](format=rss|logout=true)|\.(css|js|xml|txt)(\?|$)/;

const MAX_PAGES = 600;

/**
 * The images a page shows in `<main>`, one entry per element that shows one (`<img>`, `<video poster>`, `<source>`,
 * a CSS `url()` in a style attribute), named by the media file (`/media/{name}.jpg`, any bucket). Not counted: the
 * thumbnail strip of a gallery (`<ol class="gallery-thumbnails…">`, which repeats the gallery's own slides by design),
 * links to an image file (a press kit's downloads are links, not pictures), and everything outside `<main>` (the Open
 * Graph image is in the head).
 */
function imagesShown(html: string): string[] {
  const main = /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
  const content = main.replace(/<ol class="gallery-thumbnails[\s\S]*?<\/ol>/g, '');
  const shown: string[] = [];
  for (const tag of content.matchAll(/<(img|video|source|[a-z][a-z0-9-]*(?=[^>]*\bstyle="[^"]*url\())\b[^>]*>/gi)) {
    const names = new Set([...tag[0].matchAll(/\/media\/([a-z0-9-]+)\.(?:jpe?g|png|webp)/g)].map((m) => m[1]!));
    shown.push(...names);
  }
  return shown;
}

const repeatsIn = (names: string[]) => [...new Set(names.filter((n, i) => names.indexOf(n) !== i))];

async function unlockCookie(site: FixtureName): Promise<string> {
  const lock = UNLOCK[site];
  if (!lock) return '';
  const res = await visit(hostOf(site), lock.path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': '198.51.100.40' },
    body: new URLSearchParams({ password: lock.password }).toString(),
  });
  expect(res.status, `unlocking ${site}${lock.path}`).toBe(303);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

/** Every page of a site reachable from the system paths, with the images each shows. */
async function crawl(site: FixtureName): Promise<Map<string, string[]>> {
  const host = hostOf(site);
  const cookie = await unlockCookie(site);
  const seen = new Map<string, string[]>();
  const snapshot = fixture(site);
  const queue = [
    ...SYSTEM_PATHS,
    ...snapshot.pages.map((p) => `/${p.urlId}`),
    ...snapshot.collections.flatMap((c) => [`/${c.urlId}`, ...c.items.map((i) => `/${c.urlId}/${i.urlId}`)]),
  ];
  const text = JSON.stringify(FIXTURE_FILES[site]);
  for (const m of text.matchAll(/"donatePageId":\s*"([^"]+)"/g)) {
    queue.push(`/commerce/donate?donatePageId=${m[1]}`, `/commerce/contribution-confirmed?donatePageId=${m[1]}`);
  }
  while (queue.length > 0 && seen.size < MAX_PAGES) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    const res = await visit(host, path, { headers: cookie ? { Cookie: cookie } : {} });
    const html = await res.text();
    seen.set(path, imagesShown(html));
    for (const m of html.matchAll(/href="(\/(?!\/)[^"#]*)/g)) {
      const href = m[1]!.replace(/&amp;/g, '&');
      if (!NOT_A_PAGE.test(href) && !seen.has(href)) queue.push(href);
    }
  }
  expect(seen.size, `${site}: the crawl stopped at ${MAX_PAGES} pages`).toBeLessThan(MAX_PAGES);
  return seen;
}

describe('the images of the fixture sites', () => {
  it('counts each element that shows an image once, and leaves out thumbnail strips and links', () => {
    const html = `<head><meta property="og:image" content="http://x/media/a.jpg?format=1500w"></head><main>
      <img src="/media/a.jpg?format=750w" srcSet="/media/a.jpg?format=100w 100w, /media/a.jpg?format=300w 300w">
      <ol class="gallery-thumbnails gallery-thumbnails-images"><li><img src="/media/a.jpg?format=300w"></li></ol>
      <a href="/media/b.jpg?format=2500w">Download</a>
      <div class="poster" style="background-image:url(/media/c.jpg?format=1500w)"></div>
      <video poster="/media/c.jpg?format=750w"></video></main>`;
    expect(imagesShown(html)).toEqual(['a', 'c', 'c']);
    expect(repeatsIn(imagesShown(html))).toEqual(['c']);
  });

  for (const site of Object.keys(FIXTURE_FILES) as FixtureName[]) {
    it(`${site}: no page shows the same image twice in its main content`, async () => {
      const pages = await crawl(site);
      const repeats = [...pages].map(([path, names]) => ({ path, repeats: repeatsIn(names) })).filter((p) => p.repeats.length > 0);
      expect(repeats).toEqual([]);
      // the crawl did look at pictures: every site shows some
      expect([...pages.values()].some((names) => names.length > 0)).toBe(true);
    });
  }
});
