// The cached-page fast path: a page the isolate holds in memory is answered before the app, with exactly the headers
// the full path gives, and only for requests the full path could not answer differently.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { fastPathServed, serveCachedPageAfterPointerRead, serveCachedPageFast } from '../worker/fast-path.ts';
import { anonymousPageCacheId, requestPageCacheId } from '../worker/render/page-cache.ts';
import { urlOf } from '../worker/http/request-url.ts';
import { loadSite } from '../worker/hosting/load.ts';
import { requestFacts } from '../worker/observability/context.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, visit } from './support/sites.ts';

const HOST = 'fastpath.localhost';
/** The Worker's env as deployed (pointers kept 60 s), where the tests' own config reads KV on every request. */
const deployed = { ...env, SITE_POINTER_TTL_MS: '60000' } as typeof env;
/** Pointers kept 1 ms: the pointer held is always older than that, as for a site visited less often than it is kept. */
const shortLived = { ...env, SITE_POINTER_TTL_MS: '1' } as typeof env;

const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];

function site(version: string, text: string) {
  const s = minimalSite({ version });
  s.website.identifier = 'fastpath';
  s.pages[0]!.layout.blocks = [{ id: 'q', type: 31, data: { text } }];
  return s;
}

/** Renders the page, has it stored, read back from the Cache API (promoted to memory), and the pointer kept. */
async function hold(path: string): Promise<void> {
  await visit(HOST, path).then((r) => r.text());
  await new Promise((r) => setTimeout(r, 30));
  const fromEdge = await visit(HOST, path);
  expect(fromEdge.headers.get('x-page-cache-tier')).toBe('edge');
  await fromEdge.text();
  await loadSite(env.SITES, HOST, 60_000);
}

beforeAll(async () => {
  await publish(site('2026-11-20.1', 'Straight from memory.'), HOST);
  await hold('/');
});

describe('the fast path', () => {
  it('answers a held page with the same status, headers and body as the full path, with its own nonce and crumb', async () => {
    const before = fastPathServed();
    const fast = serveCachedPageFast(new Request(`http://${HOST}/`), deployed);
    expect(fast).toBeDefined();
    expect(fastPathServed()).toBe(before + 1);
    const full = await visit(HOST, '/');
    expect(full.headers.get('x-page-cache-tier')).toBe('memory');
    expect(fast!.status).toBe(full.status);
    const headers = (res: Response) => [...res.headers].filter(([name]) => name !== 'content-security-policy' && name !== 'set-cookie');
    expect(headers(fast!)).toEqual(headers(full));
    expect(fast!.headers.get('content-security-policy')!.replace(nonceOf(fast!)!, 'N')).toBe(
      full.headers.get('content-security-policy')!.replace(nonceOf(full)!, 'N'),
    );
    const cookieShape = (res: Response) => res.headers.get('set-cookie')!.replace(/crumb=[^;]+/, 'crumb=C');
    expect(cookieShape(fast!)).toBe(cookieShape(full));
    expect(fast!.headers.get('set-cookie')).not.toBe(full.headers.get('set-cookie'));
    const [fastHtml, fullHtml] = [await fast!.text(), await full.text()];
    expect(fastHtml).toContain('Straight from memory.');
    expect(fastHtml.replaceAll(nonceOf(fast!)!, 'N')).toBe(fullHtml.replaceAll(nonceOf(full)!, 'N'));
    expect(nonceOf(fast!)).not.toBe(nonceOf(full));
  });

  it('notes the site, its version, the page type and the bytes on the request facts it is handed, outside any request context', async () => {
    const facts = requestFacts(new Request(`http://${HOST}/`), 'v1', HOST);
    const fast = serveCachedPageFast(new Request(`http://${HOST}/`), deployed, facts);
    const bytes = (await fast!.arrayBuffer()).byteLength;
    expect(facts).toMatchObject({ site: 'fastpath', route: 'PAGE', bytes });
    expect(facts.snapshot).toMatch(/^2026-11-20\.1/);
  });

  it("serves a returning visitor whose other cookies (analytics, consent, an owner's scripts) do not change the page", () => {
    const cookie = 'crumb=AbCdEfGhIjKlMnOpQrStUv; ss_cvr=abc; ss_cvt=1; ss_cookieAllowed=1; _ga=GA1.1.1';
    const res = serveCachedPageFast(new Request(`http://${HOST}/`, { headers: { Cookie: cookie } }), deployed);
    expect(res?.headers.get('x-page-cache')).toBe('hit');
  });

  it('sets no crumb cookie for a visitor who has a valid one, and answers HEAD without a body', async () => {
    const withCrumb = serveCachedPageFast(
      new Request(`http://${HOST}/`, { headers: { Cookie: 'crumb=AbCdEfGhIjKlMnOpQrStUv' } }),
      deployed,
    );
    expect(withCrumb).toBeDefined();
    expect(withCrumb!.headers.get('set-cookie')).toBeNull();
    const head = serveCachedPageFast(new Request(`http://${HOST}/`, { method: 'HEAD' }), deployed);
    expect(head!.status).toBe(200);
    expect(await head!.text()).toBe('');
  });

  it.each([
    ['a POST', new Request(`http://${HOST}/`, { method: 'POST' })],
    [
      'a session cookie (the app checks it)',
      new Request(`http://${HOST}/`, { headers: { Cookie: 'crumb=AbCdEfGhIjKlMnOpQrStUv; site_session=anything' } }),
    ],
    ['a page the isolate does not hold', new Request(`http://${HOST}/nowhere`)],
    ['another host', new Request('http://elsewhere.localhost/')],
  ])('leaves %s to the app', (_name, request) => {
    expect(serveCachedPageFast(request, deployed)).toBeUndefined();
  });

  it('hands the app what it worked out for a request it could not answer: the parsed URL and the page-cache id', async () => {
    const request = new Request(`http://${HOST}/nowhere?b=2&a=1`, { headers: { 'User-Agent': 'Mozilla/5.0' } });
    expect(serveCachedPageFast(request, deployed)).toBeUndefined();
    const url = urlOf(request);
    expect(urlOf(request)).toBe(url);
    expect(url.href).toBe(`http://${HOST}/nowhere?b=2&a=1`);
    const lookup = await loadSite(env.SITES, HOST, 60_000);
    if (lookup.kind !== 'ok') throw new Error(`the fixture site did not load: ${lookup.kind}`);
    const id = requestPageCacheId(request, lookup.site.facts, new Date(), deployed);
    expect(id).toBe(anonymousPageCacheId(lookup.site.facts, url, new Date(), deployed, 'Mozilla/5.0'));
    // the same request and site: the very id made before; another request of the same URL gets an equal one of its own
    expect(requestPageCacheId(request, lookup.site.facts, new Date(), deployed)).toBe(id);
    const other = new Request(request.url, { headers: { 'User-Agent': 'Googlebot/2.1' } });
    expect(requestPageCacheId(other, lookup.site.facts, new Date(), deployed)).not.toBe(id);
  });

  it('reads a pointer held past its time again, and answers from memory when it names the same version', async () => {
    await loadSite(env.SITES, HOST, 60_000);
    await new Promise((r) => setTimeout(r, 5));
    const request = new Request(`http://${HOST}/`);
    expect(serveCachedPageFast(request, shortLived)).toBeUndefined();
    const before = fastPathServed();
    const res = await serveCachedPageAfterPointerRead(request, shortLived);
    expect(res?.headers.get('x-page-cache-tier')).toBe('memory');
    expect(await res!.text()).toContain('Straight from memory.');
    expect(fastPathServed()).toBe(before + 1);
    // a page the isolate does not hold is left to the app at once, without a read
    const elsewhere = new Request(`http://${HOST}/nowhere`);
    expect(serveCachedPageFast(elsewhere, shortLived)).toBeUndefined();
    expect(serveCachedPageAfterPointerRead(elsewhere, shortLived)).toBeUndefined();
  });

  it('stops answering the old version once the isolate reads the new pointer', async () => {
    await publish(site('2026-11-21.1', 'A newer page.'), HOST);
    // within the pointer's time the held page is still the published one as far as this isolate knows...
    expect(serveCachedPageFast(new Request(`http://${HOST}/`), deployed)).toBeDefined();
    // ...past it, the pointer read again names the new version, whose page memory does not hold: the app answers
    await new Promise((r) => setTimeout(r, 5));
    const stale = new Request(`http://${HOST}/`);
    expect(serveCachedPageFast(stale, shortLived)).toBeUndefined();
    expect(await serveCachedPageAfterPointerRead(stale, shortLived)).toBeUndefined();
    // ...and once the pointer is read again (here: kept for 1 ms, so the next read goes to KV), the old entry is never used
    await new Promise((r) => setTimeout(r, 5));
    await loadSite(env.SITES, HOST, 1);
    expect(serveCachedPageFast(new Request(`http://${HOST}/`), deployed)).toBeUndefined();
    const fresh = await visit(HOST, '/');
    expect(await fresh.text()).toContain('A newer page.');
  });
});
