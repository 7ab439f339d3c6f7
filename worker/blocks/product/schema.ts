// The data of the product block: which store item it shows, with or without its price and Add To Cart.
import * as z from 'zod';
import { id } from '../../../shared/snapshot/common.ts';

export const schema = z.object({
  collectionId: id,
  itemId: id,
  showPrice: z.boolean().default(true),
  showAddToCart: z.boolean().default(true),
});
export type ProductData = z.output<typeof schema>;
