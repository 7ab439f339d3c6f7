// Block type 7, journal: a collection's latest posts, linking to the whole list.
import * as z from 'zod';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { defineBlock, type BlockProps } from '../define.ts';
import { countLabel, PostList, useCollection } from '../parts/collection.tsx';
import { BlockHeading, EmptyNote } from '../parts/elements.tsx';
import { collectionRef, referencesCollection } from '../parts/schema.ts';

const schema = collectionRef.extend({ limit: z.number().int().min(1).max(50).default(5) });
type JournalData = z.output<typeof schema>;

function JournalBlock({ data }: BlockProps<JournalData>) {
  const view = useCollection(data.collectionId, data.limit);
  if (!view) return null;
  const { collection, items: shown, total, url } = view;
  return (
    <section className="cb-journal">
      <BlockHeading href={url}>{collection.title}</BlockHeading>
      {shown.length === 0 ? (
        <EmptyNote />
      ) : (
        <PostList collection={collection} items={shown} showExcerpt showThumbnail className="cb-posts-rich" />
      )}
      {total > shown.length && (
        <p className="cb-more">
          <a href={url}>
            View all {countLabel(total)}
            <VisuallyHidden> in {collection.title}</VisuallyHidden>
          </a>
        </p>
      )}
    </section>
  );
}

export default defineBlock({ code: 7, name: 'journal', schema, Component: JournalBlock, references: referencesCollection });
