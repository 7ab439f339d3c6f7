// Block type 4, map: a location card linking to an external maps service.
import { defineBlock } from '../define.ts';
import { MapBlock } from './map.tsx';
import { schema } from './schema.ts';
import { styles } from './styles.ts';

export default defineBlock({ code: 4, name: 'map', schema, Component: MapBlock, styles });
