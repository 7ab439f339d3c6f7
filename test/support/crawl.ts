// A visitor's crawl of one site through the real Worker: every page reachable by following links from the home page,
// the snapshot's own pages, collections and items, and the system pages no link leads to. Each page's links and ids
// are read with workerd's HTMLRewriter (a real HTML parser), so the checks see what a browser would.
import type { SiteSnapshot } from '../../shared/snapshot/schema.ts';
import { expect } from 'vitest';
import type { FixtureName } from './fixtures.ts';
import { visit } from './sites.ts';

/** Locked content to open first, with the fixture's own passwords (fixtures/README.md), so a crawl sees it too. */
export const FIXTURE_LOCKS: Partial<Record<FixtureName, { path: string; password: string }>> = {
  fernwood: { path: '/participants', password: 'trailmix' },
  hollow: { path: '/', password: 'open-the-gate' },
};

/** The unlock cookie of a fixture's locked content (undefined when it has none), got as a visitor gets it. */
export async function unlockFixture(site: FixtureName, host: string): Promise<string | undefined> {
  const lock = FIXTURE_LOCKS[site];
  if (!lock) return undefined;
  const res = await visit(host, lock.path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin', 'CF-Connecting-IP': '198.51.100.40' },
    body: new URLSearchParams({ password: lock.password }).toString(),
  });
  expect(res.status, `unlocking ${host}${lock.path}`).toBe(303);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

/** Pages no link leads to: the system and commerce page types of §2 (and of the routes the runtime chose). */
export const SYSTEM_PATHS = [
  '/',
  '/search?q=the',
  '/no-such-page',
  '/cart',
  '/checkout',
  '/commerce/order-confirmed?orderId=TH-10452',
  '/commerce/email-preview',
  '/popup-overlay',
  '/newsletter/unsubscribe?email=reader%40example.com',
  '/login',
];

/** Paths that are files or endpoints rather than pages: a link to one must answer, but it is not read for links. */
export const NOT_A_PAGE = /^\/(media|client|_runtime|api|config)\b|[?&]format=rss\b|\.(css|js|xml|txt|jpe?g|png|webp)(\?|$)/;

export interface CrawledLink {
  /** the href as written */
  href: string;
  /** the absolute URL it resolves to */
  url: URL;
}

export interface CrawledPage {
  /** path and query */
  path: string;
  status: number;
  /** where a redirect points (the Location header) */
  location?: string | undefined;
  contentType: string;
  links: CrawledLink[];
  /** every id in the document, and the names of <a name> anchors */
  ids: Set<string>;
  /** the slide ids and slide URLs of galleries (§2 deep links `#itemId=…` name them) */
  slides: Set<string>;
  html: string;
}

/** The links and anchors of a document, parsed as HTML. */
export async function readPage(html: string, base: URL): Promise<Pick<CrawledPage, 'links' | 'ids' | 'slides'>> {
  const links: CrawledLink[] = [];
  const ids = new Set<string>();
  const slides = new Set<string>();
  const rewriter = new HTMLRewriter()
    .on('a[href], area[href]', {
      element(el) {
        const href = el.getAttribute('href')!;
        try {
          links.push({ href, url: new URL(href, base) });
        } catch {
          links.push({ href, url: new URL('http://invalid.invalid/') });
        }
      },
    })
    .on('[id]', {
      element(el) {
        ids.add(el.getAttribute('id')!);
      },
    })
    .on('a[name]', {
      element(el) {
        ids.add(el.getAttribute('name')!);
      },
    })
    .on('[data-slide-id], [data-slide-url]', {
      element(el) {
        for (const name of ['data-slide-id', 'data-slide-url']) {
          const value = el.getAttribute(name);
          if (value) slides.add(value);
        }
      },
    });
  await rewriter.transform(new Response(html)).text();
  return { links, ids, slides };
}

export interface CrawlOptions {
  /** a cookie every request carries (an unlocked site) */
  cookie?: string;
  maxPages?: number;
}

/** Crawls a site at `host`: the start paths, then every same-site page a link leads to. */
export async function crawlSite(host: string, snapshot: SiteSnapshot, options: CrawlOptions = {}): Promise<Map<string, CrawledPage>> {
  const { cookie, maxPages = 800 } = options;
  const origin = `http://${host}`;
  // absolute links (feeds, e-mail and comment links) name the site's own origin, its primary domain over https
  const own = `https://${new URL(snapshot.website.baseUrl).host}`;
  const pages = new Map<string, CrawledPage>();
  const queue = [
    ...SYSTEM_PATHS,
    ...snapshot.pages.map((p) => `/${p.urlId}`),
    ...snapshot.collections.flatMap((c) => [`/${c.urlId}`, ...c.items.map((i) => `/${c.urlId}/${i.urlId}`)]),
  ];
  const text = JSON.stringify(snapshot);
  for (const m of text.matchAll(/"donatePageId":\s*"([^"]+)"/g)) {
    queue.push(`/commerce/donate?donatePageId=${m[1]}`, `/commerce/contribution-confirmed?donatePageId=${m[1]}`);
  }
  while (queue.length > 0 && pages.size < maxPages) {
    const path = queue.shift()!;
    if (pages.has(path)) continue;
    const page = await fetchPage(host, path, cookie);
    pages.set(path, page);
    for (const link of page.links) {
      if (link.url.origin !== origin && link.url.origin !== own) continue;
      const next = link.url.pathname + link.url.search;
      // a link that logs out changes state rather than showing a page
      if (!pages.has(next) && !NOT_A_PAGE.test(next) && !link.url.searchParams.has('logout')) queue.push(next);
    }
  }
  return pages;
}

/** One GET through the Worker, not following redirects; HTML is read for links and ids. */
export async function fetchPage(host: string, path: string, cookie?: string): Promise<CrawledPage> {
  const res = await visit(host, path, { headers: cookie ? { Cookie: cookie } : {} });
  const contentType = res.headers.get('content-type') ?? '';
  let html = '';
  if (contentType.includes('text/html')) html = await res.text();
  else await res.body?.cancel();
  const read = html
    ? await readPage(html, new URL(`http://${host}${path}`))
    : { links: [], ids: new Set<string>(), slides: new Set<string>() };
  return { path, status: res.status, location: res.headers.get('location') ?? undefined, contentType, html, ...read };
}
