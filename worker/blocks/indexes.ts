// What a site's blocks tell the site model (worker/site/model.ts, BlockIndexes): the donation pages they make
// routable, the forms their newsletters sign up to, the words of a layout. Worked out here, where the block types are
// known, once per parsed version and on first use, and handed to the model as it is made (siteModelOf).
import { layoutsOf } from '../../shared/snapshot/validate.ts';
import type { Layout, SiteSnapshot } from '../../shared/snapshot/schema.ts';
import { SiteModel, type BlockIndexes, type DonationPage } from '../site/model.ts';
import { parseBlock } from './registry.ts';

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

/** The block indexes of one snapshot, each worked out on first use. */
export function blockIndexes(snapshot: SiteSnapshot): BlockIndexes {
  let donationPages: Map<string, DonationPage> | undefined;
  let newsletterForms: string[] | undefined;
  const traits = () =>
    [...layoutsOf(snapshot)].flatMap(([, layout]) =>
      layout.blocks.flatMap((block) => {
        const parsed = parseBlock(block);
        return parsed.ok ? [parsed] : [];
      }),
    );
  return {
    donationPages() {
      if (!donationPages) {
        donationPages = new Map();
        for (const { definition, data } of traits()) {
          const page = definition.donationPage?.(data);
          if (page && !donationPages.has(page.donatePageId)) donationPages.set(page.donatePageId, page);
        }
      }
      return donationPages;
    },
    newsletterBlockForms() {
      newsletterForms ??= [...new Set(traits().flatMap(({ definition, data }) => definition.newsletterForm?.(data) ?? []))];
      return newsletterForms;
    },
    layoutText,
  };
}

/** The site model of a published version, with what its blocks tell. */
export function siteModelOf(snapshot: SiteSnapshot, version: string): SiteModel {
  return new SiteModel(snapshot, version, blockIndexes(snapshot));
}
