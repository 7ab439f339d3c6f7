// Block type 28, posts by tag: a collection's posts grouped by tag, each group linking to its filtered list.
import type * as z from 'zod';
import { defineBlock, type BlockProps } from '../define.ts';
import { useCollection } from '../parts/collection.tsx';
import { GroupedPosts, ITEMS_PER_GROUP, labelGroups } from '../parts/grouped-posts.tsx';
import { collectionRef, referencesCollection } from '../parts/schema.ts';

const schema = collectionRef;
type PostsByTagData = z.output<typeof schema>;

function PostsByTagBlock({ data }: BlockProps<PostsByTagData>) {
  const view = useCollection(data.collectionId);
  if (!view) return null;
  const groups = labelGroups(view.items, 'tag', (item) => item.tags);
  return <GroupedPosts view={view} groups={groups} perGroup={ITEMS_PER_GROUP} showDates sub="by tag" />;
}

export default defineBlock({ code: 28, name: 'posts_by_tag', schema, Component: PostsByTagBlock, references: referencesCollection });
