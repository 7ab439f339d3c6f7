// Block type 42, photo community: a synchronized collection of the photo-community service as a grid.
import type * as z from 'zod';
import { defineBlock, type BlockProps } from '../define.ts';
import { PhotoGrid } from '../parts/photo-grid.tsx';
import { collectionRef, referencesCollection } from '../parts/schema.ts';

const schema = collectionRef;
type PhotoCommunityData = z.output<typeof schema>;

function PhotoCommunityBlock({ data }: BlockProps<PhotoCommunityData>) {
  return <PhotoGrid collectionId={data.collectionId} service="photo-community" />;
}

export default defineBlock({ code: 42, name: 'photo_community', schema, Component: PhotoCommunityBlock, references: referencesCollection });
