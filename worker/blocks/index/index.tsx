// Block type 11, index: one section per referenced collection, each listing its items.
import * as z from 'zod';
import { id } from '../../../shared/snapshot/common.ts';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { useAsync, useRender } from '../../kit/context.tsx';
import { all, andThen } from '../../site/maybe.ts';
import { defineBlock, type BlockProps } from '../define.ts';
import { collectionView, countLabel, PostList, type CollectionView } from '../parts/collection.tsx';
import { BlockHeading, EmptyNote } from '../parts/elements.tsx';
import { IN_BLOCK } from '../parts/styles.ts';

const schema = z.object({ collectionIds: z.array(id).min(1).max(50) });
type IndexData = z.output<typeof schema>;

function IndexSection({ view }: { view: CollectionView }) {
  const { collection, items: shown, total, url } = view;
  return (
    <section className="cb-index-section">
      <BlockHeading href={url} level={3}>
        {collection.title}
      </BlockHeading>
      {shown.length === 0 ? <EmptyNote /> : <PostList collection={collection} items={shown} showThumbnail className="cb-posts-index" />}
      {total > shown.length && (
        <p className="cb-more">
          <a href={url}>
            View all {countLabel(total, 'item')}
            <VisuallyHidden> in {collection.title}</VisuallyHidden>
          </a>
        </p>
      )}
    </section>
  );
}

/** The index: one section per referenced collection, each listing its items. */
function IndexBlock({ data, block }: BlockProps<IndexData>) {
  const { site, now } = useRender();
  // each collection's first page of items (only the chunks that hold them are read)
  const views = useAsync(`index:${block.id}`, () =>
    andThen(all(data.collectionIds.map((id) => collectionView(site, now, id, site.collection(id)?.itemsPerPage ?? 0))), (found) =>
      found.filter((v): v is CollectionView => v !== null),
    ),
  );
  if (views.length === 0) return null;
  return (
    <div className={views.length > 1 ? 'cb-index cb-index-multi' : 'cb-index'}>
      {views.map((view) => (
        <IndexSection view={view} key={view.collection.id} />
      ))}
    </div>
  );
}

const styles = `
${IN_BLOCK} .cb-index-multi{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,280px),1fr));gap:2rem var(--gap)}
${IN_BLOCK} .cb-index-section+.cb-index-section{margin-top:0}
${IN_BLOCK} .cb-index:not(.cb-index-multi) .cb-index-section+.cb-index-section{margin-top:2rem}
`;

export default defineBlock({
  code: 11,
  name: 'index',
  schema,
  Component: IndexBlock,
  styles,
  references: (data) => ({ collections: data.collectionIds }),
});
