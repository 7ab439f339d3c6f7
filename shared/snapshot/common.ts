// Building blocks of the snapshot schema used by both the envelope (schema.ts) and the block data (blocks.ts).
import * as z from 'zod';
import { LIMITS } from '../limits.ts';

export const id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'ids are letters, digits, _ and -');

/** A URL id: one path segment (pages, collections) or the item part of an item URL. */
export const urlId = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'a URL id is lowercase letters, digits and dashes (see the slug rule)');

/** A link target: an internal path, an anchor, or an http(s)/mailto/tel URL. */
export const href = z
  .string()
  .min(1)
  .max(2000)
  .refine((v) => /^(\/(?!\/)|#|https?:\/\/|mailto:|tel:)/i.test(v) || v === '/', {
    message: 'a link is an internal path, an anchor, or an http(s), mailto: or tel: URL',
  });

export const isoDate = z.iso.datetime({ offset: true });

/** An image as the renderer needs it: the source path, its natural size and its text alternative. */
export const image = z.object({
  /** `/media/{name}.jpg` for images served in the §9 width buckets, or an absolute URL */
  src: z.string().min(1).max(2000),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: z.string().max(500),
  /** focal point as fractions; defaults to the centre (§3 Image) */
  focalPoint: z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).optional(),
  caption: z.string().max(2000).optional(),
});
export type Image = z.infer<typeof image>;

export const tag = z.string().min(1).max(LIMITS.tagLength, `a tag is at most ${LIMITS.tagLength} characters`);
export const category = z.string().min(1).max(LIMITS.categoryLength, `a category is at most ${LIMITS.categoryLength} characters`);

export const priceCents = z
  .number()
  .int()
  .min(0)
  .max(LIMITS.maxProductPriceCents, `a price is at most ${LIMITS.maxProductPriceCents} cents`);

export const sku = z.string().min(1).max(LIMITS.maxSkuLength, `a SKU is at most ${LIMITS.maxSkuLength} characters`);

/** A salted password hash (PBKDF2 with SHA-256 through Web Crypto; the Workers runtime allows at most 100000 iterations). */
export const passwordHash = z.object({
  algorithm: z.literal('PBKDF2-SHA256'),
  iterations: z.number().int().min(10_000).max(100_000),
  salt: z.base64(),
  hash: z.base64(),
});
export type PasswordHash = z.infer<typeof passwordHash>;

/** Formats a schema issue path the way errors are reported: `pages[3].layout.blocks[61]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || '(root)';
}
