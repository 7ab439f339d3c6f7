// The data of the album block: title, artist, cover and its tracks (at most §9's tracks per album).
import * as z from 'zod';
import { LIMITS } from '../../../shared/limits.ts';
import { href, image } from '../../../shared/snapshot/common.ts';
import { text } from '../parts/schema.ts';

export const schema = z.object({
  title: text(200),
  artist: text(200),
  cover: image,
  tracks: z
    .array(z.object({ title: text(200), url: href, durationSeconds: z.number().min(0) }))
    .min(1)
    .max(LIMITS.tracksPerAlbum, `at most ${LIMITS.tracksPerAlbum} tracks in an album`),
});
export type AlbumData = z.output<typeof schema>;
