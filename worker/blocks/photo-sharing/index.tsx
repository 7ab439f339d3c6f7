// Block type 45, photo sharing: a gallery of the external photo-hosting service as a grid.
import type * as z from 'zod';
import { defineBlock, type BlockProps } from '../define.ts';
import { PhotoGrid } from '../parts/photo-grid.tsx';
import { collectionRef, referencesCollection } from '../parts/schema.ts';

const schema = collectionRef;
type PhotoSharingData = z.output<typeof schema>;

function PhotoSharingBlock({ data }: BlockProps<PhotoSharingData>) {
  return <PhotoGrid collectionId={data.collectionId} service="photo-sharing" />;
}

export default defineBlock({ code: 45, name: 'photo_sharing', schema, Component: PhotoSharingBlock, references: referencesCollection });
