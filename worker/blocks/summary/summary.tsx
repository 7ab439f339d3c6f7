// The summary blocks (v1 and v2): a collection's latest items as a wall, carousel, list or grid, gathered behind Suspense (§3).
import { BLOCK_LAYOUTS, COLLECTION_TYPES } from '../../../shared/codes.ts';
import type { Block, Item } from '../../../shared/snapshot/schema.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { Icon } from '../../../shared/ui/icon.tsx';
import { Img } from '../../../shared/ui/img.tsx';
import { useAsync, useRender } from '../../render/context.tsx';
import { useDateFormat } from '../../render/ui.tsx';
import type { BlockProps } from '../define.ts';
import { blockImageSizes, compactClass } from '../parts/media.ts';
import { PriceLine } from '../parts/store.tsx';
import type { SummaryData, SummaryDesign } from './schema.ts';

const LAYOUT_DESIGNS: Record<number, SummaryDesign> = {
  [BLOCK_LAYOUTS.SUMMARY_WALL]: 'wall',
  [BLOCK_LAYOUTS.SUMMARY_CAROUSEL]: 'carousel',
  [BLOCK_LAYOUTS.SUMMARY_LIST]: 'list',
  [BLOCK_LAYOUTS.SUMMARY_GRID]: 'grid',
};

/** Share of the block's width one thumbnail takes in each design, for `sizes`. */
const THUMB_SHARE: Record<SummaryDesign, number> = { wall: 1 / 3, carousel: 1 / 3, list: 0.4, grid: 1 / 3 };

interface SummaryEntry {
  item: Item;
  url: string;
}

export function SummaryBlock({ data, block }: BlockProps<SummaryData>) {
  return <Summary data={data} block={block} blockName="summary" />;
}

export function Summary({
  data,
  block,
  blockName,
}: {
  data: SummaryData & { design?: SummaryDesign };
  block: Block;
  blockName: 'summary' | 'summary_v2';
}) {
  const { site, now } = useRender();
  const formatDate = useDateFormat();
  const collection = site.collection(data.collectionId);
  // Gathered from memory, so nothing suspends; a remote collection's loader would return a promise and stream in.
  const entries = useAsync<SummaryEntry[]>(`summary:${block.id}`, () => {
    if (!collection) return [];
    const { tag, category } = data.filter ?? {};
    return site
      .visibleItems(collection, now)
      .filter((item) => (!tag || item.tags.includes(tag)) && (!category || item.categories.includes(category)))
      .slice(0, data.limit)
      .map((item) => ({ item, url: site.itemUrl(collection, item) }));
  });
  if (!collection || entries.length === 0) return null;

  const design = (block.layout !== undefined ? LAYOUT_DESIGNS[block.layout] : undefined) ?? data.design ?? 'grid';
  const isProducts = collection.type === COLLECTION_TYPES.PRODUCTS;
  const showPrice = data.showPrice || isProducts;
  const headingId = `summary-${block.id}-heading`;
  const ItemHeading = data.headerText ? 'h3' : 'h2';
  const { sizes, displayWidth } = blockImageSizes(block.span, THUMB_SHARE[design]);
  const carousel = design === 'carousel';

  return (
    <section
      className={cx('summary-block', `summary-design-${design}`, isProducts && 'summary-products', compactClass(block.span))}
      data-island={blockName}
      data-block-id={block.id}
      data-collection-id={collection.id}
      data-design={design}
      {...(data.headerText ? { 'aria-labelledby': headingId } : { 'aria-label': collection.title })}
    >
      {(data.headerText || carousel) && (
        <div className="summary-header">
          {data.headerText && (
            <h2 className="summary-heading" id={headingId}>
              {data.headerText}
            </h2>
          )}
          {carousel && entries.length > 1 && (
            <div className="summary-controls">
              <button type="button" className="summary-control" aria-label="Previous items" data-action="previous">
                <Icon name="prev" size={20} />
              </button>
              <button type="button" className="summary-control" aria-label="Next items" data-action="next">
                <Icon name="next" size={20} />
              </button>
            </div>
          )}
        </div>
      )}
      <ul className={cx('summary-items', carousel && 'summary-track')} {...(carousel ? { tabIndex: 0 } : {})}>
        {entries.map(({ item, url }) => {
          const image = data.showThumbnail ? (item.assetImage ?? item.product?.images[0]) : undefined;
          const date = item.event?.startDate ?? item.publishOn;
          return (
            <li className={cx('summary-item', image ? 'has-thumbnail' : 'no-thumbnail')} key={item.id} data-item-id={item.id}>
              <article className="summary-card">
                {image && (
                  // The title repeats this link; the thumbnail stays out of the tab order unless it is the only link.
                  <a
                    className="summary-thumbnail"
                    href={url}
                    {...(data.showTitle ? { tabIndex: -1, 'aria-hidden': true } : { 'aria-label': item.title })}
                  >
                    <Img image={image} sizes={sizes} displayWidth={displayWidth} alt={data.showTitle ? '' : image.alt} />
                  </a>
                )}
                <div className="summary-content">
                  {data.showDate && !item.product && (
                    <p className="summary-meta">
                      <time dateTime={date}>{formatDate(date)}</time>
                      {item.event?.location?.addressTitle && <span className="summary-location">{item.event.location.addressTitle}</span>}
                    </p>
                  )}
                  {data.showTitle && (
                    <ItemHeading className="summary-title">
                      <a href={url}>{item.title}</a>
                    </ItemHeading>
                  )}
                  {showPrice && item.product && <PriceLine product={item.product} className="summary-price" />}
                  {data.showExcerpt && item.excerpt && <p className="summary-excerpt">{item.excerpt}</p>}
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
