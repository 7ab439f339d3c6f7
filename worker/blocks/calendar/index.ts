// Block type 26, calendar: a collection's events on a month grid.
import { defineBlock } from '../define.ts';
import { referencesCollection } from '../parts/schema.ts';
import { CalendarBlock } from './calendar.tsx';
import { schema } from './schema.ts';
import { styles } from './styles.ts';

export default defineBlock({ code: 26, name: 'calendar', schema, Component: CalendarBlock, styles, references: referencesCollection });
