// The anonymous-page cache: keyed by host, path, normalised query and snapshot version; per-response parts filled in
// on the way out; never for sessions, per-visitor pages or pages with a failed part; not poisoned by other headers.
import { beforeAll, describe, expect, it } from 'vitest';
import { login } from './support/auth.ts';
import { contextOf, FIXTURE_FILES } from './support/fixtures.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, visit } from './support/sites.ts';

const HOST = 'cached.localhost';
const site = () => {
  const s = structuredClone(FIXTURE_FILES.fernwood) as typeof FIXTURE_FILES.fernwood & { website: { identifier: string } };
  return s;
};

const PLAIN = 'plaincached.localhost';

beforeAll(async () => {
  await publish(site(), HOST);
  const plain = minimalSite({
    collections: [
      {
        id: 'notes',
        urlId: 'notes',
        title: 'Notes',
        type: 1,
        items: [{ id: 'n1', urlId: 'heron', title: 'A heron at the weir', status: 1, publishOn: '2026-10-01T07:00:00Z' }],
      },
    ],
  });
  plain.website.identifier = 'plaincached';
  plain.pages[0]!.layout.blocks = [
    { id: 'q', type: 31, data: { text: 'Quiet is a kind of weather.' } },
    { id: 's', type: 20, data: { collectionId: 'notes' } },
    { id: 'r', type: 49, data: { feedUrl: 'https://feeds.example.test/slow.xml?delay=20' } },
  ];
  await publish(plain, PLAIN);
});

/** Visits a page and gives the Worker's waitUntil a moment to store the copy it read to the end. */
async function warm(host: string, path: string, init?: RequestInit): Promise<Response> {
  const res = await visit(host, path, init);
  await res.text();
  await new Promise((r) => setTimeout(r, 30));
  return res;
}

const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
const cacheState = (res: Response) => res.headers.get('x-page-cache');
const crumbCookie = (res: Response) => /crumb=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];

describe('an anonymous GET', () => {
  it('is rendered once, then served from the cache with its own nonce and crumb', async () => {
    const first = await visit(PLAIN, '/');
    const firstHtml = await first.text();
    expect(cacheState(first)).toBe('miss');
    expect(firstHtml).toContain('First light on the ridge');
    await new Promise((r) => setTimeout(r, 20));
    const second = await visit(PLAIN, '/');
    const secondHtml = await second.text();
    expect(cacheState(second)).toBe('hit');
    expect(second.status).toBe(200);
    // what belongs to one response differs...
    expect(nonceOf(second)).toBeDefined();
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    for (const tag of secondHtml.match(/<(script|style|link)\b[^>]*nonce="[^"]*"/g) ?? [])
      expect(tag).toContain(`nonce="${nonceOf(second)}"`);
    expect(crumbCookie(second)).toBeDefined();
    expect(crumbCookie(second)).not.toBe(crumbCookie(first));
    // ...and nothing else does
    expect(secondHtml.replaceAll(nonceOf(second)!, 'N')).toBe(firstHtml.replaceAll(nonceOf(first)!, 'N'));
    expect(second.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it('stores the very bytes of a page rendered in one pass, text beyond ASCII included', async () => {
    const host = 'onepass.localhost';
    const words = 'Café au lait — naïve façade, 雪の朝, 🌲 and ✓';
    const one = minimalSite({});
    one.website.identifier = 'onepass';
    one.pages[0]!.layout.blocks = [{ id: 'q', type: 31, data: { text: words } }];
    await publish(one, host);
    const first = await visit(host, '/');
    const firstBytes = new Uint8Array(await first.arrayBuffer());
    expect(cacheState(first)).toBe('miss');
    await new Promise((r) => setTimeout(r, 20));
    const second = await visit(host, '/');
    const secondBytes = new Uint8Array(await second.arrayBuffer());
    expect(cacheState(second)).toBe('hit');
    const decoded = (bytes: Uint8Array, res: Response) => new TextDecoder().decode(bytes).replaceAll(nonceOf(res)!, 'N');
    expect(decoded(firstBytes, first)).toContain(words);
    expect(decoded(secondBytes, second)).not.toContain('\uFFFD');
    expect(decoded(secondBytes, second)).toBe(decoded(firstBytes, first));
    // the same length too: nothing was encoded twice or cut short
    expect(secondBytes.length - firstBytes.length).toBe(0);
  });

  it('is then served from the isolate memory, still with a nonce and crumb of its own, and retired by a publish', async () => {
    const host = 'memorytier.localhost';
    const s = minimalSite();
    s.website.identifier = 'memorytier';
    s.pages[0]!.layout.blocks = [{ id: 'q', type: 31, data: { text: 'Kept close at hand.' } }];
    await publish(s, host);
    const rendered = await warm(host, '/');
    expect(cacheState(rendered)).toBe('miss');
    const fromEdge = await visit(host, '/');
    expect(cacheState(fromEdge)).toBe('hit');
    expect(fromEdge.headers.get('x-page-cache-tier')).toBe('edge');
    const edgeHtml = await fromEdge.text();
    const pages = [];
    for (let i = 0; i < 3; i++) pages.push(await visit(host, '/'));
    const nonces = new Set([nonceOf(fromEdge)]);
    for (const page of pages) {
      expect(cacheState(page)).toBe('hit');
      expect(page.headers.get('x-page-cache-tier')).toBe('memory');
      const html = await page.text();
      const nonce = nonceOf(page)!;
      nonces.add(nonce);
      expect(html).toContain('Kept close at hand.');
      for (const tag of html.match(/<(script|style|link)\b[^>]*nonce="[^"]*"/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
      expect(html.replaceAll(nonce, 'N')).toBe(edgeHtml.replaceAll(nonceOf(fromEdge)!, 'N'));
      expect(crumbCookie(page)).toBeDefined();
    }
    expect(nonces.size).toBe(4);
    const next = minimalSite({ version: '2026-11-04.1' });
    next.website.identifier = 'memorytier';
    next.pages[0]!.layout.blocks = [{ id: 'q', type: 31, data: { text: 'Something new.' } }];
    await publish(next, host);
    const fresh = await visit(host, '/');
    expect(cacheState(fresh)).toBe('miss');
    expect(await fresh.text()).toContain('Something new.');
  });

  it('keeps the CSP of a page with owner code, which has no nonce to fill in', async () => {
    await warm(HOST, '/workshops');
    const hit = await visit(HOST, '/workshops');
    expect(cacheState(hit)).toBe('hit');
    expect(hit.headers.get('content-security-policy')).toContain("'unsafe-inline'");
    expect(hit.headers.get('content-security-policy')).not.toContain('__RUNTIME_NONCE__');
  });

  it('shares one entry between orderings of the same query', async () => {
    await warm(HOST, '/journal?tag=mist&page=1');
    expect(cacheState(await visit(HOST, '/journal?page=1&tag=mist'))).toBe('hit');
    expect(cacheState(await visit(HOST, '/journal?page=1&tag=moss'))).toBe('miss');
  });

  it('answers HEAD from the cache with headers only', async () => {
    await warm(HOST, '/contact');
    const head = await visit(HOST, '/contact', { method: 'HEAD' });
    expect(cacheState(head)).toBe('hit');
    expect(await head.text()).toBe('');
  });

  it('is retired when a new version is published', async () => {
    const host = 'republished.localhost';
    const s = minimalSite();
    s.website.identifier = 'republished';
    await publish(s, host);
    await warm(host, '/');
    expect(cacheState(await visit(host, '/'))).toBe('hit');
    const next = minimalSite({ version: '2026-11-03.1' });
    next.website.identifier = 'republished';
    next.pages[0]!.title = 'A new front page';
    await publish(next, host);
    const fresh = await visit(host, '/');
    expect(cacheState(fresh)).toBe('miss');
    expect(await fresh.text()).toContain('A new front page');
  });
});

describe('a scheduled item', () => {
  it('retires the cached list when its time comes, without a publish', async () => {
    const host = 'scheduled.localhost';
    const comesOut = new Date(Date.now() + 600).toISOString();
    const s = minimalSite({
      collections: [
        {
          id: 'notes',
          urlId: 'notes',
          title: 'Notes',
          type: 1,
          items: [
            { id: 'n1', urlId: 'heron', title: 'A heron at the weir', status: 1, publishOn: '2026-10-01T07:00:00Z' },
            { id: 'n2', urlId: 'otter', title: 'An otter at dusk', status: 2, publishOn: comesOut },
          ],
        },
      ],
    });
    s.website.identifier = 'scheduled';
    await publish(s, host);
    const before = await warm(host, '/notes');
    expect(cacheState(before)).toBe('miss');
    const cached = await visit(host, '/notes');
    expect(cacheState(cached)).toBe('hit');
    expect(await cached.text()).not.toContain('An otter at dusk');
    await new Promise((r) => setTimeout(r, Date.parse(comesOut) - Date.now() + 50));
    const after = await visit(host, '/notes');
    expect(cacheState(after)).toBe('miss');
    expect(await after.text()).toContain('An otter at dusk');
  });
});

describe('never cached', () => {
  it.each([
    ['search results', '/search?q=mist'],
    ['the cart', '/cart'],
    ['checkout', '/checkout'],
    ['order confirmation', '/commerce/order-confirmed?orderId=A1'],
    ['a lock screen', '/participants'],
  ])('%s', async (_name, path) => {
    await visit(HOST, path).then((r) => r.text());
    const again = await visit(HOST, path);
    expect(cacheState(again)).toBeNull();
  });

  it('an unlocked lock screen', async () => {
    const unlock = await visit(HOST, '/participants', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
      body: 'password=trailmix',
    });
    const cookie = unlock.headers.get('set-cookie')!.split(';')[0]!;
    const page = await visit(HOST, '/participants', { headers: { Cookie: cookie } });
    expect(cacheState(page)).toBeNull();
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const anonymous = await visit(HOST, '/participants');
    expect(contextOf(await anonymous.text()).pageTypeName).toBe('LOCK_SCREEN');
  });

  it('a request with a session, which also never fills the cache for others', async () => {
    const cookie = await login(HOST, 'reader@fernwood.example');
    const mine = await visit(HOST, '/elsewhere', { headers: { Cookie: cookie } });
    expect(cacheState(mine)).toBeNull();
    expect(contextOf(await mine.text()).authenticatedAccount).not.toBeNull();
    const anonymous = await visit(HOST, '/elsewhere');
    expect(cacheState(anonymous)).toBe('miss');
    expect(contextOf(await anonymous.text()).authenticatedAccount).toBeNull();
  });

  it('a page with a part that failed', async () => {
    const host = 'partial.localhost';
    const s = minimalSite();
    s.website.identifier = 'partial';
    s.pages[0]!.layout.blocks = [{ id: 'feed', type: 49, data: { feedUrl: 'https://feeds.example.test/broken.xml' } }];
    await publish(s, host);
    await warm(host, '/');
    expect(cacheState(await visit(host, '/'))).toBe('miss');
  });
});

describe('headers outside the key', () => {
  it('cannot poison the entry other visitors get', async () => {
    const poison = await visit(HOST, '/journal/larches-on-aizkorri', {
      headers: {
        'X-Forwarded-Host': 'evil.example',
        'X-Forwarded-Proto': 'http',
        'X-Original-URL': '/participants',
        'X-Rewrite-URL': '/participants',
        Forwarded: 'host=evil.example',
        'Accept-Language': 'xx',
        'User-Agent': 'Mozilla/5.0 <script>alert(1)</script>',
        Cookie: 'seven_frame_expanded=false; noredirect=1; crumb=forgedcrumb0123456789ab',
        'Sec-Fetch-Dest': 'document',
      },
    });
    expect(cacheState(poison)).toBe('miss');
    await poison.text();
    await new Promise((r) => setTimeout(r, 30));
    const visitor = await visit(HOST, '/journal/larches-on-aizkorri');
    expect(cacheState(visitor)).toBe('hit');
    const html = await visitor.text();
    expect(html).not.toContain('evil.example');
    expect(html).not.toContain('alert(1)');
    expect(html).not.toContain('forgedcrumb');
    expect(contextOf(html).pageTypeName).toBe('CONTENT_ITEM');
    expect(html).toContain('<link rel="canonical" href="https://www.fernwoodjournal.com/journal/larches-on-aizkorri"/>');
  });
});

describe('pageCacheId', () => {
  const url = new URL('http://Cached.localhost/journal?tag=mist&page=2');
  it.each([
    ['a query in another order', new URL('http://cached.localhost/journal?page=2&tag=mist'), 'v1', 'b1', false, true],
    ['another published version', url, 'v2', 'b1', false, false],
    ['another build (a deploy or a new stylesheet)', url, 'v1', 'b2', false, false],
    ['the complete variant for crawlers', url, 'v1', 'b1', true, false],
    ['another path', new URL('http://cached.localhost/journal/x?tag=mist&page=2'), 'v1', 'b1', false, false],
    ['another host', new URL('http://other.localhost/journal?tag=mist&page=2'), 'v1', 'b1', false, false],
  ] as const)('with %s: same key is %s', async (_name, other, version, build, complete, same) => {
    const { pageCacheId } = await import('../worker/render/page-cache.ts');
    const base = pageCacheId(url, 'v1', 'b1', false);
    expect(pageCacheId(other, version, build, complete) === base).toBe(same);
  });
});

describe('PAGE_CACHE = "off" (the ops switch)', () => {
  it('renders every anonymous GET afresh and stores nothing, while the cache stays on for everyone else', async () => {
    const { env, createExecutionContext, waitOnExecutionContext } = await import('cloudflare:test');
    const worker = (await import('../worker/index.ts')).default;
    const off = { ...env, PAGE_CACHE: 'off' };
    const host = 'offcached.localhost';
    await publish(site(), host);
    for (let i = 0; i < 3; i++) {
      const ctx = createExecutionContext();
      const res = await worker.fetch(new Request(`http://${host}/journal`), off, ctx);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Journal');
      await waitOnExecutionContext(ctx);
      expect(cacheState(res)).toBeNull();
    }
    // nothing was stored: the first visit with the cache on renders (a miss), the next one is a hit
    expect(cacheState(await warm(host, '/journal'))).toBe('miss');
    expect(cacheState(await warm(host, '/journal'))).toBe('hit');
  });
});
