// Blocks that list or point to a collection: the journal (latest posts), the index of collections, a collection link.
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import type { BlockProps } from '../types.ts';
import { useRender } from '../../render/context.tsx';
import {
  BlockHeading,
  collectionView,
  countLabel,
  EmptyNote,
  excerptText,
  PostList,
  useCollection,
  type CollectionView,
} from './parts.tsx';

export function JournalBlock({ data }: BlockProps<'journal'>) {
  const view = useCollection(data.collectionId);
  if (!view) return null;
  const { collection, items, url } = view;
  const shown = items.slice(0, data.limit);
  return (
    <section className="cb-journal">
      <BlockHeading href={url}>{collection.title}</BlockHeading>
      {shown.length === 0 ? (
        <EmptyNote />
      ) : (
        <PostList collection={collection} items={shown} showExcerpt showThumbnail className="cb-posts-rich" />
      )}
      {items.length > shown.length && (
        <p className="cb-more">
          <a href={url}>
            View all {countLabel(items.length)}
            <VisuallyHidden> in {collection.title}</VisuallyHidden>
          </a>
        </p>
      )}
    </section>
  );
}

function IndexSection({ view }: { view: CollectionView }) {
  const { collection, items, url } = view;
  const shown = items.slice(0, collection.itemsPerPage);
  return (
    <section className="cb-index-section">
      <BlockHeading href={url} level={3}>
        {collection.title}
      </BlockHeading>
      {shown.length === 0 ? <EmptyNote /> : <PostList collection={collection} items={shown} showThumbnail className="cb-posts-index" />}
      {items.length > shown.length && (
        <p className="cb-more">
          <a href={url}>
            View all {countLabel(items.length, 'item')}
            <VisuallyHidden> in {collection.title}</VisuallyHidden>
          </a>
        </p>
      )}
    </section>
  );
}

/** The index: one section per referenced collection, each listing its items. */
export function IndexBlock({ data }: BlockProps<'index'>) {
  const { site, now } = useRender();
  const views = data.collectionIds.map((id) => collectionView(site, now, id)).filter((v): v is CollectionView => v !== null);
  if (views.length === 0) return null;
  return (
    <div className={views.length > 1 ? 'cb-index cb-index-multi' : 'cb-index'}>
      {views.map((view) => (
        <IndexSection view={view} key={view.collection.id} />
      ))}
    </div>
  );
}

/** A card that links to a collection, with its description and how many items it holds. */
export function CollectionLinkBlock({ data }: BlockProps<'collection_link'>) {
  const view = useCollection(data.collectionId);
  if (!view) return null;
  const { collection, items, url } = view;
  const description = excerptText(collection.description, 240);
  return (
    <a className="cb-card cb-card-link" href={url}>
      <span className="cb-card-title">{collection.title}</span>
      {description && <span className="cb-card-text">{description}</span>}
      <span className="cb-card-meta">{countLabel(items.length, 'item')}</span>
    </a>
  );
}
