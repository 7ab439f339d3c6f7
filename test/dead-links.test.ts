// No page of any fixture site links to a path that does not answer or to an anchor that is not there: every page a
// visitor can reach (from the home page, the snapshot's pages, collections and items, the system pages), every link on
// it followed through the real Worker, redirects included; a #fragment must name an id on its target page (a §2
// gallery deep link `#itemId=…` a slide of it). New pages are covered as soon as a link or the snapshot leads to them.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteSnapshot } from '../shared/snapshot/schema.ts';
import { crawlSite, fetchPage, NOT_A_PAGE, unlockFixture, type CrawledPage } from './support/crawl.ts';
import { fixture, FIXTURE_FILES, hostOf, publishFixtures, type FixtureName } from './support/fixtures.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish } from './support/sites.ts';
import { NO_COMMENT_SERVICE } from '../worker/kit/comments.tsx';

beforeAll(publishFixtures);

/** Every link of every crawled page that leads nowhere, as `page → href: why`. */
async function deadLinks(host: string, snapshot: SiteSnapshot, cookie?: string): Promise<{ pages: number; links: number; dead: string[] }> {
  const pages = await crawlSite(host, snapshot, cookie === undefined ? {} : { cookie });
  const origin = `http://${host}`;
  const dead: string[] = [];
  let links = 0;
  const target = async (path: string): Promise<CrawledPage> => {
    let page = pages.get(path) ?? (await fetchPage(host, path, cookie));
    pages.set(path, page);
    // redirects within the site are followed to the page they end on
    for (let hops = 0; page.status >= 300 && page.status < 400 && page.location && hops < 5; hops++) {
      const next = new URL(page.location, `${origin}${page.path}`);
      if (next.origin !== origin) break;
      const nextPath = next.pathname + next.search;
      page = pages.get(nextPath) ?? (await fetchPage(host, nextPath, cookie));
      pages.set(nextPath, page);
    }
    return page;
  };
  for (const page of [...pages.values()]) {
    if (!page.html || page.status >= 400) continue;
    for (const link of page.links) {
      if (link.url.protocol !== 'http:' && link.url.protocol !== 'https:') {
        if (/^javascript:/i.test(link.href)) dead.push(`${page.path} → ${link.href}: a script, not a link`);
        continue;
      }
      if (link.url.origin !== origin) continue;
      links++;
      const where = `${page.path} → ${link.href}`;
      if (link.href === '#' || link.href.endsWith('#')) {
        dead.push(`${where}: an empty fragment goes nowhere`);
        continue;
      }
      const path = link.url.pathname + link.url.search;
      const to = link.href.startsWith('#') ? page : await target(path);
      if (to.status >= 400 || to.status === 0) {
        dead.push(`${where}: ${to.status}`);
        continue;
      }
      if (to.status >= 300) {
        if (!NOT_A_PAGE.test(path)) dead.push(`${where}: a redirect that does not end on a page (${to.status} ${to.location})`);
        continue;
      }
      const fragment = decodeURIComponent(link.url.hash.slice(1));
      if (!fragment) continue;
      const deepLink = /^[\w-]+=(.+)$/.exec(fragment);
      if (deepLink) {
        if (!to.slides.has(deepLink[1]!)) dead.push(`${where}: no gallery slide ${deepLink[1]} on ${to.path}`);
      } else if (!to.ids.has(fragment)) {
        dead.push(`${where}: no element with id "${fragment}" on ${to.path}`);
      }
    }
  }
  return { pages: pages.size, links, dead };
}

describe('links on the fixture sites', () => {
  it('finds the dead links it is meant to find', async () => {
    const host = 'deadlinks.localhost';
    const html = [
      '<p><a href="/home">home</a> <a href="/nowhere">lost</a> <a href="#nothing-here">here</a> <a href="/home#main">main</a>',
      '<a href="/home#missing">missing</a> <a href="#">top</a> <a href="https://elsewhere.example/x#y">away</a>',
      '<a href="mailto:a@b.example">mail</a> <a href="/home/">slash</a> <a href="/media/nope.jpg">file</a></p>',
    ].join('');
    await publish(
      minimalSite({
        website: { ...minimalSite().website, identifier: 'deadlinks' },
        pages: [{ id: 'home', urlId: 'home', title: 'Welcome', layout: { blocks: [{ id: 'b1', type: 2, data: { html } }] } }],
      }),
      host,
    );
    const { dead } = await deadLinks(host, minimalSite() as unknown as SiteSnapshot);
    const onHome = dead.filter((d) => d.startsWith('/home →')).sort();
    expect(onHome).toEqual(
      [
        '/home → #: an empty fragment goes nowhere',
        '/home → #nothing-here: no element with id "nothing-here" on /home',
        '/home → /home#missing: no element with id "missing" on /home',
        '/home → /media/nope.jpg: 404',
        '/home → /nowhere: 404',
      ].sort(),
    );
  });

  for (const site of Object.keys(FIXTURE_FILES) as FixtureName[]) {
    it(`${site}: every link leads to a page that answers, and every #fragment to an element of it`, async () => {
      const host = hostOf(site);
      const cookie = await unlockFixture(site, host);
      const { pages, links, dead } = await deadLinks(host, fixture(site), cookie);
      expect(dead).toEqual([]);
      // the crawl did follow links
      expect(pages).toBeGreaterThan(10);
      expect(links).toBeGreaterThan(pages);
    });
  }
});

describe('links that answer but must lead to the right place', () => {
  const LETTER = '/letters/letter-22-the-larches-have-turned';

  it("a letter's 'View this email in your browser' opens that letter, and its e-mail links are absolute", async () => {
    const page = await fetchPage(hostOf('fernwood'), LETTER);
    const browserLink = /<p class="cb-email-browser-link"><a href="([^"]+)">View this email in your browser<\/a>/.exec(page.html);
    expect(browserLink?.[1]).toBe(`https://www.fernwoodjournal.com${LETTER}`);
    const unsubscribe = /<p class="cb-email-unsubscribe"><a href="([^"]+)"/.exec(page.html);
    expect(unsubscribe?.[1]).toBe('https://www.fernwoodjournal.com/newsletter/unsubscribe');
  });

  it("'Comments' on an item and in the comments block lead to the item's comments section, which says there is no comment service", async () => {
    const snapshot = fixture('fernwood');
    const journal = snapshot.collections.find((c) => c.urlId === 'journal')!;
    const item = journal.items.find((i) => i.status === 1 && i.commentCount > 1)!;
    const path = `/journal/${item.urlId}`;
    const page = await fetchPage(hostOf('fernwood'), path);
    const link = page.links.find((l) => l.url.hash === `#comment-${item.id}`);
    expect(link?.url.href).toBe(`https://www.fernwoodjournal.com${path}#comment-${item.id}`);
    expect(page.ids.has(`comment-${item.id}`)).toBe(true);
    const section = new RegExp(`<section class="comments" id="comment-${item.id}"[^>]*>([\\s\\S]*?)</section>`).exec(page.html)?.[1] ?? '';
    expect(section).toContain('>Comments</h2>');
    // the snapshot's count is not the service's: without a service the section says so, and no count is shown
    expect(section).toContain(NO_COMMENT_SERVICE);
    expect(page.html).not.toContain(`(${item.commentCount})`);
  });

  it("with a comment service, 'Comments' leads to the service's thread element on the item's page", async () => {
    const site = fixture('fernwood');
    site.website = { ...site.website, identifier: 'fernwood-threads' };
    site.settings = { ...site.settings, commentServiceShortname: 'fernwood-journal' };
    await publish(site, 'threads.localhost');
    const about = await fetchPage('threads.localhost', '/about');
    const toThread = about.links.filter((l) => l.url.hash === '#disqus_thread');
    expect(toThread.length).toBeGreaterThan(0);
    for (const link of toThread) {
      const target = await fetchPage('threads.localhost', link.url.pathname);
      expect(target.ids.has('disqus_thread'), link.href).toBe(true);
      expect(target.html).toContain('data-comment-service="fernwood-journal"');
    }
  });
});
