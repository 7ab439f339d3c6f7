// Serves fixture and site photographs in the §9 width buckets: /media/{name}.jpg?format=NNNw, snapped to a bucket.
import { Hono } from 'hono';
import { bucketName, IMAGE_BUCKETS, parseFormat } from '../../shared/images.ts';
import type { AppEnv } from '../env.ts';

export const mediaApp = new Hono<AppEnv>();

mediaApp.on(['GET', 'HEAD'], '/:file{[a-z0-9-]+\\.(?:jpg|jpeg|png|webp)}', async (c) => {
  const file = c.req.param('file');
  const dot = file.lastIndexOf('.');
  const name = file.slice(0, dot);
  const ext = file.slice(dot + 1);
  const format = c.req.query('format');
  const bucket = format === undefined ? IMAGE_BUCKETS[0] : parseFormat(format);
  if (bucket === null) return c.text(`format must be a width such as 750w (one of ${IMAGE_BUCKETS.join(', ')})`, 400);
  const asset = await c.env.ASSETS.fetch(new URL(`/media/${name}/${bucketName(bucket)}.${ext}`, c.req.url));
  if (!asset.ok) return c.text('Image not found', 404);
  const headers = new Headers(asset.headers);
  // the bucketed URL never changes content for a published name
  headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  return new Response(c.req.method === 'HEAD' ? null : asset.body, { status: 200, headers });
});

mediaApp.all('*', (c) => c.text('Image not found', 404));
