// The data of the restaurant booking blocks (v1 and v2): the restaurant, its reservation service id, party sizes, region.
// (The service's widget offers the party sizes and times the restaurant takes: partySizeMax is read by nothing now.)
import * as z from 'zod';
import { text } from '../parts/schema.ts';

export const schema = z.object({
  restaurantName: text(200),
  restaurantId: z.string().min(1).max(40),
  partySizeMax: z.number().int().min(1).max(50).default(10),
  region: z.enum(['us', 'eu', 'uk', 'au', 'jp']).optional(),
});
export type RestaurantBookingData = z.output<typeof schema>;
