// Block type 4, map: the place with links to an external maps service, and its live map where the site has a maps key.
import { defineBlock } from '../define.ts';
import { MapBlock } from './map.tsx';
import { schema } from './schema.ts';
import { styles } from './styles.ts';

export default defineBlock({ code: 4, name: 'map', schema, Component: MapBlock, styles });
