// The data of the summary blocks (v1 and v2): the collection, how many of its items, which parts of each, a filter.
import * as z from 'zod';
import { LIMITS } from '../../../shared/limits.ts';
import { category, tag } from '../../../shared/snapshot/common.ts';
import { collectionRef, text } from '../parts/schema.ts';

export const schema = collectionRef.extend({
  headerText: text(200).optional(),
  limit: z.number().int().min(1).max(LIMITS.itemsPerCollection).default(6),
  showTitle: z.boolean().default(true),
  showExcerpt: z.boolean().default(true),
  showThumbnail: z.boolean().default(true),
  showDate: z.boolean().default(true),
  showPrice: z.boolean().default(false),
  filter: z.object({ tag: tag.optional(), category: category.optional() }).optional(),
});
export type SummaryData = z.output<typeof schema>;

/** The designs of §3's summary layouts; v2 blocks name theirs in their data. */
export const summaryDesign = z.enum(['wall', 'carousel', 'list', 'grid']);
export type SummaryDesign = z.output<typeof summaryDesign>;
