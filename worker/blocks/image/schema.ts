// The data of the image block: the image, an optional link or lightbox, its title and description (§3 Image).
import * as z from 'zod';
import { href, image } from '../../../shared/snapshot/common.ts';
import { text } from '../parts/schema.ts';

export const schema = z.object({
  image,
  link: href.optional(),
  newWindow: z.boolean().default(false),
  lightbox: z.boolean().default(false),
  description: text(2000).optional(),
  lightboxTheme: z.enum(['light', 'dark']).default('dark'),
  title: text(200).optional(),
});
export type ImageData = z.output<typeof schema>;
