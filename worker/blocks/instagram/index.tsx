// Block type 25, instagram: a synchronized Instagram collection as a photo grid.
import type * as z from 'zod';
import { defineBlock, type BlockProps } from '../define.ts';
import { PhotoGrid } from '../parts/photo-grid.tsx';
import { collectionRef, referencesCollection } from '../parts/schema.ts';

const schema = collectionRef;
type InstagramData = z.output<typeof schema>;

function InstagramBlock({ data }: BlockProps<InstagramData>) {
  return <PhotoGrid collectionId={data.collectionId} service="instagram" />;
}

export default defineBlock({ code: 25, name: 'instagram', schema, Component: InstagramBlock, references: referencesCollection });
