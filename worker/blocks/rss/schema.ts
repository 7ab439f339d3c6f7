// The data of the RSS block: the feed (a URL elsewhere, or a feed of this site by path), a title, how many entries.
import * as z from 'zod';
import { text } from '../parts/schema.ts';

export const schema = z.object({
  /** fetched at render time (server side), behind Suspense: an http(s) URL, or a path on this site such as
   * '/journal?format=rss' (the collection feeds this worker serves), read without leaving the worker */
  feedUrl: z.union([
    z.url({ protocol: /^https?$/ }),
    z
      .string()
      .regex(/^\/[^/\\]/, 'an internal path')
      .max(150),
  ]),
  title: text(200).optional(),
  limit: z.number().int().min(1).max(50).default(5),
  showDates: z.boolean().default(true),
});
export type RssData = z.output<typeof schema>;
