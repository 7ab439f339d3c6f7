// Block type 27, posts by author: a collection's posts grouped by author, each group linking to its filtered list.
import type * as z from 'zod';
import { defineBlock, type BlockProps } from '../define.ts';
import { useCollection } from '../parts/collection.tsx';
import { GroupedPosts, ITEMS_PER_GROUP, labelGroups } from '../parts/grouped-posts.tsx';
import { collectionRef, referencesCollection } from '../parts/schema.ts';

const schema = collectionRef;
type PostsByAuthorData = z.output<typeof schema>;

function PostsByAuthorBlock({ data }: BlockProps<PostsByAuthorData>) {
  const view = useCollection(data.collectionId);
  if (!view) return null;
  const groups = labelGroups(view.items, 'author', (item) => (item.author ? [item.author.displayName] : []));
  return <GroupedPosts view={view} groups={groups} perGroup={ITEMS_PER_GROUP} showDates sub="by author" />;
}

export default defineBlock({ code: 27, name: 'posts_by_author', schema, Component: PostsByAuthorBlock, references: referencesCollection });
