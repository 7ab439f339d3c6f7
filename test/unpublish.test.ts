// A host whose pointer is removed (npm run unpublish:site) has no site: every page answers 404, the pages the cache held
// for it included, since a cached page is found through the pointer. The Worker reads the pointer again once its hold
// (SITE_POINTER_TTL_MS) is over; KV's edge cache adds its own 60 s (POINTER_CACHE_TTL) in production.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { hostKey } from '../shared/snapshot/records.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, visit } from './support/sites.ts';

const HOST = 'unpublished.localhost';

describe('GET on a host after unpublish:site', () => {
  it('answers 404 for every page, a page the cache held included', async () => {
    const site = minimalSite({ version: '2026-11-28.1' });
    site.website.identifier = 'unpublished';
    site.pages[0]!.layout.blocks = [{ id: 'q', type: 31, data: { text: 'Soon gone.' } }];
    await publish(site, HOST);
    expect(await (await visit(HOST, '/')).text()).toContain('Soon gone.');
    await new Promise((r) => setTimeout(r, 30));
    const held = await visit(HOST, '/');
    expect(held.headers.get('x-page-cache')).toBe('hit');
    await held.text();

    await env.SITES.delete(hostKey(HOST));
    const gone = await visit(HOST, '/');
    expect(gone.status).toBe(404);
    expect(gone.headers.get('x-page-cache')).toBeNull();
    expect(await gone.text()).not.toContain('Soon gone.');
    expect((await visit(HOST, '/sitemap.xml')).status).toBe(404);
  });
});
