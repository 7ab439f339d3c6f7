// Block type 20, summary: a collection's latest items in one of four designs.
import { defineBlock } from '../define.ts';
import { referencesCollection } from '../parts/schema.ts';
import { schema } from './schema.ts';
import { styles } from './styles.ts';
import { SummaryBlock } from './summary.tsx';

export default defineBlock({ code: 20, name: 'summary', schema, Component: SummaryBlock, styles, references: referencesCollection });
