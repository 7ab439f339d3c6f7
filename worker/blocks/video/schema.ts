// The data of the video block: the embed HTML, its provider and URL, the poster and how it fits (§3 Video).
import * as z from 'zod';
import { href, image } from '../../../shared/snapshot/common.ts';
import { text } from '../parts/schema.ts';

export const schema = z.object({
  /** data-html: the embed HTML */
  html: text(20_000),
  providerName: text(100),
  url: href,
  title: text(200),
  mode: z.enum(['none', 'fit', 'fill']).nullable().default('fit'),
  thumbnail: image.optional(),
  description: text(2000).optional(),
});
export type VideoData = z.output<typeof schema>;
