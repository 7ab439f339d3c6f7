// The summary blocks (v1 and v2): a collection's latest items as a wall, carousel, list or grid, gathered behind Suspense (§3).
import { plainText } from '../../../shared/plain-text.ts';
import { BLOCK_LAYOUTS, COLLECTION_TYPES } from '../../../shared/codes.ts';
import type { Block } from '../../../shared/snapshot/schema.ts';
import { andThen } from '../../site/maybe.ts';
import type { ItemSummary } from '../../site/model.ts';
import { priceDisplay } from '../../../shared/pricing.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { useAboveFold, useAsync, useRender } from '../../kit/context.tsx';
import { Island } from '../../kit/island.tsx';
import { useDateFormat } from '../../kit/ui.tsx';
import type { BlockProps } from '../define.ts';
import { blockImageSizes, compactClass } from '../parts/media.ts';
import type { SummaryData, SummaryDesign } from './schema.ts';
import { summaryIsland, SummaryView, type SummaryProps } from './summary.view.tsx';

const LAYOUT_DESIGNS: Record<number, SummaryDesign> = {
  [BLOCK_LAYOUTS.SUMMARY_WALL]: 'wall',
  [BLOCK_LAYOUTS.SUMMARY_CAROUSEL]: 'carousel',
  [BLOCK_LAYOUTS.SUMMARY_LIST]: 'list',
  [BLOCK_LAYOUTS.SUMMARY_GRID]: 'grid',
};

/** Share of the block's width one thumbnail takes in each design, for `sizes`. */
const THUMB_SHARE: Record<SummaryDesign, number> = { wall: 1 / 3, carousel: 1 / 3, list: 0.4, grid: 1 / 3 };

interface SummaryEntry {
  item: ItemSummary;
  url: string;
}

/** Entries read for a summary filtered by both a tag and a category: the tag's, then those of the category among them. */
const BOTH_FILTERS_READ = 250;

export function SummaryBlock({ data, block }: BlockProps<SummaryData>) {
  return <Summary data={data} block={block} />;
}

export function Summary({ data, block }: { data: SummaryData & { design?: SummaryDesign }; block: Block }) {
  const { site, now } = useRender();
  const aboveFold = useAboveFold();
  const formatDate = useDateFormat();
  const collection = site.collection(data.collectionId);
  // The first entries of the collection's list, or of its tag or category filter: only the chunks that hold them are
  // read (at once when this isolate holds them, so nothing suspends).
  const entries = useAsync<SummaryEntry[]>(`summary:${block.id}`, () => {
    if (!collection) return [];
    const { tag, category } = data.filter ?? {};
    const filter = tag ? { type: 'tag', name: tag } : category ? { type: 'category', name: category } : null;
    const both = !!tag && !!category;
    return andThen(site.listSlice(collection, filter, 0, both ? BOTH_FILTERS_READ : data.limit, now), ({ items }) =>
      items
        .filter((item) => (!tag || item.tags.includes(tag)) && (!category || item.categories.includes(category)))
        .slice(0, data.limit)
        .map((item) => ({ item, url: site.itemUrl(collection, item) })),
    );
  });
  if (!collection || entries.length === 0) return null;

  const design = (block.layout !== undefined ? LAYOUT_DESIGNS[block.layout] : undefined) ?? data.design ?? 'grid';
  const isProducts = collection.type === COLLECTION_TYPES.PRODUCTS;
  const showPrice = data.showPrice || isProducts;
  const { sizes, displayWidth } = blockImageSizes(block.span, THUMB_SHARE[design]);
  const currency = site.settings.storeSettings.selectedCurrency || 'USD';
  const props: SummaryProps = {
    blockId: block.id,
    design,
    className: cx('summary-block', `summary-design-${design}`, isProducts && 'summary-products', compactClass(block.span)),
    headerText: data.headerText,
    label: collection.title,
    showTitle: data.showTitle,
    sizes,
    displayWidth,
    priority: aboveFold,
    entries: entries.map(({ item, url }) => {
      const image = data.showThumbnail ? (item.assetImage ?? item.product?.images[0]) : undefined;
      const date = item.event?.startDate ?? item.publishOn;
      return {
        id: item.id,
        url,
        title: item.title,
        image,
        date: data.showDate && !item.product ? { iso: date, text: formatDate(date) } : undefined,
        location: item.event?.location?.addressTitle,
        price: showPrice && item.product ? priceDisplay(item.product, currency) : undefined,
        excerpt: data.showExcerpt ? plainText(item.excerpt) || undefined : undefined,
      };
    }),
  };
  // only the carousel moves; the other designs are plain HTML
  return design === 'carousel' ? <Island island={summaryIsland} props={props} when="visible" /> : <SummaryView {...props} />;
}
