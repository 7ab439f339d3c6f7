// Reading a referenced collection's visible items (the first ones, and how many there are), and the post list the
// journal, index and grouped blocks draw. Only the chunks of the collection's list that hold the items asked for are read.
import { excerptText } from '../../../shared/plain-text.ts';
import { Img } from '../../../shared/ui/img.tsx';
import { useAsync, useRender } from '../../kit/context.tsx';
import { andThen, type Maybe } from '../../site/maybe.ts';
import type { CollectionMeta, ItemSummary, SiteModel } from '../../site/model.ts';
import { DateText } from './elements.tsx';

export interface CollectionView {
  collection: CollectionMeta;
  /** the first visible items, as many as were asked for (newest first, or as the owner ordered them) */
  items: readonly ItemSummary[];
  /** how many items visitors can see */
  total: number;
  /** the collection's own URL (its list page) */
  url: string;
}

/** A referenced collection with its first `count` visible items; null when the reference no longer resolves. */
export function collectionView(site: SiteModel, now: Date, id: string, count: number): Maybe<CollectionView | null> {
  const collection = site.collection(id);
  if (!collection) return null;
  return andThen(site.listSlice(collection, null, 0, count, now), ({ total, items }) => ({
    collection,
    items,
    total,
    url: site.entryUrl({ kind: 'collection', collection }),
  }));
}

/** collectionView for a block, read once per request (at once when this isolate holds the records). */
export function useCollection(id: string, count: number): CollectionView | null {
  const { site, now } = useRender();
  return useAsync(`collection:${id}:${count}`, () => collectionView(site, now, id, count));
}

export interface PostListProps {
  collection: CollectionMeta;
  items: readonly ItemSummary[];
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
        const excerpt = showExcerpt ? excerptText(item.excerpt, 220) : '';
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

/** '1 post', '3 posts'. */
export function countLabel(n: number, singular = 'post', plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
