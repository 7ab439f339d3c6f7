// Block type 29, posts by category: a collection's posts grouped by category, each group linking to its filtered list.
import type * as z from 'zod';
import { defineBlock, type BlockProps } from '../define.ts';
import { GroupedPosts, useLabelGroups } from '../parts/grouped-posts.tsx';
import { collectionRef, referencesCollection } from '../parts/schema.ts';

const schema = collectionRef;
type PostsByCategoryData = z.output<typeof schema>;

function PostsByCategoryBlock({ data }: BlockProps<PostsByCategoryData>) {
  const grouped = useLabelGroups(data.collectionId, 'category');
  if (!grouped) return null;
  return <GroupedPosts grouped={grouped} showDates sub="by category" />;
}

export default defineBlock({
  code: 29,
  name: 'posts_by_category',
  schema,
  Component: PostsByCategoryBlock,
  references: referencesCollection,
});
