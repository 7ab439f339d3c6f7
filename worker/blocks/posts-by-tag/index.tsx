// Block type 28, posts by tag: a collection's posts grouped by tag, each group linking to its filtered list.
import type * as z from 'zod';
import { defineBlock, type BlockProps } from '../define.ts';
import { GroupedPosts, useLabelGroups } from '../parts/grouped-posts.tsx';
import { collectionRef, referencesCollection } from '../parts/schema.ts';

const schema = collectionRef;
type PostsByTagData = z.output<typeof schema>;

function PostsByTagBlock({ data }: BlockProps<PostsByTagData>) {
  const grouped = useLabelGroups(data.collectionId, 'tag');
  if (!grouped) return null;
  return <GroupedPosts grouped={grouped} showDates sub="by tag" />;
}

export default defineBlock({ code: 28, name: 'posts_by_tag', schema, Component: PostsByTagBlock, references: referencesCollection });
