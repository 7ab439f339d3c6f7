// Block type 30, posts by month: a collection's posts grouped by month, each group linking to its filtered list.
import type * as z from 'zod';
import { defineBlock, type BlockProps } from '../define.ts';
import { useCollection } from '../parts/collection.tsx';
import { GroupedPosts, ITEMS_PER_GROUP, useTimeGroups } from '../parts/grouped-posts.tsx';
import { collectionRef, referencesCollection } from '../parts/schema.ts';

const schema = collectionRef;
type PostsByMonthData = z.output<typeof schema>;

function PostsByMonthBlock({ data }: BlockProps<PostsByMonthData>) {
  const view = useCollection(data.collectionId);
  const groups = useTimeGroups(view?.items ?? [], 'month');
  if (!view) return null;
  return <GroupedPosts view={view} groups={groups} perGroup={ITEMS_PER_GROUP} showDates={false} sub="by month" />;
}

export default defineBlock({ code: 30, name: 'posts_by_month', schema, Component: PostsByMonthBlock, references: referencesCollection });
