// Block type 61, archive: every post of a collection, by month or by year.
import * as z from 'zod';
import { defineBlock, type BlockProps } from '../define.ts';
import { useCollection } from '../parts/collection.tsx';
import { GroupedPosts, useTimeGroups } from '../parts/grouped-posts.tsx';
import { collectionRef, referencesCollection } from '../parts/schema.ts';

const schema = collectionRef.extend({ groupBy: z.enum(['month', 'year']).default('month') });
type ArchiveData = z.output<typeof schema>;

/** The archive lists every post, by month or by year, with no cut-off: that is what an archive is for. */
function ArchiveBlock({ data }: BlockProps<ArchiveData>) {
  const view = useCollection(data.collectionId);
  const groups = useTimeGroups(view?.items ?? [], data.groupBy);
  if (!view) return null;
  return <GroupedPosts view={view} groups={groups} perGroup={Number.POSITIVE_INFINITY} showDates sub="archive" />;
}

export default defineBlock({ code: 61, name: 'archive', schema, Component: ArchiveBlock, references: referencesCollection });
