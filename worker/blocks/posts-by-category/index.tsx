// Block type 29, posts by category: a collection's posts grouped by category, each group linking to its filtered list.
import type * as z from 'zod';
import { defineBlock, type BlockProps } from '../define.ts';
import { useCollection } from '../parts/collection.tsx';
import { GroupedPosts, ITEMS_PER_GROUP, labelGroups } from '../parts/grouped-posts.tsx';
import { collectionRef, referencesCollection } from '../parts/schema.ts';

const schema = collectionRef;
type PostsByCategoryData = z.output<typeof schema>;

function PostsByCategoryBlock({ data }: BlockProps<PostsByCategoryData>) {
  const view = useCollection(data.collectionId);
  if (!view) return null;
  const groups = labelGroups(view.items, 'category', (item) => item.categories);
  return <GroupedPosts view={view} groups={groups} perGroup={ITEMS_PER_GROUP} showDates sub="by category" />;
}

export default defineBlock({
  code: 29,
  name: 'posts_by_category',
  schema,
  Component: PostsByCategoryBlock,
  references: referencesCollection,
});
