// §2's page types: shared/codes.ts and the page registry against §2's table (copied here from the spec on purpose, so
// either drifting from it fails, as the block registry's test does with §3's), then every page type of every fixture
// site through the real Worker: the right status, page type and snapshot content.
import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_TYPES, CONTENT_STATUS, PAGE_TYPES, type PageTypeName } from '../shared/codes.ts';
import type { SiteSnapshot } from '../shared/snapshot/schema.ts';
import { layoutsOf } from '../shared/snapshot/validate.ts';
import { BLOCK_CODES } from '../worker/blocks/registry.ts';
import { PAGES } from '../worker/pages/registry.ts';
import { contextOf, fixture, FIXTURE_FILES, hostOf, publishFixtures, textOf, type FixtureName } from './support/fixtures.ts';
import { publish, visit } from './support/sites.ts';

beforeAll(publishFixtures);

/** §2 "Page types", name → code, in the spec's order. */
const SPEC_PAGE_TYPES: [name: string, code: number][] = [
  ['MAIN_CONTENT', 1],
  ['CONTENT_COLLECTION', 1],
  ['PAGE', 2],
  ['SPLASH_PAGE', 3],
  ['CONTENT_ITEM', 50],
  ['NOT_FOUND', 100],
  ['ERROR', 101],
  ['SEARCH', 102],
  ['LOCK_SCREEN', 103],
  ['POPUP_OVERLAY', 104],
  ['SHOW_CART', 200],
  ['CHECKOUT', 201],
  ['ORDER_CONFIRMED', 202],
  ['DONATE', 203],
  ['CONTRIBUTION_CONFIRMED', 204],
  ['COMMERCE_CART_V2', 205],
  ['NEWSLETTER_UNSUBSCRIBE', 300],
  ['COMMERCE_EMAIL_PREVIEW', 301],
];

describe('§2 page types', () => {
  it('are the spec’s names and codes, no more and no fewer (shared/codes.ts)', () => {
    expect(Object.entries(PAGE_TYPES)).toEqual(SPEC_PAGE_TYPES);
  });

  it('each have one definition in the page registry, which has none of another name', () => {
    expect(Object.keys(PAGES).sort()).toEqual(SPEC_PAGE_TYPES.map(([name]) => name).sort());
  });
});

interface Case {
  path: string;
  status: number;
  pageType: PageTypeName;
  /** texts the page must show */
  shows: string[];
  /** texts the page must not show */
  hides?: string[];
}

const NOW = Date.now();
const visible = (s: SiteSnapshot, collectionId: string) =>
  s.collections
    .find((c) => c.id === collectionId)!
    .items.filter(
      (i) => i.status === CONTENT_STATUS.PUBLISHED || (i.status === CONTENT_STATUS.SCHEDULED && Date.parse(i.publishOn) <= NOW),
    );

function homepageId(s: SiteSnapshot): string {
  if (s.website.homepageId) return s.website.homepageId;
  const first = s.navigation.mainNavigation?.find((n) => n.kind === 'page');
  return first && first.kind === 'page' ? first.id : s.pages[0]!.id;
}

/** The cases a fixture's own content implies. */
function casesFor(name: FixtureName): Case[] {
  const s = fixture(name);
  const cases: Case[] = [];
  const home = homepageId(s);
  const siteLocked = !!s.website.password;
  for (const page of s.pages) {
    const pageType: PageTypeName = page.type === COLLECTION_TYPES.SPLASH_PAGE ? 'SPLASH_PAGE' : 'PAGE';
    const paths = [`/${page.urlId}`, ...(page.id === home ? ['/'] : [])];
    for (const path of paths) {
      if (page.password || siteLocked) cases.push({ path, status: 200, pageType: 'LOCK_SCREEN', shows: [page.title], hides: [] });
      else cases.push({ path, status: 200, pageType, shows: [page.title] });
    }
  }
  for (const c of s.collections) {
    const items = visible(s, c.id);
    const listType: PageTypeName = c.id === home ? 'MAIN_CONTENT' : 'CONTENT_COLLECTION';
    if (c.password || siteLocked) {
      cases.push({
        path: `/${c.urlId}`,
        status: 200,
        pageType: 'LOCK_SCREEN',
        shows: [c.title],
        hides: items.slice(0, 1).map((i) => i.title),
      });
      continue;
    }
    cases.push({ path: `/${c.urlId}`, status: 200, pageType: listType, shows: [c.title, ...items.slice(0, 1).map((i) => i.title)] });
    for (const item of [items[0], items.at(-1)]) {
      if (item) cases.push({ path: `/${c.urlId}/${item.urlId}`, status: 200, pageType: 'CONTENT_ITEM', shows: [item.title] });
    }
    for (const hidden of c.items.filter((i) => !items.includes(i))) {
      cases.push({
        path: `/${c.urlId}/${hidden.urlId}`,
        status: 404,
        pageType: 'NOT_FOUND',
        shows: [s.website.title],
        hides: [hidden.title],
      });
    }
  }
  cases.push({ path: '/no-such-page-here', status: 404, pageType: 'NOT_FOUND', shows: [s.website.title, 'Error 404'] });
  cases.push({ path: '/search', status: 200, pageType: 'SEARCH', shows: ['Search'] });
  const cart: PageTypeName = s.settings.storeSettings.cartVersion === 2 ? 'COMMERCE_CART_V2' : 'SHOW_CART';
  cases.push({ path: '/cart', status: 200, pageType: cart, shows: [] });
  cases.push({ path: '/checkout', status: 200, pageType: 'CHECKOUT', shows: [] });
  // an order is shown only to the browser that placed it (test/store-pages.test.ts): a stranger's id is not echoed
  cases.push({
    path: '/commerce/order-confirmed?orderId=ORD-20417',
    status: 200,
    pageType: 'ORDER_CONFIRMED',
    shows: ['This order can only be shown in the browser it was placed in.'],
  });
  cases.push({ path: '/newsletter/unsubscribe?email=reader%40example.com', status: 200, pageType: 'NEWSLETTER_UNSUBSCRIBE', shows: [] });
  cases.push({ path: '/commerce/email-preview', status: 200, pageType: 'COMMERCE_EMAIL_PREVIEW', shows: [s.website.title] });
  cases.push({
    path: '/popup-overlay',
    status: 200,
    pageType: 'POPUP_OVERLAY',
    shows: s.settings.popupOverlaySettings ? [s.settings.popupOverlaySettings.title] : [],
  });
  for (const [, layout] of layoutsOf(s)) {
    for (const block of layout.blocks) {
      if (block.type !== BLOCK_CODES.donation) continue;
      const d = block.data as { donatePageId: string; title: string };
      cases.push({ path: `/commerce/donate?donatePageId=${d.donatePageId}`, status: 200, pageType: 'DONATE', shows: [d.title] });
      cases.push({
        path: `/commerce/contribution-confirmed?donatePageId=${d.donatePageId}`,
        status: 200,
        pageType: 'CONTRIBUTION_CONFIRMED',
        shows: [],
      });
    }
  }
  cases.push({ path: '/commerce/donate?donatePageId=no-such-fund', status: 404, pageType: 'NOT_FOUND', shows: [] });
  if (!siteLocked) return cases;
  // a password-protected site shows its lock screen for every URL, and none of the content behind it; but a newsletter's
  // unsubscribe link always works (the page shows no content of the site)
  return cases.map((c) =>
    c.pageType === 'NEWSLETTER_UNSUBSCRIBE'
      ? c
      : {
          path: c.path,
          status: 200,
          pageType: 'LOCK_SCREEN',
          shows: [s.website.title],
          hides: c.shows.filter((t) => t !== s.website.title && t !== 'Search'),
        },
  );
}

for (const name of Object.keys(FIXTURE_FILES) as FixtureName[]) {
  describe(`fixture site ${name}`, () => {
    it.each(casesFor(name).map((c) => [c.path, c] as const))('GET %s', async (_path, c) => {
      const res = await visit(hostOf(name), c.path);
      const html = await res.text();
      expect(res.status, html.slice(0, 400)).toBe(c.status);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const context = contextOf(html);
      expect(context.pageTypeName).toBe(c.pageType);
      expect(context.pageType).toBe(PAGE_TYPES[c.pageType]);
      expect(context.website.identifier).toBe(name);
      expect(html).toContain(`page-type-${c.pageType.toLowerCase().replace(/_/g, '-')}`);
      const text = textOf(html);
      for (const shown of c.shows) expect(text).toContain(shown);
      for (const hidden of c.hides ?? []) expect(text).not.toContain(hidden);
    });
  });
}

describe('every page type', () => {
  it('appears in the fixtures (ERROR through a broken snapshot)', () => {
    const covered = new Set<PageTypeName>(['ERROR']);
    for (const name of Object.keys(FIXTURE_FILES) as FixtureName[]) for (const c of casesFor(name)) covered.add(c.pageType);
    expect([...covered].sort()).toEqual((Object.keys(PAGE_TYPES) as PageTypeName[]).sort());
  });
});

describe('collection filters and paging', () => {
  it('narrows a collection list to a tag with ?tag=', async () => {
    const s = fixture('fernwood');
    const journal = s.collections.find((c) => c.type === COLLECTION_TYPES.GENERIC && c.items.length > 5)!;
    const items = visible(s, journal.id);
    const tag = items.flatMap((i) => i.tags).find((t) => items.some((i) => !i.tags.includes(t)))!;
    const res = await visit(hostOf('fernwood'), `/${journal.urlId}?tag=${encodeURIComponent(tag)}`);
    const text = textOf(await res.text());
    expect(res.status).toBe(200);
    const tagged = items.filter((i) => i.tags.includes(tag));
    const untagged = items.filter((i) => !i.tags.includes(tag));
    for (const i of tagged.slice(0, journal.itemsPerPage)) expect(text).toContain(i.title);
    for (const i of untagged) expect(text).not.toContain(i.title);
    expect(text).toContain(`in tag ${tag}`);
  });

  it('narrows a collection list to a category with ?category=', async () => {
    const s = fixture('fernwood');
    const journal = s.collections.find((c) => c.type === COLLECTION_TYPES.GENERIC && c.items.length > 5)!;
    const items = visible(s, journal.id);
    const category = items.flatMap((i) => i.categories)[0]!;
    const res = await visit(hostOf('fernwood'), `/${journal.urlId}?category=${encodeURIComponent(category)}`);
    const text = textOf(await res.text());
    for (const i of items.filter((i) => !i.categories.includes(category))) expect(text).not.toContain(i.title);
  });

  it('serves a collection as an RSS feed with ?format=rss', async () => {
    const s = fixture('fernwood');
    const journal = s.collections.find((c) => c.type === COLLECTION_TYPES.GENERIC && c.items.length > 5)!;
    const res = await visit(hostOf('fernwood'), `/${journal.urlId}?format=rss`);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const xml = await res.text();
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain(visible(s, journal.id)[0]!.title.replace(/&/g, '&amp;').replace(/'/g, '&apos;'));
  });
});

describe('search', () => {
  it('finds items by a word of their text and marks it', async () => {
    const s = fixture('fernwood');
    const journal = s.collections.find((c) => c.type === COLLECTION_TYPES.GENERIC && c.items.length > 5)!;
    const item = visible(s, journal.id)[2]!;
    const word = item.title
      .split(/\s+/)
      .find((w) => w.length > 5)!
      .replace(/[^\p{L}]/gu, '');
    const res = await visit(hostOf('fernwood'), `/search?q=${encodeURIComponent(word)}`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(contextOf(html).pageTypeName).toBe('SEARCH');
    expect(textOf(html)).toMatch(/\d+ results? for/);
    expect(html).toMatch(new RegExp(`<mark>${word}</mark>`, 'i'));
  });

  it('never finds drafts, scheduled items before their time, or locked pages', async () => {
    const s = fixture('fernwood');
    const unpublished = s.collections.flatMap((c) => c.items.filter((i) => !visible(s, c.id).includes(i)).map((i) => ({ c, i })));
    const locked = s.pages.filter((p) => p.password);
    expect(unpublished.length).toBeGreaterThan(0);
    expect(locked.length).toBeGreaterThan(0);
    for (const { c, i } of unpublished) {
      const html = await (await visit(hostOf('fernwood'), `/search?q=${encodeURIComponent(i.title)}`)).text();
      expect(html).not.toContain(`href="/${c.urlId}/${i.urlId}"`);
    }
    for (const page of locked) {
      const html = await (await visit(hostOf('fernwood'), `/search?q=${encodeURIComponent(page.title)}`)).text();
      expect(html).not.toContain(`href="/${page.urlId}"><mark`);
      expect(html).not.toMatch(new RegExp(`<li><p class="meta">Page</p><h2><a href="/${page.urlId}"`));
    }
  });
});

describe('unknown hosts', () => {
  it('answers 404 for a host with no published site', async () => {
    const res = await visit('nobody.localhost', '/');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('No site is published at nobody.localhost');
  });

  it('lists the published sites on 127.0.0.1', async () => {
    const res = await visit('127.0.0.1:8787', '/');
    const html = await res.text();
    expect(res.status).toBe(200);
    for (const name of Object.keys(FIXTURE_FILES)) expect(html).toContain(`http://${name}.localhost:8787/`);
  });

  it('serves a site published at another host', async () => {
    await publish(FIXTURE_FILES.lumen, 'www.lumen-studio.example');
    const res = await visit('www.lumen-studio.example', '/');
    expect(contextOf(await res.text()).website.identifier).toBe('lumen');
  });
});
