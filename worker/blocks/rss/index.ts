// Block type 49, rss: the latest entries of an RSS or Atom feed.
import { defineBlock } from '../define.ts';
import { RssBlock } from './rss.tsx';
import { schema } from './schema.ts';
import { styles } from './styles.ts';

export default defineBlock({ code: 49, name: 'rss', schema, Component: RssBlock, styles, text: (data) => data.title ?? '' });
