// /sitemap.xml (sitemaps.org): the indexable pages of what visitors see now, made at publish; past 50,000 URLs a sitemap
// index of parts (/sitemap-1.xml, …), each at most 50,000 URLs. Served by the Worker from the records publish wrote.
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_STATUS } from '../shared/codes.ts';
import { SITEMAP_MAX_URLS } from '../shared/snapshot/records.ts';
import { hostOf, publishFixtures } from './support/fixtures.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, visit } from './support/sites.ts';

const BIG_HOST = 'bigsitemap.localhost';
/** One more item than a sitemap holds: with the homepage and the collection, two parts. */
const BIG_ITEMS = SITEMAP_MAX_URLS + 1;

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

beforeAll(async () => {
  await publishFixtures();
  const items = Array.from({ length: BIG_ITEMS }, (_, i) => ({
    id: `n${i}`,
    urlId: `note-${i}`,
    title: `Note ${i}`,
    status: CONTENT_STATUS.PUBLISHED,
    publishOn: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString(),
    recordType: 1,
  }));
  await publish(
    minimalSite({
      website: { ...minimalSite().website, identifier: 'bigsitemap', baseUrl: 'https://notes.example' },
      collections: [{ id: 'notes', urlId: 'notes', title: 'Notes', type: 1, ordering: 'chronological', itemsPerPage: 20, items }],
    }),
    BIG_HOST,
  );
}, 600_000);

describe('GET /sitemap.xml of a site under 50,000 URLs', () => {
  it('lists the homepage, the pages, the collections and their published items on the site’s own origin, once each', async () => {
    const res = await visit(hostOf('fernwood'), '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const urls = locs(xml);
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) expect(url.startsWith('https://www.fernwoodjournal.com/')).toBe(true);
    for (const path of ['/', '/about', '/journal', '/journal/a-jetty-in-fog', '/photographs'])
      expect(urls).toContain(`https://www.fernwoodjournal.com${path}`);
    // an item carries the day it last changed
    expect(xml).toContain('<loc>https://www.fernwoodjournal.com/journal/a-jetty-in-fog</loc><lastmod>2026-09-27</lastmod>');
  });

  it('leaves out what a visitor cannot open or a crawler should not list: locked, hidden and template pages, drafts, items still to come', async () => {
    const urls = locs(await (await visit(hostOf('fernwood'), '/sitemap.xml')).text());
    for (const path of [
      '/participants', // a page behind a password
      '/press-kit', // hidden from navigation
      '/readme', // a template page
      '/journal/notes-toward-a-book-about-moss', // a draft
      '/journal/first-snow-on-ill-bell', // scheduled for 2027
    ])
      expect(urls).not.toContain(`https://www.fernwoodjournal.com${path}`);
  });

  it('has no parts: /sitemap-1.xml is not found', async () => {
    expect((await visit(hostOf('fernwood'), '/sitemap-1.xml')).status).toBe(404);
  });

  it('answers HEAD with the headers alone', async () => {
    const res = await visit(hostOf('fernwood'), '/sitemap.xml', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await res.text()).toBe('');
  });

  it('is not found for a site locked as a whole (its robots.txt keeps crawlers out)', async () => {
    expect((await visit(hostOf('hollow'), '/sitemap.xml')).status).toBe(404);
  });
});

describe('GET /sitemap.xml of a site past 50,000 URLs', () => {
  it('is a sitemap index of its parts, on the site’s own origin', async () => {
    const res = await visit(BIG_HOST, '/sitemap.xml');
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(
      true,
    );
    expect(locs(xml)).toEqual(['https://notes.example/sitemap-1.xml', 'https://notes.example/sitemap-2.xml']);
  });

  it('splits every URL over parts of at most 50,000, each listed once', async () => {
    const parts = await Promise.all(
      [1, 2].map(async (n) => {
        const res = await visit(BIG_HOST, `/sitemap-${n}.xml`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
        const xml = await res.text();
        expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?><urlset ')).toBe(true);
        return locs(xml);
      }),
    );
    expect(parts[0]!.length).toBe(SITEMAP_MAX_URLS);
    // the homepage, the collection and every item
    expect(parts[0]!.length + parts[1]!.length).toBe(BIG_ITEMS + 2);
    const all = new Set(parts.flat());
    expect(all.size).toBe(BIG_ITEMS + 2);
    for (const path of ['/', '/notes', '/notes/note-0', `/notes/note-${BIG_ITEMS - 1}`])
      expect(all.has(`https://notes.example${path}`)).toBe(true);
  });

  it('has no part past the last, and no part 0', async () => {
    expect((await visit(BIG_HOST, '/sitemap-3.xml')).status).toBe(404);
    expect((await visit(BIG_HOST, '/sitemap-0.xml')).status).toBe(404);
  });
});
