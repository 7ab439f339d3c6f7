// What a site's blocks tell the site model, worked out where the block types are known: the words of a layout (search,
// feeds), the donation pages and newsletter forms the blocks make, an item's first video (galleries), the pages that
// show limited stock. At publish these are the traits the snapshot is split with (shared/snapshot/split.ts), so the site
// record carries them and the Worker never walks a site's blocks to find them.
import { layoutsOf } from '../../shared/snapshot/validate.ts';
import type { DonationPage, ItemVideo, SiteRecord } from '../../shared/snapshot/records.ts';
import type { Item, Layout, SiteSnapshot } from '../../shared/snapshot/schema.ts';
import type { SplitTraits } from '../../shared/snapshot/split.ts';
import { embedType } from '../../shared/video/embed.ts';
import { SiteModel, UNINDEXED } from '../site/model.ts';
import { tidyEmbedHtml } from './parts/embed.ts';
import { parseBlock } from './registry.ts';
import { stockPagesOf } from './stock-pages.ts';
import videoBlock from './video/index.ts';
import { schema as videoSchema } from './video/schema.ts';

/** The plain text of a layout, for search and descriptions: each block's own words (its text trait), in order. */
function layoutText(layout: Layout | undefined): string {
  if (!layout) return '';
  const parts: string[] = [];
  for (const block of layout.blocks) {
    const parsed = parseBlock(block);
    if (parsed.ok && parsed.definition.text) parts.push(parsed.definition.text(parsed.data));
  }
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** Every block of the snapshot whose data fits its type, with its definition. */
function* parsedBlocks(snapshot: SiteSnapshot) {
  for (const [, layout] of layoutsOf(snapshot)) {
    for (const block of layout.blocks) {
      const parsed = parseBlock(block);
      if (parsed.ok) yield parsed;
    }
  }
}

/** The video of a video slide: the first video block of the item's body that embeds something, tidied as it is drawn. */
function itemVideo(item: Item): ItemVideo | undefined {
  for (const block of item.body?.blocks ?? []) {
    if (block.type !== videoBlock.code) continue;
    const parsed = videoSchema.safeParse(block.data);
    if (parsed.success && embedType(parsed.data.html) !== 'invalid') {
      return { html: tidyEmbedHtml(parsed.data.html, parsed.data.title), providerName: parsed.data.providerName };
    }
  }
  return undefined;
}

/** The traits a snapshot is split with at publish (and when the Worker reads a site stored before records). */
export const blockTraits: SplitTraits = {
  layoutText,
  donationPages(snapshot) {
    const pages = new Map<string, DonationPage>();
    for (const { definition, data } of parsedBlocks(snapshot)) {
      const page = definition.donationPage?.(data);
      if (page && !pages.has(page.donatePageId)) pages.set(page.donatePageId, page);
    }
    return [...pages.values()];
  },
  newsletterBlockForms(snapshot) {
    const forms = new Set<string>();
    for (const { definition, data } of parsedBlocks(snapshot)) {
      const formId = definition.newsletterForm?.(data);
      if (formId) forms.add(formId);
    }
    return [...forms];
  },
  itemVideo,
  stockPages: stockPagesOf,
};

/**
 * The site model of a snapshot's site record alone, without the records of its items (which are made at publish): what
 * a stand-in site (the ERROR page of a host whose site cannot be read) and helpers that only need the site's pages,
 * collections and URLs are given. Reading an item, a list or an index of it fails, saying so.
 */
export function siteModelOf(snapshot: SiteSnapshot, version: string): SiteModel {
  const { collections, ...rest } = snapshot;
  const record: SiteRecord = {
    ...rest,
    kind: 'site',
    version,
    collections: collections.map(({ items: _items, ...meta }) => meta),
    donationPages: blockTraits.donationPages(snapshot),
    newsletterBlockForms: blockTraits.newsletterBlockForms(snapshot),
    pageStock: {},
    epochs: [{ from: 0, collections: {}, ids: [], search: '', sitemap: '' }],
  };
  return new SiteModel(record, UNINDEXED);
}
