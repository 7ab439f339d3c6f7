// Block type 60, album: an album's cover, tracks and player.
import { defineBlock } from '../define.ts';
import { AlbumBlock } from './album.tsx';
import { schema } from './schema.ts';
import { styles } from './styles.ts';

export default defineBlock({
  code: 60,
  name: 'album',
  schema,
  Component: AlbumBlock,
  styles,
  text: (data) => data.title,
  images: (data) => [data.cover],
});
