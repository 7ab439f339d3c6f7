// Photographs are served in the §9 width buckets from /media/{name}.jpg?format=NNNw.
import { describe, expect, it } from 'vitest';
import { visit } from './support/sites.ts';

const size = async (res: Response) => (await res.arrayBuffer()).byteLength;

describe('GET /media/{name}.jpg', () => {
  it('serves each bucket, snapping other widths up to the next bucket', async () => {
    const small = await visit('fernwood.localhost', '/media/forest-path.jpg?format=300w');
    expect(small.status).toBe(200);
    expect(small.headers.get('content-type')).toBe('image/jpeg');
    expect(small.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const snapped = await visit('fernwood.localhost', '/media/forest-path.jpg?format=280w');
    expect(await size(snapped)).toBe(await size(small));
    const large = await visit('fernwood.localhost', '/media/forest-path.jpg?format=1500w');
    expect(await size(large)).toBeGreaterThan(await size(await visit('fernwood.localhost', '/media/forest-path.jpg?format=300w')));
  });

  it('serves the largest bucket without a format', async () => {
    const res = await visit('any.localhost', '/media/forest-path.jpg');
    const full = await visit('any.localhost', '/media/forest-path.jpg?format=2500w');
    expect(await size(res)).toBe(await size(full));
  });

  it('answers 400 for a format that is not a width and 404 for an unknown image', async () => {
    expect((await visit('any.localhost', '/media/forest-path.jpg?format=huge')).status).toBe(400);
    expect((await visit('any.localhost', '/media/no-such-photo.jpg?format=300w')).status).toBe(404);
    expect((await visit('any.localhost', '/media/../wrangler.toml')).status).toBe(404);
  });
});
