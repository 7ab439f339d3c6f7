// The data of the tour dates block: the artist and their shows (date, venue, city, tickets).
import * as z from 'zod';
import { href, isoDate } from '../../../shared/snapshot/common.ts';
import { text } from '../parts/schema.ts';

export const schema = z.object({
  artistName: text(200),
  events: z.array(z.object({ date: isoDate, venue: text(200), city: text(200), ticketUrl: href.optional() })).max(100),
});
export type TourDatesData = z.output<typeof schema>;
