// The data of the chart block: labels, one or more series of values, a title and the y axis' label.
import * as z from 'zod';
import { text } from '../parts/schema.ts';

export const schema = z.object({
  title: text(200).optional(),
  labels: z.array(text(60)).min(1).max(50),
  series: z
    .array(z.object({ name: text(60), values: z.array(z.number()) }))
    .min(1)
    .max(8),
  yAxisLabel: text(60).optional(),
});
export type ChartData = z.output<typeof schema>;
