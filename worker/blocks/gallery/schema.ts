// The data of the gallery block: the collection it shows and the §3 gallery options (design, sizes, lightbox, autoplay).
import * as z from 'zod';
import { alignment, collectionRef } from '../parts/schema.ts';

export const schema = collectionRef.extend({
  // §8: an unknown design name is refused with the spec's message, at publish and (logged as the block is skipped) by a
  // Worker reading a stored snapshot: the only places an unknown design can come from
  design: z.enum(['stacked', 'slider', 'slideshow', 'grid', 'autogrid', 'autocolumns', 'carousel', 'list'], {
    error: (issue) => (typeof issue.input === 'string' ? `Could not find the gallery design "${issue.input}".` : undefined),
  }),
  vSize: z.number().optional(),
  aspectRatio: z.string().max(20).optional(),
  'auto-crop': z.boolean().default(true),
  imageAspectRatio: z.union([z.literal('Auto'), z.number().positive()]).default('Auto'),
  slidesPerRow: z.number().int().min(1).max(10).default(3),
  lightbox: z.boolean().default(false),
  mixedContent: z.boolean().default(false),
  columnWidth: z.number().positive().default(250),
  gutter: z.number().min(0).default(0),
  listImageSize: z.number().min(0).max(100).optional(),
  'active-alignment': alignment.default('center'),
  lightboxTheme: z.enum(['light', 'dark']).default('dark'),
  'thumbnails-per-row': z.number().int().min(1).max(20).default(4),
  'square-thumbs': z.boolean().default(false),
  autoplay: z.boolean().default(false),
  'autoplay-duration': z.number().positive().default(5),
  /** §4: autoplay in random order (a different slide each time) */
  'autoplay-random': z.boolean().default(false),
  /** §4: whether next and previous wrap at the ends; a slideshow and a stacked gallery loop unless told otherwise */
  loop: z.boolean().optional(),
  /** §2: a slide change writes the slide's address back to history */
  historyHash: z.boolean().default(false),
  thumbnails: z.boolean().default(false),
  'thumbnail-strip-height': z.number().min(0).optional(),
  'thumbnail-strip-margin': z.number().min(0).optional(),
  'meta-position': z.enum(['top', 'bottom', 'top-left', 'bottom-left', 'top-right', 'bottom-right', 'center']).default('bottom-left'),
});
export type GalleryData = z.output<typeof schema>;
