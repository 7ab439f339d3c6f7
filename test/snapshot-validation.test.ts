// The snapshot schema and the §9 limits: every violation is reported as a path and a reason.
import { describe, expect, it } from 'vitest';
import { formatViolation, validateSnapshot } from '../worker/hosting/validate.ts';
import { minimalSite } from './support/minimal-site.ts';

const errorsOf = (snapshot: unknown, strictBlocks = true) => {
  const r = validateSnapshot(snapshot, { strictBlocks });
  return r.ok ? [] : r.violations.map(formatViolation);
};

const htmlBlock = (i: number) => ({ id: `b${i}`, type: 2, data: { html: `<p>${i}</p>` } });
const item = (i: number, extra: Record<string, unknown> = {}) => ({
  id: `i${i}`,
  urlId: `item-${i}`,
  title: `Item ${i}`,
  status: 1,
  publishOn: '2026-01-01T00:00:00Z',
  ...extra,
});

describe('validateSnapshot', () => {
  it('accepts a complete minimal site', () => {
    expect(errorsOf(minimalSite())).toEqual([]);
  });

  it('reports the block beyond 60 in a layout with its path', () => {
    const site = minimalSite();
    const pages = [0, 1, 2, 3].map((p) => ({ id: `p${p}`, urlId: `page-${p}`, title: `Page ${p}`, layout: { blocks: [htmlBlock(0)] } }));
    pages[3]!.layout.blocks = Array.from({ length: 62 }, (_, i) => htmlBlock(i));
    const errors = errorsOf({ ...site, pages, navigation: {} });
    expect(errors).toContain('pages[3].layout.blocks[61]: at most 60 blocks per layout');
    expect(errors).toContain('pages[3].layout.blocks[60]: at most 60 blocks per layout');
    expect(errors).toHaveLength(2);
  });

  it.each([
    [
      'items in a user-orderable collection',
      { type: 1, ordering: 'user', items: Array.from({ length: 251 }, (_, i) => item(i)) },
      'collections[0].items: at most 250 items in a user-orderable collection',
    ],
    [
      'products in a collection',
      {
        type: 13,
        ordering: 'chronological',
        items: Array.from({ length: 201 }, (_, i) => item(i, { product: { productType: 2, priceCents: 100 } })),
      },
      'collections[0].items: at most 200 products in a collection',
    ],
    [
      'tag length',
      { type: 1, items: [item(1, { tags: ['t'.repeat(51)] })] },
      'collections[0].items[0].tags[0]: a tag is at most 50 characters',
    ],
    [
      'category length',
      { type: 1, items: [item(1, { categories: ['c'.repeat(26)] })] },
      'collections[0].items[0].categories[0]: a category is at most 25 characters',
    ],
    [
      'product price',
      { type: 13, items: [item(1, { product: { productType: 1, variants: [{ sku: 'SQ1234567', price: 100000001 }] } })] },
      'collections[0].items[0].product.variants[0].price: a price is at most 100000000 cents',
    ],
    [
      'SKU length',
      { type: 13, items: [item(1, { product: { productType: 1, variants: [{ sku: 'S'.repeat(61), price: 100 }] } })] },
      'collections[0].items[0].product.variants[0].sku: a SKU is at most 60 characters',
    ],
  ])('enforces the limit on %s', (_name, collection, expected) => {
    const site = minimalSite({ collections: [{ id: 'c1', urlId: 'things', title: 'Things', ...collection } as never] });
    expect(errorsOf(site)).toContain(expected);
  });

  it('enforces at most 60 tracks in an album block', () => {
    const tracks = Array.from({ length: 61 }, (_, i) => ({ title: `Track ${i}`, url: `/audio/${i}.mp3`, durationSeconds: 200 }));
    const cover = { src: '/media/lake.jpg', width: 100, height: 100, alt: 'Cover' };
    const site = minimalSite();
    site.pages[0]!.layout.blocks = [{ id: 'album', type: 60, data: { title: 'Songs', artist: 'Band', cover, tracks } }];
    expect(errorsOf(site)).toContain('pages[0].layout.blocks[0].data.tracks: at most 60 tracks in an album');
  });

  it('reports every violation, not just the first', () => {
    const site = minimalSite({ version: '' });
    (site.website as { websiteType: number }).websiteType = 9;
    site.pages[0]!.urlId = 'Not A Slug';
    const errors = errorsOf(site);
    expect(errors.some((e) => e.startsWith('version: '))).toBe(true);
    expect(errors).toContain('website.websiteType: expected one of 1, 2, 3, 4');
    expect(errors.some((e) => e.startsWith('pages[0].urlId: a URL id is lowercase'))).toBe(true);
  });

  it('reports references to things the snapshot does not have', () => {
    const site = minimalSite({ navigation: { mainNavigation: [{ kind: 'page', id: 'nowhere' }] } });
    site.pages[0]!.layout.blocks = [
      { id: 'f', type: 9, data: { formId: 'missing-form' } },
      { id: 's', type: 20, data: { collectionId: 'missing-collection' } },
    ];
    expect(errorsOf(site)).toEqual([
      "navigation.mainNavigation[0].id: no page or collection has id 'nowhere'",
      "pages[0].layout.blocks[0].data.formId: no form has id 'missing-form'",
      "pages[0].layout.blocks[1].data: no collection has id 'missing-collection'",
    ]);
  });

  it('checks block data strictly at publish and leaves it to the renderer at request time', () => {
    const site = minimalSite();
    site.pages[0]!.layout.blocks = [{ id: 'btn', type: 53, data: { buttonText: 'Go', clickthroughUrl: 'not a url' } }];
    expect(errorsOf(site, true)).toEqual([
      'pages[0].layout.blocks[0].data.clickthroughUrl: a link is an internal path, an anchor, or an http(s), mailto: or tel: URL',
    ]);
    expect(errorsOf(site, false)).toEqual([]);
  });

  it('rejects an unknown block type code', () => {
    const site = minimalSite();
    site.pages[0]!.layout.blocks = [{ id: 'x', type: 15, data: {} }];
    expect(errorsOf(site).some((e) => e.startsWith('pages[0].layout.blocks[0].type: expected one of'))).toBe(true);
  });

  it('rejects two pages at the same URL', () => {
    const site = minimalSite();
    site.pages.push({ id: 'home2', urlId: 'home', title: 'Again', layout: { blocks: [] } });
    expect(errorsOf(site)).toContain("pages[1].urlId: duplicate urlId 'home' (also pages[0])");
  });
});

describe('docs/site-snapshot.md', () => {
  it('holds a complete example that publishes without a violation', async () => {
    const doc = (await import('../docs/site-snapshot.md?raw')).default as string;
    const json = /```json\n([\s\S]*?)\n```/.exec(doc)![1]!;
    expect(errorsOf(JSON.parse(json))).toEqual([]);
  });
});
