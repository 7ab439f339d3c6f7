// Block type 19, social links: profile links as icons.
import { defineBlock } from '../define.ts';
import { schema } from './schema.ts';
import { SocialLinksBlock } from './social-links.tsx';
import { styles } from './styles.ts';

export default defineBlock({ code: 19, name: 'social_links', schema, Component: SocialLinksBlock, styles });
