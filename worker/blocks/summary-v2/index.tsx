// Block type 55, summary v2: the summary block with its design named in its data.
import type * as z from 'zod';
import { defineBlock, type BlockProps } from '../define.ts';
import { referencesCollection } from '../parts/schema.ts';
import { schema as summarySchema, summaryDesign } from '../summary/schema.ts';
import { styles } from '../summary/styles.ts';
import { Summary } from '../summary/summary.tsx';

const schema = summarySchema.extend({ design: summaryDesign.default('grid') });
type SummaryV2Data = z.output<typeof schema>;

function SummaryV2Block({ data, block }: BlockProps<SummaryV2Data>) {
  return <Summary data={data} block={block} />;
}

export default defineBlock({ code: 55, name: 'summary_v2', schema, Component: SummaryV2Block, styles, references: referencesCollection });
