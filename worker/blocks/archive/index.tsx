// Block type 61, archive: a collection's posts by month or by year, newest first: the first ARCHIVE_POSTS posts under
// their months (or years), then every further month as a link to its month filter with its count (a year, as its
// months), so the page stays the same size however many posts the collection has.
import * as z from 'zod';
import { defineBlock, type BlockProps } from '../define.ts';
import { ARCHIVE_POSTS, GroupedPosts, useTimeGroups } from '../parts/grouped-posts.tsx';
import { collectionRef, referencesCollection } from '../parts/schema.ts';

const schema = collectionRef.extend({ groupBy: z.enum(['month', 'year']).default('month') });
type ArchiveData = z.output<typeof schema>;

/** The archive: the newest posts under their months or years, then the rest of the months as links with their counts. */
function ArchiveBlock({ data }: BlockProps<ArchiveData>) {
  const grouped = useTimeGroups(data.collectionId, data.groupBy, ARCHIVE_POSTS, ARCHIVE_POSTS);
  if (!grouped) return null;
  return <GroupedPosts grouped={grouped} showDates sub="archive" />;
}

export default defineBlock({ code: 61, name: 'archive', schema, Component: ArchiveBlock, references: referencesCollection });
