// Block type 30, posts by month: a collection's posts grouped by month, each group linking to its filtered list.
import type * as z from 'zod';
import { defineBlock, type BlockProps } from '../define.ts';
import { GroupedPosts, GROUPS_WITH_POSTS, ITEMS_PER_GROUP, useTimeGroups } from '../parts/grouped-posts.tsx';
import { collectionRef, referencesCollection } from '../parts/schema.ts';

const schema = collectionRef;
type PostsByMonthData = z.output<typeof schema>;

function PostsByMonthBlock({ data }: BlockProps<PostsByMonthData>) {
  const grouped = useTimeGroups(data.collectionId, 'month', GROUPS_WITH_POSTS * ITEMS_PER_GROUP, ITEMS_PER_GROUP);
  if (!grouped) return null;
  return <GroupedPosts grouped={grouped} showDates={false} sub="by month" />;
}

export default defineBlock({ code: 30, name: 'posts_by_month', schema, Component: PostsByMonthBlock, references: referencesCollection });
