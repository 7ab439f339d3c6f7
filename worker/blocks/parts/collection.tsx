// Reading a referenced collection's visible items, and the post list the journal, index and grouped blocks draw.
import { excerptText } from '../../../shared/plain-text.ts';
import type { Collection, Item } from '../../../shared/snapshot/schema.ts';
import { Img } from '../../../shared/ui/img.tsx';
import { useRender } from '../../kit/context.tsx';
import type { SiteModel } from '../../site/model.ts';
import { DateText } from './elements.tsx';

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
