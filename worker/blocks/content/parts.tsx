// Pieces shared by the content blocks: reading a collection's visible items, post lists, grouping keys and hints.
import { Img } from '../../../shared/ui/img.tsx';
import { dateFormatter } from '../../../shared/date-format.ts';
import type { ReactNode } from 'react';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import type { Collection, Item } from '../../../shared/snapshot/schema.ts';
import { useRender } from '../../render/context.tsx';
import { useDateFormat } from '../../render/ui.tsx';
import { stripTags, type SiteModel } from '../../site/model.ts';

export interface CollectionView {
  collection: Collection;
  items: readonly Item[];
  /** the collection's own URL (its list page) */
  url: string;
}

/** A referenced collection with the items visitors may see now; null when the reference no longer resolves. */
export function collectionView(site: SiteModel, now: Date, id: string): CollectionView | null {
  const collection = site.collection(id);
  if (!collection) return null;
  return { collection, items: site.visibleItems(collection, now), url: site.entryUrl({ kind: 'collection', collection }) };
}

export function useCollection(id: string): CollectionView | null {
  const { site, now } = useRender();
  return collectionView(site, now, id);
}

export function NewWindowHint() {
  return <VisuallyHidden> (opens in a new window)</VisuallyHidden>;
}

/** A block's heading, optionally a link (to the collection it lists). */
export function BlockHeading({
  children,
  href,
  level = 2,
  sub,
}: {
  children: ReactNode;
  href?: string | undefined;
  level?: 2 | 3;
  sub?: string;
}) {
  const H = level === 2 ? 'h2' : 'h3';
  return (
    <H className="cb-heading">
      {href ? <a href={href}>{children}</a> : children}
      {sub && <span className="cb-heading-sub"> {sub}</span>}
    </H>
  );
}

/** A date as a <time> element in the site's language and time zone. */
export function DateText({
  iso,
  style = 'long',
  className = 'cb-date',
}: {
  iso: string;
  style?: 'long' | 'short' | 'month';
  className?: string;
}) {
  const format = useDateFormat();
  return (
    <time className={className} dateTime={iso}>
      {format(iso, style)}
    </time>
  );
}

/** Plain text of an excerpt (owners may paste markup into it), cut at a word near `max` characters. */
export function excerptText(excerpt: string | undefined, max = 220): string {
  if (!excerpt) return '';
  const text = stripTags(excerpt);
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

export interface PostListProps {
  collection: Collection;
  items: readonly Item[];
  showDate?: boolean;
  showExcerpt?: boolean;
  showThumbnail?: boolean;
  className?: string;
}

/** The list of posts used by the journal, index and grouped blocks: title links, dates, excerpts, thumbnails. */
export function PostList({ collection, items, showDate = true, showExcerpt = false, showThumbnail = false, className }: PostListProps) {
  const { site } = useRender();
  return (
    <ul className={className ? `cb-posts ${className}` : 'cb-posts'}>
      {items.map((item) => {
        const href = site.itemUrl(collection, item);
        const excerpt = showExcerpt ? excerptText(item.excerpt) : '';
        const thumb = showThumbnail ? item.assetImage : undefined;
        return (
          <li className={thumb ? 'cb-post cb-post-has-thumb' : 'cb-post'} key={item.id}>
            {/* The whole row is clickable through the title link's stretched ::after, so the thumbnail is no second link. */}
            {thumb && <Img image={thumb} alt="" sizes="(max-width: 432px) 96px, 120px" displayWidth={120} className="cb-post-thumb" />}
            <div className="cb-post-text">
              <a className="cb-post-title" href={href}>
                {item.title}
              </a>
              {showDate && <DateText iso={item.publishOn} />}
              {excerpt && <p className="cb-excerpt">{excerpt}</p>}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The empty state of a list block. */
export function EmptyNote({ children = 'Nothing has been posted yet.' }: { children?: ReactNode }) {
  return <p className="cb-empty">{children}</p>;
}

/**
 * The month of an ISO date as 'YYYY-MM', read from the date as written: the {filterName} of a `?month=` content URL
 * (§2), matched the same way by the collection page's filter.
 */
export function monthKey(iso: string): string {
  return iso.slice(0, 7);
}

/** 'March 2026' for '2026-03', in the site's language. */
export function monthLabel(key: string, language: string): string {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return dateFormatter(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 15)));
}

/** Groups items by one or more keys each, keeping the items' order inside a group and the first-seen group order. */
export function groupItems(items: readonly Item[], keysOf: (item: Item) => string[]): Map<string, Item[]> {
  const groups = new Map<string, Item[]>();
  for (const item of items) {
    for (const key of new Set(keysOf(item))) {
      const list = groups.get(key);
      if (list) list.push(item);
      else groups.set(key, [item]);
    }
  }
  return groups;
}

/** '1 post', '3 posts'. */
export function countLabel(n: number, singular = 'post', plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
