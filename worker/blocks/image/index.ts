// Block type 5, image: one image in one of six layouts, linked or opening a lightbox.
import { defineBlock } from '../define.ts';
import { lightboxStyles } from '../parts/lightbox-styles.ts';
import { words } from '../parts/text.ts';
import { ImageBlock } from './image.tsx';
import { schema } from './schema.ts';
import { styles } from './styles.ts';

export default defineBlock({
  code: 5,
  name: 'image',
  schema,
  Component: ImageBlock,
  styles: [styles, lightboxStyles],
  text: (data) => words(data.title, data.description),
  images: (data) => [data.image],
});
