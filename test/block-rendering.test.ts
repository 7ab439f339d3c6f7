// Every block type renders server-side from its fixture data, showing its own content (the words, links and images
// its data gives it, in the block's own part of the page, not only its wrapper); a block whose data does not fit is
// logged and skipped.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as z from 'zod';
import type { Block, Item, SiteSnapshot } from '../shared/snapshot/schema.ts';
import { BLOCK_CODES, BLOCK_NAMES, parseBlock, type BlockOf, type BlockTypeName } from '../worker/blocks/registry.ts';
import { fixture, FIXTURE_FILES, hostOf, publishFixtures, textOf, type FixtureName } from './support/fixtures.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, visit } from './support/sites.ts';

beforeAll(publishFixtures);
afterEach(() => vi.restoreAllMocks());

/** Where each block of an unlocked, visitor-visible place of a fixture can be seen. */
function placedBlocks(name: FixtureName): { block: Block; path: string }[] {
  const s: SiteSnapshot = fixture(name);
  if (s.website.password) return [];
  const out: { block: Block; path: string }[] = [];
  for (const page of s.pages) if (!page.password) for (const block of page.layout.blocks) out.push({ block, path: `/${page.urlId}` });
  for (const c of s.collections) {
    if (c.password) continue;
    for (const block of c.headerLayout?.blocks ?? []) out.push({ block, path: `/${c.urlId}` });
    for (const item of c.items) {
      if (item.status !== 1) continue;
      for (const block of item.body?.blocks ?? []) out.push({ block, path: `/${c.urlId}/${item.urlId}` });
    }
  }
  return out;
}

/** A block's data as its type reads it (defaults filled in). */
function parsed(block: Block): unknown {
  const result = parseBlock(block);
  if (!result.ok) throw new Error(`block ${block.id} does not fit its type`);
  return result.data;
}

const firstOfEachType = () => {
  const seen = new Map<BlockTypeName, { site: FixtureName; block: Block; path: string }>();
  for (const site of Object.keys(FIXTURE_FILES) as FixtureName[]) {
    for (const placed of placedBlocks(site)) {
      const name = BLOCK_NAMES.get(placed.block.type)!;
      if (!seen.has(name)) seen.set(name, { site, ...placed });
    }
  }
  return seen;
};

type DataOf<N extends BlockTypeName> = z.output<BlockOf<N>['schema']>;

/** What a block must show of its own data: words (as text), link targets and image files. */
interface Shows {
  text?: string[];
  links?: string[];
  images?: string[];
  /** markup it must carry (what is an attribute: a height, a placeholder, an owner's frame) */
  markup?: string[];
  /** words it must not show (what its data says to leave out) */
  hides?: string[];
}

const NOW = Date.now();
const collectionOf = (site: SiteSnapshot, id: string) => site.collections.find((c) => c.id === id)!;
/** The items visitors see, in the collection's order (newest first unless ordered by hand). */
function visibleItems(site: SiteSnapshot, id: string): Item[] {
  const collection = collectionOf(site, id);
  const items = collection.items.filter((i) => i.status === 1 || (i.status === 2 && Date.parse(i.publishOn) <= NOW));
  return collection.ordering === 'chronological' ? items.sort((a, b) => Date.parse(b.publishOn) - Date.parse(a.publishOn)) : items;
}
const itemHref = (site: SiteSnapshot, collectionId: string, item: Item) => `/${collectionOf(site, collectionId).urlId}/${item.urlId}`;
/** The first visible item of a collection: its title and its link. */
function firstItem(site: SiteSnapshot, collectionId: string): Shows {
  const item = visibleItems(site, collectionId)[0]!;
  return { text: [item.title], links: [itemHref(site, collectionId, item)] };
}
/** The first visible items of a photo collection: their images and the links each photograph carries. */
function photos(site: SiteSnapshot, collectionId: string, count: number): Shows {
  const items = visibleItems(site, collectionId).slice(0, count);
  return {
    text: [collectionOf(site, collectionId).title],
    images: items.map((i) => i.assetImage!.src),
    links: [`/${collectionOf(site, collectionId).urlId}`],
  };
}
const homepageId = (site: SiteSnapshot) => site.website.homepageId ?? site.pages[0]!.id;
/** A navigation entry's title and address, as the site names them. */
function navTarget(site: SiteSnapshot, id: string): { title: string; href: string } {
  const target = site.pages.find((p) => p.id === id) ?? site.collections.find((c) => c.id === id)!;
  return { title: target.title, href: id === homepageId(site) ? '/' : `/${target.urlId}` };
}
/** An owner's absolute link to this site, as e-mail blocks draw them. */
const absolute = (site: SiteSnapshot, path: string) => `${site.website.baseUrl}${path}`;
const pounds = (cents: number) => `£${(cents / 100).toFixed(2)}`;

/**
 * What each type shows from its own data: a Record over every block type, so a new type has to say what it shows. The
 * words come from the fixture's block data (and, for blocks that list a collection, from the items it names).
 */
const OWN_CONTENT: { [N in BlockTypeName]: (data: DataOf<N>, site: SiteSnapshot, block: Block) => Shows } = {
  navigation: (d, site) => {
    const entries = site.navigation[d.section]!.flatMap((e) => (e.kind === 'page' ? [{ ...navTarget(site, e.id), own: e.title }] : []));
    const folders = site.navigation[d.section]!.flatMap((e) => (e.kind === 'folder' ? [e.title] : []));
    return { text: [...entries.map((e) => e.own ?? e.title), ...folders], links: entries.map((e) => e.href) };
  },
  // the owner's HTML, placed as written: all its words
  html: (d) => ({ text: [textOf(d.html).trim()] }),
  logo: (d) => ({ text: [d.text!], links: [d.href] }),
  map: (d) => ({
    text: [d.location.addressTitle!, d.location.addressLine1!, d.location.addressLine2!, 'Open in Google Maps', 'Get directions'],
    links: [`https://maps.google.com/maps?sll=${d.location.markerLat}%2C${d.location.markerLng}&amp;q=`],
  }),
  image: (d) => ({ text: [d.title!, d.description!], links: [d.link!], images: [d.image.src] }),
  twitter: (d) => ({
    text: [d.handle, d.tweets[0]!.text],
    links: [`https://x.com/${d.handle}`, `https://x.com/${d.handle}/status/${d.tweets[0]!.id}`],
  }),
  journal: (d, site) => ({ ...firstItem(site, d.collectionId), images: [visibleItems(site, d.collectionId)[0]!.assetImage!.src] }),
  gallery: (d, site) => {
    const first = visibleItems(site, d.collectionId)[0]!;
    return { text: [first.title], images: [first.assetImage!.src], links: [`${first.assetImage!.src}?format=2500w`] };
  },
  form: (d, site) => {
    const form = site.forms.find((f) => f.id === d.formId)!;
    return { text: [form.title!, form.description!, form.submitButtonText ?? 'Submit'] };
  },
  geo: (d) => ({
    text: [d.locationName!, `${d.lat}° N`, 'View on map'],
    links: [`https://maps.google.com/maps?sll=${d.lat}%2C${d.lng}&amp;`],
  }),
  index: (d, site) => ({
    text: d.collectionIds.flatMap((id) => [collectionOf(site, id).title, visibleItems(site, id)[0]!.title]),
    links: d.collectionIds.flatMap((id) => [`/${collectionOf(site, id).urlId}`, itemHref(site, id, visibleItems(site, id)[0]!)]),
  }),
  collection_link: (d, site) => ({
    text: [collectionOf(site, d.collectionId).title, `${visibleItems(site, d.collectionId).length} items`],
    links: [`/${collectionOf(site, d.collectionId).urlId}`],
  }),
  link: (d) => ({ text: [d.title, d.description!], links: [d.url] }),
  tag_cloud: (d, site) => {
    const tag = visibleItems(site, d.collectionId).flatMap((i) => i.tags)[0]!;
    return { text: ['Tags', tag], links: [`/${collectionOf(site, d.collectionId).urlId}?tag=${encodeURIComponent(tag)}`] };
  },
  comments: (d, site) => {
    const item = collectionOf(site, d.collectionId).items.find((i) => i.id === d.itemId)!;
    return {
      text: ['Comments'],
      links: [absolute(site, `${itemHref(site, d.collectionId, item)}#comment-${item.id}`)],
    };
  },
  folder: (d) => ({ text: [d.title!, ...d.links.map((l) => l.title)], links: d.links.map((l) => l.url) }),
  menu: (d) => {
    const items = d.menus.flatMap((m) => m.sections.flatMap((s) => s.items));
    return {
      text: [
        ...d.menus.map((m) => m.title!),
        ...d.menus.flatMap((m) => m.sections.map((s) => s.title!)),
        ...items.map((i) => i.title),
        ...items.flatMap((i) => i.price ?? []),
      ],
    };
  },
  social_links: (d) => ({ links: d.links.map((l) => l.url) }),
  summary: (d, site) => ({
    text: [
      d.headerText!,
      ...visibleItems(site, d.collectionId)
        .slice(0, d.limit)
        .map((i) => i.title),
    ],
    // without showExcerpt, none of the excerpts
    hides: d.showExcerpt
      ? []
      : visibleItems(site, d.collectionId)
          .slice(0, d.limit)
          .flatMap((i) => (i.excerpt ? [textOf(i.excerpt).trim()] : [])),
  }),
  spacer: (d) => ({ markup: [`style="height:${d.height}px"`] }),
  // the owner's frame, placed as written
  embed: (d) => ({ markup: [/<iframe src="[^"]+"/.exec(d.html!)![0], `title="${d.title}"`] }),
  code: (d) => ({ text: d.code.split('\n') }),
  foursquare: (d) => ({ text: [d.checkins[0]!.venue, d.checkins[0]!.city!, d.checkins[0]!.shout!] }),
  instagram: (d, site) => photos(site, d.collectionId, 3),
  calendar: (d, site) => {
    const events = visibleItems(site, d.collectionId)
      .filter((i) => i.event)
      .sort((a, b) => Date.parse(a.event!.startDate) - Date.parse(b.event!.startDate));
    // the month of the next event (with none ahead, the latest)
    const next = events.find((e) => Date.parse(e.event!.endDate) >= NOW) ?? events.at(-1)!;
    return { text: [collectionOf(site, d.collectionId).title, next.title], links: [itemHref(site, d.collectionId, next)] };
  },
  posts_by_author: (d, site) => {
    const author = visibleItems(site, d.collectionId).find((i) => i.author)!.author!.displayName;
    return {
      text: [author, ...firstItem(site, d.collectionId).text!],
      links: [`/${collectionOf(site, d.collectionId).urlId}?author=${encodeURIComponent(author)}`],
    };
  },
  posts_by_tag: (d, site) => {
    const tags = [...new Set(visibleItems(site, d.collectionId).flatMap((i) => i.tags))].sort();
    return { text: [tags[0]!], links: [`/${collectionOf(site, d.collectionId).urlId}?tag=${encodeURIComponent(tags[0]!)}`] };
  },
  posts_by_category: (d, site) => {
    const category = visibleItems(site, d.collectionId).flatMap((i) => i.categories)[0]!;
    return { text: [category], links: [`/${collectionOf(site, d.collectionId).urlId}?category=${encodeURIComponent(category)}`] };
  },
  posts_by_month: (d, site) => {
    const newest = visibleItems(site, d.collectionId)[0]!;
    return {
      ...firstItem(site, d.collectionId),
      links: [`/${collectionOf(site, d.collectionId).urlId}?month=${newest.publishOn.slice(0, 7)}`],
    };
  },
  quote: (d) => ({ text: [d.text, d.source!] }),
  video: (d) => ({ text: [d.title!, d.description!, d.providerName!], links: [d.url], images: [d.thumbnail!.src] }),
  search: (d) => ({
    text: ['Search'],
    markup: ['action="/search"', `placeholder="${d.placeholder}"`, `data-collection-id="${d.collectionId}"`],
  }),
  audio: (d) => ({
    text: [d.title, d.author!, `${Math.floor(d.durationSeconds! / 60)}:${String(d.durationSeconds! % 60).padStart(2, '0')}`],
    markup: [`src="${d.url}"`],
  }),
  photo_community: (d, site) => photos(site, d.collectionId, 3),
  product: (d, site) => {
    const item = collectionOf(site, d.collectionId).items.find((i) => i.id === d.itemId)!;
    return {
      // a gift card: its amounts are chosen on the block, and bought with this button
      text: [item.title, 'Purchase Gift Card'],
      links: [itemHref(site, d.collectionId, item)],
      images: [item.product!.images[0]!.src],
    };
  },
  markdown: (d) => ({
    // the heading's words, the bold words and the links, converted
    text: [/^## (.+)$/m.exec(d.markdown)![1]!],
    links: [...d.markdown.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!),
    markup: [`<strong>${/\*\*(.+?)\*\*/.exec(d.markdown)![1]!}</strong>`],
  }),
  photo_sharing: (d, site) => photos(site, d.collectionId, 3),
  online_retailer: (d) => ({
    text: d.products.flatMap((p) => [p.title, p.price, ...(p.author ? [p.author] : [])]).concat(d.retailerName),
    links: d.products.map((p) => p.url),
    images: d.products.map((p) => p.image!.src),
  }),
  horizontal_rule: () => ({ markup: ['<hr class="cb-rule"/>'] }),
  social_account_links: (d) => ({ links: d.accounts.map((a) => a.url) }),
  rss: (d, site) => {
    // an own feed (/journal?format=rss), read in-process: its newest entries, linked on the site's domain
    const collection = site.collections.find((c) => `/${c.urlId}` === new URL(d.feedUrl, site.website.baseUrl).pathname)!;
    const items = visibleItems(site, collection.id).slice(0, d.limit);
    return { text: [d.title!, ...items.map((i) => i.title)], links: items.map((i) => absolute(site, itemHref(site, collection.id, i))) };
  },
  restaurant_booking: (d) => ({ text: [d.restaurantName, 'Find a Table'] }),
  newsletter: (d) => ({ text: [d.title!, d.description!, d.buttonText!, d.disclaimer!] }),
  donation: (d) => ({
    text: [d.title, d.description!, d.buttonText!, ...d.suggestedAmountsCents.map((c) => `Give £${c / 100}`)],
    links: [
      `/commerce/donate?donatePageId=${d.donatePageId}`,
      ...d.suggestedAmountsCents.map((c) => `/commerce/donate?donatePageId=${d.donatePageId}&amp;amount=${c}`),
    ],
  }),
  button: (d) => ({ text: [d.buttonText], links: [d.clickthroughUrl] }),
  social_account_links_v2: (d) => ({ links: d.accounts.map((a) => a.url) }),
  summary_v2: (d, site) => {
    const items = visibleItems(site, d.collectionId).slice(0, d.limit);
    return {
      text: [d.headerText!, ...items.map((i) => i.title), ...(d.showExcerpt ? [textOf(items[0]!.excerpt!).trim()] : [])],
      links: items.map((i) => itemHref(site, d.collectionId, i)),
      images: [items[0]!.assetImage!.src],
    };
  },
  audio_streaming: (d) => ({ text: [d.title!, d.provider!, `Listen on ${d.provider}`], links: [d.url] }),
  email_footer: (d, site) => ({ text: [d.address!, d.unsubscribeText!], links: [absolute(site, '/newsletter/unsubscribe')] }),
  in_browser_message_link: (d, site, block) => {
    const letters = site.collections.find((c) => c.items.some((i) => i.body?.blocks.some((b) => b.id === block.id)))!;
    const letter = letters.items.find((i) => i.body?.blocks.some((b) => b.id === block.id))!;
    return { text: [d.text!], links: [absolute(site, itemHref(site, letters.id, letter))] };
  },
  tour_dates: (d) => {
    // shows from a day ago on, the rest are over
    const cutoff = NOW - 86_400_000;
    const ahead = d.events.filter((e) => Date.parse(e.date) >= cutoff);
    const over = d.events.filter((e) => Date.parse(e.date) < cutoff);
    return {
      text: [d.artistName!, ...(ahead.length ? ahead.map((e) => e.venue) : ['No upcoming tour dates.'])],
      links: ahead.flatMap((e) => e.ticketUrl ?? []),
      hides: over.map((e) => e.venue),
    };
  },
  album: (d) => ({
    text: [d.title!, d.artist!, ...d.tracks.map((t) => t.title)],
    links: d.tracks.map((t) => t.url),
    images: [d.cover!.src],
  }),
  archive: (d, site) => ({
    ...firstItem(site, d.collectionId),
    text: [visibleItems(site, d.collectionId)[0]!.publishOn.slice(0, 4), ...firstItem(site, d.collectionId).text!],
  }),
  chart: (d) => ({ text: [d.title!, ...d.labels, ...d.series.map((s) => s.name), d.yAxisLabel!] }),
  wedding_registry: (d) => ({ text: [d.coupleName!, ...d.registries.map((r) => r.name)], links: d.registries.map((r) => r.url) }),
  appointment_scheduling: (d) => ({
    text: [
      d.businessName!,
      ...d.appointmentTypes.flatMap((t) => [t.name, `${t.durationMinutes} min`, ...(t.priceCents ? [pounds(t.priceCents)] : [])]),
    ],
    links: [d.bookingUrl],
  }),
  restaurant_booking_v2: (d) => ({ text: [d.restaurantName, 'Find a Table'] }),
};

/** The block's own part of the page: from its wrapper to the next block's. */
function blockHtml(html: string, blockId: string): string {
  const start = html.indexOf(`id="block-${blockId}"`);
  const next = html.slice(start + 1).search(/ id="block-[^"]+" data-block-type="/);
  return html.slice(start, next < 0 ? undefined : start + 1 + next);
}

describe('every block type', () => {
  const seen = firstOfEachType();

  it('appears on a page a visitor can open', () => {
    expect([...seen.keys()].sort()).toEqual((Object.keys(BLOCK_CODES) as BlockTypeName[]).sort());
  });

  it.each([...seen.entries()].map(([name, p]) => [name, p.site, p.path, p.block.id, p.block] as const))(
    '%s renders its own content on %s %s',
    async (name, site, path, blockId, block) => {
      const warnings = vi.spyOn(console, 'warn');
      const errors = vi.spyOn(console, 'error');
      const html = await (await visit(hostOf(site), path, { headers: { 'User-Agent': 'Googlebot/2.1' } })).text();
      const wrapper = new RegExp(`<div class="([^"]*)" id="block-${blockId}" data-block-type="(\\d+)"`).exec(html);
      expect(wrapper, `block ${blockId} is on the page`).not.toBeNull();
      expect(wrapper![1]!.split(' ')).toContain(`block-${name.replace(/_/g, '-')}`);
      expect(Number(wrapper![2])).toBe(BLOCK_CODES[name]);
      const logged = [...warnings.mock.calls, ...errors.mock.calls].map((c) => String(c[0])).filter((l) => l.includes(blockId));
      expect(logged).toEqual([]);
      // its own content, inside its own part of the page
      const own = blockHtml(html, blockId);
      const text = textOf(own);
      const shows = (OWN_CONTENT[name] as (data: unknown, site: SiteSnapshot, block: Block) => Shows)(parsed(block), fixture(site), block);
      for (const words of shows.text ?? []) expect(text, `${name} shows ${words}`).toContain(words);
      for (const href of shows.links ?? []) expect(own, `${name} links to ${href}`).toContain(`href="${href}`);
      for (const src of shows.images ?? [])
        expect(own, `${name} shows ${src}`).toMatch(new RegExp(`src="${src.replace(/[.?]/g, '\\$&')}(\\?format=\\d+w)?"`));
      for (const markup of shows.markup ?? []) expect(own, `${name} carries ${markup}`).toContain(markup);
      for (const words of shows.hides ?? []) expect(text, `${name} leaves out ${words}`).not.toContain(words);
      // and says something of its own: no entry of the table is empty
      expect(Object.values(shows).flat().length, `${name} shows something of its data`).toBeGreaterThan(0);
    },
  );
});

describe('block data that does not fit its type', () => {
  it('is logged and skipped for visitors while the rest of the page renders', async () => {
    const site = minimalSite();
    site.website.identifier = 'badblock';
    site.pages[0]!.layout.blocks = [
      { id: 'before', type: 2, data: { html: '<p>Before the broken button.</p>' } },
      { id: 'broken-button', type: 53, data: { buttonText: 'Go', clickthroughUrl: 'javascript:alert(1)' } },
      { id: 'future', type: 999, data: {} },
      { id: 'after', type: 2, data: { html: '<p>After the broken button.</p>' } },
    ];
    await publish(site, 'badblock.localhost');
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await visit('badblock.localhost', '/');
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('Before the broken button.');
    expect(html).toContain('After the broken button.');
    expect(html).not.toContain('block-broken-button');
    expect(html).not.toContain('javascript:alert');
    expect(html).not.toContain('block-future');
    const lines = warnings.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('block.skipped'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('"blockId":"broken-button"');
    expect(lines[0]).toContain('clickthroughUrl');
    expect(lines[1]).toContain('unknown block type 999');
  });
});
