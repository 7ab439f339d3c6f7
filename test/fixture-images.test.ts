// No page of any fixture site shows the same image twice in its main content: every page, collection and item of the
// snapshot, the system pages, and every page a link leads to from them (filters, pagination), through the real Worker.
import { beforeAll, describe, expect, it } from 'vitest';
import { crawlSite, unlockFixture } from './support/crawl.ts';
import { fixture, FIXTURE_FILES, hostOf, publishFixtures, type FixtureName } from './support/fixtures.ts';

beforeAll(publishFixtures);

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

/** Every page of a site a visitor can reach (test/support/crawl.ts), with the images each shows. */
async function crawl(site: FixtureName): Promise<Map<string, string[]>> {
  const cookie = await unlockFixture(site, hostOf(site));
  const pages = await crawlSite(hostOf(site), fixture(site), { ...(cookie ? { cookie } : {}), maxPages: MAX_PAGES });
  expect(pages.size, `${site}: the crawl stopped at ${MAX_PAGES} pages`).toBeLessThan(MAX_PAGES);
  return new Map([...pages].map(([path, page]) => [path, imagesShown(page.html)]));
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
