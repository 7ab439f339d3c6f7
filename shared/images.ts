// Image size buckets of §9: which width variant to request for a rendered width, and the srcset built from them.

/** Size buckets, largest first (§9). */
export const IMAGE_BUCKETS = [2500, 1500, 1000, 750, 500, 300, 100] as const;
export type ImageBucket = (typeof IMAGE_BUCKETS)[number];

/**
 * §9's table: width × devicePixelRatio picks the size. "above 1500 → 2500w", ..., "otherwise → 100w".
 * Also used to snap any requested size to a bucket.
 */
export function imageBucketFor(widthTimesRatio: number): ImageBucket {
  if (!(widthTimesRatio > 100)) return 100;
  for (let i = IMAGE_BUCKETS.length - 1; i > 0; i--) {
    const bucket = IMAGE_BUCKETS[i]!;
    // the bucket above `bucket` is chosen once the width is strictly greater than it
    if (widthTimesRatio <= bucket) return bucket;
  }
  return 2500;
}

/** "NNNw" for a bucket, the form the spec's format parameter takes. */
export function bucketName(bucket: ImageBucket): `${ImageBucket}w` {
  return `${bucket}w`;
}

/** Parses a format value like "750w" (or "750") and snaps it to a bucket; null when it is not a size. */
export function parseFormat(format: string | null | undefined): ImageBucket | null {
  if (!format) return null;
  const m = /^(\d{1,5})w?$/.exec(format);
  if (!m) return null;
  return imageBucketFor(Number(m[1]));
}

/** URL of one variant: the queryString size format of §3 (`?format=750w`). */
export function imageVariantUrl(src: string, bucket: ImageBucket): string {
  return `${src}?format=${bucketName(bucket)}`;
}

/**
 * A srcset listing every bucket up to the image's own width (no upscaled variants beyond the original) and, when
 * given, up to the first bucket that covers `largestUseful` pixels: wider variants would never be chosen.
 */
export function imageSrcSet(src: string, originalWidth: number, largestUseful = Infinity): string {
  const cover = [...IMAGE_BUCKETS].reverse().find((b) => b >= largestUseful) ?? IMAGE_BUCKETS[0];
  const usable = IMAGE_BUCKETS.filter((b) => b <= Math.max(originalWidth, 100) && b <= cover);
  return usable
    .slice()
    .reverse()
    .map((b) => `${imageVariantUrl(src, b)} ${b}w`)
    .join(', ');
}
