// Block type 8, gallery: a collection's images in one of eight designs.
import { defineBlock } from '../define.ts';
import { lightboxStyles } from '../parts/lightbox-styles.ts';
import { referencesCollection } from '../parts/schema.ts';
import { GalleryBlock } from './gallery.tsx';
import { schema } from './schema.ts';
import { styles } from './styles.ts';

export default defineBlock({
  code: 8,
  name: 'gallery',
  schema,
  Component: GalleryBlock,
  styles: [styles, lightboxStyles],
  references: referencesCollection,
});
