// No view of any fixture site shows the same image twice: every page, collection and item of the snapshot, the system
// pages, every page a link leads to from them (filters, pagination), and the store's pages with a visitor's cart and
// order, each looked at whole (header, content and footer), through the real Worker.
import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_TYPES } from '../shared/codes.ts';
import { STORE_API, type PlacedAnswer } from '../shared/store-api.ts';
import { postJson } from './support/api.ts';
import { crawlSite, unlockFixture } from './support/crawl.ts';
import { fixture, FIXTURE_FILES, hostOf, publishFixtures, type FixtureName } from './support/fixtures.ts';
import { visit } from './support/sites.ts';
import { Jar } from './support/store.ts';

beforeAll(publishFixtures);

const MAX_PAGES = 600;

/**
 * The images a page shows in its `<body>` (header, content, footer: one view), one entry per element that shows one
 * (`<img>`, `<video poster>`, `<source>`, a CSS `url()` in a style attribute), named by the media file
 * (`/media/{name}.jpg`, any bucket). Not counted: the thumbnail strip of a gallery (`<ol class="gallery-thumbnails…">`,
 * which repeats the gallery's own slides by design), links to an image file (a press kit's downloads are links, not
 * pictures), and the head (the Open Graph image is not shown).
 */
function imagesShown(html: string): string[] {
  const body = /<body\b[\s\S]*<\/body>/.exec(html)?.[0] ?? '';
  const content = body.replace(/<ol class="gallery-thumbnails[\s\S]*?<\/ol>/g, '');
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
    const html = `<head><meta property="og:image" content="http://x/media/a.jpg?format=1500w"></head><body><main>
      <img src="/media/a.jpg?format=750w" srcSet="/media/a.jpg?format=100w 100w, /media/a.jpg?format=300w 300w">
      <ol class="gallery-thumbnails gallery-thumbnails-images"><li><img src="/media/a.jpg?format=300w"></li></ol>
      <a href="/media/b.jpg?format=2500w">Download</a>
      <div class="poster" style="background-image:url(/media/c.jpg?format=1500w)"></div>
      <video poster="/media/c.jpg?format=750w"></video></main><footer><img src="/media/a.jpg?format=300w"></footer></body>`;
    expect(imagesShown(html)).toEqual(['a', 'c', 'c', 'a']);
    expect(repeatsIn(imagesShown(html))).toEqual(['c', 'a']);
  });

  for (const site of Object.keys(FIXTURE_FILES) as FixtureName[]) {
    it(`${site}: no page shows the same image twice`, async () => {
      const pages = await crawl(site);
      const repeats = [...pages].map(([path, names]) => ({ path, repeats: repeatsIn(names) })).filter((p) => p.repeats.length > 0);
      expect(repeats).toEqual([]);
      // the crawl did look at pictures: every site shows some
      expect([...pages.values()].some((names) => names.length > 0)).toBe(true);
    });
  }

  it('trailhead: a cart with one of every product on sale, its checkout and the order placed show no image twice', async () => {
    const host = hostOf('trailhead');
    const jar = new Jar();
    const shop = fixture('trailhead').collections.find((c) => c.id === 'shop')!;
    let lines = 0;
    for (const item of shop.items) {
      const product = item.product!;
      const variant = product.variants.find((v) => v.unlimited || v.qtyInStock > 0);
      const sku = product.variants.length === 0 ? 'digital' : variant?.sku;
      // a gift card is bought on its own page
      if (!sku || product.productType === PRODUCT_TYPES.GIFT_CARD) continue;
      const res = jar.take(await postJson(host, STORE_API.entries, { productId: item.id, sku }, { cookies: jar.header }));
      if (res.status === 200) lines++;
    }
    expect(lines).toBeGreaterThan(8);
    const views = new Map<string, string[]>();
    const look = async (path: string) => {
      const res = await visit(host, path, { headers: { Cookie: jar.header } });
      expect(res.status, path).toBe(200);
      views.set(path, imagesShown(await res.text()));
    };
    await look('/cart');
    await look('/checkout');
    const placed = jar.take(
      await postJson(
        host,
        STORE_API.orders,
        {
          email: 'ada@example.com',
          firstName: 'Ada',
          lastName: 'Lovelace',
          address1: '14 Main Road',
          city: 'Hathersage',
          zip: 'S32 1BB',
          country: 'GB',
          shippingOptionId: 'uk-standard',
        },
        { cookies: jar.header },
      ),
    );
    expect(placed.status).toBe(200);
    await look(((await placed.json()) as PlacedAnswer).redirect);
    expect(views.get('/cart')!.length).toBe(lines);
    expect([...views].map(([path, names]) => ({ path, repeats: repeatsIn(names) })).filter((v) => v.repeats.length > 0)).toEqual([]);
  });
});
