// The page-cache key holds everything a cached page reads of its request (issue 26 §3): two requests that differ only
// outside the key (scheme, port, the order of parameters, a duplicate the page never reads) render the very same
// bytes, nonce and crumb aside, and absolute URLs come from the site's own origin, never from the request.
import { createExecutionContext, env, SELF, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../worker/index.ts';
import { pageCacheId } from '../worker/render/page-cache.ts';
import { FIXTURE_FILES } from './support/fixtures.ts';
import { publish } from './support/sites.ts';

const HOST = 'cachekey.localhost';
const SITE_ORIGIN = new URL(FIXTURE_FILES.fernwood.website.baseUrl).origin.replace(/^http:/, 'https:');

beforeAll(async () => {
  await publish(structuredClone(FIXTURE_FILES.fernwood), HOST);
});

/** The page rendered afresh for this URL (the page cache off for this request alone: the real Worker, other env). */
async function rendered(url: string): Promise<string> {
  const ctx = createExecutionContext();
  const res = await worker.fetch!(new Request(url, { redirect: 'manual' }) as never, { ...env, PAGE_CACHE: 'off' }, ctx);
  const html = await res.text();
  await waitOnExecutionContext(ctx);
  expect(res.status, url).toBe(200);
  return html;
}

/** What belongs to one response only: its nonce, its crumb and the instant it was drawn at (the relative-time island's). */
function withoutPerResponse(html: string): string {
  return html
    .replace(/nonce="[^"]+"/g, 'nonce=""')
    .replace(/"now":\d+/g, '"now":0')
    .replace(/("crumb"[^>]*value=")[^"]+"/g, '$1"')
    .replace(/"crumb":"[^"]*"/g, '"crumb":""');
}

const PAIRS: [string, string, string][] = [
  ['another scheme', `http://${HOST}/journal`, `https://${HOST}/journal`],
  ['another port', `http://${HOST}:8080/about`, `http://${HOST}/about`],
  ['another port and scheme', `https://${HOST}:8443/journal/larches-on-aizkorri`, `http://${HOST}:8787/journal/larches-on-aizkorri`],
  ['parameters in another order', `http://${HOST}/journal?tag=mist&page=1`, `http://${HOST}/journal?page=1&tag=mist`],
  ['a duplicate the page never reads', `http://${HOST}/journal?page=2&page=1`, `http://${HOST}/journal?page=2&page=3`],
  ['duplicates of a filter', `http://${HOST}/journal?tag=mist&tag=moss`, `http://${HOST}/journal?tag=mist`],
  ['a duplicate on a page with a form', `http://${HOST}/contact?ref=a&ref=b&x=1`, `http://${HOST}/contact?x=1&ref=a`],
];

describe('two requests with one page-cache key', () => {
  it.each(PAIRS)('render the same page with %s', async (_name, a, b) => {
    const build = 'b';
    expect(pageCacheId(new URL(a), 'v', build)).toBe(pageCacheId(new URL(b), 'v', build));
    expect(withoutPerResponse(await rendered(a))).toBe(withoutPerResponse(await rendered(b)));
  });

  it('have different keys when the page reads a different value', () => {
    const id = (url: string) => pageCacheId(new URL(url), 'v', 'b');
    expect(id(`http://${HOST}/journal?page=1&page=2`)).not.toBe(id(`http://${HOST}/journal?page=2&page=1`));
    expect(id(`http://${HOST}/journal?tag=mist&x=1`)).not.toBe(id(`http://${HOST}/journal?tag=moss&x=1`));
  });

  it('share one cached entry: the page read first is the page read second', async () => {
    const first = await SELF.fetch(`http://${HOST}:8080/journal?page=1&page=2`);
    expect(first.headers.get('x-page-cache')).toBe('miss');
    await first.text();
    await new Promise((r) => setTimeout(r, 30));
    const second = await SELF.fetch(`https://${HOST}/journal?page=1&page=3`);
    expect(second.headers.get('x-page-cache')).toBe('hit');
    const html = await second.text();
    expect(html).toContain(`<link rel="canonical" href="${SITE_ORIGIN}/journal?page=1"/>`);
  });
});

describe('absolute URLs of a page', () => {
  it('come from the site primary domain over https, whatever the request', async () => {
    const html = await rendered(`http://${HOST}:8080/journal/larches-on-aizkorri`);
    expect(html).toContain(`<link rel="canonical" href="${SITE_ORIGIN}/journal/larches-on-aizkorri"/>`);
    expect(html).toContain(`<meta property="og:url" content="${SITE_ORIGIN}/journal/larches-on-aizkorri"/>`);
    expect(html).not.toContain(`${HOST}:8080`);
    expect(html).not.toContain(`http://${HOST}`);
  });

  it('in a feed come from the site too', async () => {
    const ctx = createExecutionContext();
    const res = await worker.fetch!(new Request(`http://${HOST}:8080/journal?format=rss`) as never, { ...env, PAGE_CACHE: 'off' }, ctx);
    const xml = await res.text();
    await waitOnExecutionContext(ctx);
    expect(xml).toContain(`${SITE_ORIGIN}/journal/`);
    expect(xml).not.toContain(`${HOST}:8080`);
  });
});
