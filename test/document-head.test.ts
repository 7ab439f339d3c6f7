// The document every page type shares: title, description, canonical URL, Open Graph, styles and the page context.
import { beforeAll, describe, expect, it } from 'vitest';
import { contextOf, fixture, hostOf, publishFixtures } from './support/fixtures.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, visit } from './support/sites.ts';

beforeAll(publishFixtures);

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

describe('the document head', () => {
  it('carries title, description, canonical URL and Open Graph tags of an item', async () => {
    const s = fixture('fernwood');
    const journal = s.collections.find((c) => c.urlId === 'journal')!;
    const item = journal.items.find((i) => i.status === 1 && i.assetImage && i.excerpt)!;
    const html = await (await visit(hostOf('fernwood'), `/journal/${item.urlId}?utm_source=newsletter`)).text();
    expect(attr(html, /<title>([^<]*)<\/title>/)).toBe(`${item.title} — ${s.website.title}`.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
    expect(html).toContain(`<link rel="canonical" href="https://www.fernwoodjournal.com/journal/${item.urlId}"/>`);
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain(`<meta property="og:url" content="https://www.fernwoodjournal.com/journal/${item.urlId}"/>`);
    expect(attr(html, /<meta property="og:image" content="([^"]*)"/)).toBe(
      `https://www.fernwoodjournal.com${item.assetImage!.src}?format=1500w`,
    );
    expect(html).toContain('<meta name="description" content="');
  });

  it('keeps only the §2 filter in the canonical URL of a filtered list', async () => {
    const html = await (await visit(hostOf('fernwood'), '/journal?tag=mist&fbclid=abc')).text();
    expect(html).toContain('<link rel="canonical" href="https://www.fernwoodjournal.com/journal?tag=mist"/>');
  });

  it('links the shared stylesheet, which is served with a fingerprint and cached for a year', async () => {
    const html = await (await visit(hostOf('trailhead'), '/')).text();
    const href = attr(html, /<link rel="stylesheet" href="([^"]+)"/)!;
    expect(href).toMatch(/^\/_runtime\/styles\.[a-z0-9]+\.css$/);
    const css = await visit(hostOf('trailhead'), href);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await css.text()).toContain('.site-header');
    expect((await visit(hostOf('trailhead'), '/_runtime/styles.stale.css')).status).toBe(404);
  });

  it('sets the design variables from tweakJSON, by name and by the name with @ and . stripped', async () => {
    const site = minimalSite({
      tweakJSON: { accentColor: '#aa3300', 'site.BackgroundColor': 'not-a-colour; } body { display:none', contentWidth: '960px' },
    });
    site.website.identifier = 'tweaks';
    await publish(site, 'tweaks.localhost');
    const html = await (await visit('tweaks.localhost', '/')).text();
    const vars = attr(html, /<style nonce="[^"]+">([^<]*)<\/style>/)!;
    expect(vars).toContain('--accent:#aa3300');
    expect(vars).toContain('--content-width:960px');
    expect(vars).not.toContain('display:none');
  });

  it('serialises the page context once, with the website and the page it renders', async () => {
    const s = fixture('fernwood');
    const html = await (await visit(hostOf('fernwood'), '/journal')).text();
    expect(html.match(/id="site-context"/g)).toHaveLength(1);
    const ctx = contextOf(html);
    expect(ctx).toMatchObject({
      pageType: 1,
      pageTypeName: 'CONTENT_COLLECTION',
      collection: { urlId: 'journal', type: 1 },
      item: null,
      templateId: s.website.templateId,
      authenticatedAccount: null,
      appDomain: s.website.appDomain,
      website: { id: s.website.id, identifier: 'fernwood', baseUrl: s.website.baseUrl, developerMode: false, websiteType: 1 },
    });
    expect(ctx.tweakJSON).toEqual(s.tweakJSON);
  });

  it('escapes site content in the context so it cannot close the script element', async () => {
    const title = 'Notes </script><script>alert(1)</script> & more';
    const site = minimalSite({ collections: [{ id: 'notes', urlId: 'notes', title, type: 1, items: [] }] });
    site.website.identifier = 'escapes';
    await publish(site, 'escapes.localhost');
    const html = await (await visit('escapes.localhost', '/notes')).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(contextOf(html).collection?.title).toBe(title);
  });
});
