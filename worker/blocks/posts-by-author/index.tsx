// Block type 27, posts by author: a collection's posts grouped by author, each group linking to its filtered list.
import type * as z from 'zod';
import { defineBlock, type BlockProps } from '../define.ts';
import { GroupedPosts, useLabelGroups } from '../parts/grouped-posts.tsx';
import { collectionRef, referencesCollection } from '../parts/schema.ts';

const schema = collectionRef;
type PostsByAuthorData = z.output<typeof schema>;

function PostsByAuthorBlock({ data }: BlockProps<PostsByAuthorData>) {
  const grouped = useLabelGroups(data.collectionId, 'author');
  if (!grouped) return null;
  return <GroupedPosts grouped={grouped} showDates sub="by author" />;
}

export default defineBlock({ code: 27, name: 'posts_by_author', schema, Component: PostsByAuthorBlock, references: referencesCollection });
