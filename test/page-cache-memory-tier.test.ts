// The page cache's memory tier (worker/render/page-cache.ts) as an isolate that serves many sites fills it: the home
// pages of a thousand small sites (8.7 KiB each, as the scale table's) all stay in memory, and what bounds the tier
// counts each entry's headers and key beside its body.
import { describe, expect, it } from 'vitest';
import { servePageFromCache, servePageFromMemory, type PageCache } from '../worker/render/page-cache.ts';

const NONCE = 'c3RvcmVkLW5vbmNl';

/** A Cache API that has every page: a body of `bodyBytes` with the stored nonce in it, and `headerBytes` of headers. */
function edge(bodyBytes: number, headerBytes: number): PageCache {
  const body = `<!doctype html><script nonce="${NONCE}"></script>${'x'.repeat(bodyBytes - 48)}`;
  return {
    match: async () =>
      new Response(body, {
        headers: {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': `script-src 'nonce-__RUNTIME_NONCE__'`,
          'x-internal-page-cache-nonce': NONCE,
          'x-padding': 'p'.repeat(headerBytes),
        },
      }),
    put: async () => {},
  };
}

const id = (site: number, tag: string) => `https://small-${String(site).padStart(4, '0')}.${tag}.example/__page-cache/v1/b/streamed/`;
const perResponse = () => ({ nonce: 'bmV3LW5vbmNl' });

describe('the memory tier', () => {
  it('keeps the home pages of a thousand small sites', async () => {
    const cache = edge(8900, 2500);
    for (let i = 0; i < 1000; i++) expect(await servePageFromCache(cache, id(i, 'round'), 'bmV3', 'GET')).toBeDefined();
    for (let i = 0; i < 1000; i++) expect(servePageFromMemory(id(i, 'round'), 'GET', perResponse), `site ${i}`).toBeDefined();
    const page = servePageFromMemory(id(0, 'round'), 'GET', perResponse)!;
    expect(page.headers.get('X-Page-Cache-Tier')).toBe('memory');
    expect(await page.text()).toContain('nonce="bmV3LW5vbmNl"');
  });

  it('counts headers beside the body: pages of 8 KiB with 8 KiB of headers fill it twice as fast', async () => {
    const cache = edge(8192, 8192);
    for (let i = 0; i < 1100; i++) await servePageFromCache(cache, id(i, 'heavy'), 'bmV3', 'GET');
    // 16 MiB holds fewer than 1,024 such entries: the oldest are gone, the newest kept
    expect(servePageFromMemory(id(0, 'heavy'), 'GET', perResponse)).toBeUndefined();
    expect(servePageFromMemory(id(1099, 'heavy'), 'GET', perResponse)).toBeDefined();
  });
});
