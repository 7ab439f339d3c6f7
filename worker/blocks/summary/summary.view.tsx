// The summary blocks' props-only view (§3 summary and summary v2): a collection's latest items as a wall, carousel,
// list or grid. The server renders every design from it; only the carousel hydrates (summary.island.tsx), with the
// gallery's carousel rules (§4, §9). Without script the carousel is a track that scrolls and snaps.
import type { Ref } from 'react';
import { islandRef } from '../../../shared/islands/protocol.ts';
import type { PriceDisplay } from '../../../shared/pricing.ts';
import type { Image } from '../../../shared/snapshot/common.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { Icon } from '../../../shared/ui/icon.tsx';
import { Img } from '../../../shared/ui/img.tsx';
import { PriceLineView } from '../../../shared/ui/price-line.tsx';

export type SummaryDesign = 'wall' | 'carousel' | 'list' | 'grid';

export interface SummaryEntryView {
  id: string;
  url: string;
  title: string;
  image?: Image | undefined;
  /** the date shown, as <time datetime> and its formatted text */
  date?: { iso: string; text: string } | undefined;
  location?: string | undefined;
  price?: PriceDisplay | undefined;
  excerpt?: string | undefined;
}

export interface SummaryProps {
  blockId: string;
  design: SummaryDesign;
  className: string;
  /** the heading above the items, or the collection's title as the section's name */
  headerText?: string | undefined;
  label: string;
  showTitle: boolean;
  entries: SummaryEntryView[];
  sizes: string;
  displayWidth: number;
  /** drawn on the first screen: the first entry's image loads at once */
  priority?: boolean | undefined;
}

export interface SummaryLive {
  disabled: { previous: boolean; next: boolean };
  controlsHidden: boolean;
  visible: (position: number) => boolean;
  announcement: string;
  trackRef: Ref<HTMLUListElement>;
  onPrevious: () => void;
  onNext: () => void;
}

export function SummaryView(props: SummaryProps & { live?: SummaryLive }) {
  const { design, entries, live } = props;
  const carousel = design === 'carousel';
  const headingId = `summary-${props.blockId}-heading`;
  const ItemHeading = props.headerText ? 'h3' : 'h2';
  const disabled = live?.disabled ?? { previous: true, next: entries.length < 2 };
  return (
    <section
      className={props.className}
      data-design={design}
      {...(props.headerText ? { 'aria-labelledby': headingId } : { 'aria-label': props.label })}
    >
      {(props.headerText || carousel) && (
        <div className="summary-header">
          {props.headerText && (
            <h2 className="summary-heading" id={headingId}>
              {props.headerText}
            </h2>
          )}
          {carousel && entries.length > 1 && !live?.controlsHidden && (
            <div className="summary-controls">
              <button
                type="button"
                className="summary-control"
                aria-label="Previous items"
                disabled={disabled.previous}
                onClick={live?.onPrevious}
              >
                <Icon name="prev" size={20} />
              </button>
              <button type="button" className="summary-control" aria-label="Next items" disabled={disabled.next} onClick={live?.onNext}>
                <Icon name="next" size={20} />
              </button>
            </div>
          )}
        </div>
      )}
      <ul className={cx('summary-items', carousel && 'summary-track')} ref={live?.trackRef} {...(carousel ? { tabIndex: 0 } : {})}>
        {entries.map((entry, position) => (
          <li
            className={cx('summary-item', entry.image ? 'has-thumbnail' : 'no-thumbnail')}
            key={entry.id}
            data-item-id={entry.id}
            {...(live && !live.visible(position) ? { inert: true } : {})}
          >
            <article className="summary-card">
              {entry.image && (
                // The title repeats this link; the thumbnail stays out of the tab order unless it is the only link.
                <a
                  className="summary-thumbnail"
                  href={entry.url}
                  {...(props.showTitle ? { tabIndex: -1, 'aria-hidden': true } : { 'aria-label': entry.title })}
                >
                  <Img
                    image={entry.image}
                    sizes={props.sizes}
                    displayWidth={props.displayWidth}
                    alt={props.showTitle ? '' : entry.image.alt}
                    priority={props.priority === true && position === 0}
                  />
                </a>
              )}
              <div className="summary-content">
                {entry.date && (
                  <p className="summary-meta">
                    <time dateTime={entry.date.iso}>{entry.date.text}</time>
                    {entry.location && <span className="summary-location">{entry.location}</span>}
                  </p>
                )}
                {props.showTitle && (
                  <ItemHeading className="summary-title">
                    <a href={entry.url}>{entry.title}</a>
                  </ItemHeading>
                )}
                {entry.price && <PriceLineView price={entry.price} className="summary-price" />}
                {entry.excerpt && <p className="summary-excerpt">{entry.excerpt}</p>}
              </div>
            </article>
          </li>
        ))}
      </ul>
      {carousel && (
        <p className="visually-hidden" aria-live="polite" aria-atomic="true">
          {live?.announcement ?? ''}
        </p>
      )}
    </section>
  );
}

export const summaryIsland = islandRef('summary', SummaryView);
