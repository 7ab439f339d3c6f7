// Block type 1, navigation: a navigation section of the site as links.
import { defineBlock } from '../define.ts';
import { NavigationBlock } from './navigation.tsx';
import { schema } from './schema.ts';
import { styles } from './styles.ts';

export default defineBlock({ code: 1, name: 'navigation', schema, Component: NavigationBlock, styles });
