// Block type 32, video: an embedded video behind its poster.
import { defineBlock } from '../define.ts';
import { plainText } from '../../../shared/plain-text.ts';
import { words } from '../parts/text.ts';
import { schema } from './schema.ts';
import { styles } from './styles.ts';
import { VideoBlock } from './video.tsx';

export default defineBlock({
  code: 32,
  name: 'video',
  schema,
  Component: VideoBlock,
  styles,
  text: (data) => words(plainText(data.html), data.title, data.description),
  images: (data) => (data.thumbnail ? [data.thumbnail] : []),
});
