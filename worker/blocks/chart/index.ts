// Block type 62, chart: a bar, line or pie chart drawn as SVG.
import { defineBlock } from '../define.ts';
import { ChartBlock } from './chart.tsx';
import { schema } from './schema.ts';
import { styles } from './styles.ts';

export default defineBlock({ code: 62, name: 'chart', schema, Component: ChartBlock, styles, text: (data) => data.title ?? '' });
