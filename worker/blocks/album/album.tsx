// The album block: the cover, the track list with lengths, and a play link for the first track that its plain island
// (album-player.island.ts) turns into the native player; without script, the browser's own player.
import { cx } from '../../../shared/ui/cx.ts';
import { Img } from '../../../shared/ui/img.tsx';
import { Island } from '../../kit/island.tsx';
import type { BlockProps } from '../define.ts';
import { albumPlayerIsland } from './album-player.view.tsx';
import { blockImageSizes, compactClass, formatDuration, isoDuration } from '../parts/media.ts';
import type { AlbumData } from './schema.ts';

export function AlbumBlock({ data, block }: BlockProps<AlbumData>) {
  const total = data.tracks.reduce((sum, t) => sum + t.durationSeconds, 0);
  const { sizes, displayWidth } = blockImageSizes(block.span, 0.4);
  const headingId = `album-${block.id}-title`;
  return (
    <section
      className={cx('album-block', compactClass(block.span))}
      aria-labelledby={headingId}
      data-block-id={block.id}
      data-track-count={data.tracks.length}
    >
      <div className="album-cover">
        <Img image={data.cover} sizes={sizes} displayWidth={displayWidth} />
      </div>
      <div className="album-body">
        <header className="album-header">
          <h2 className="album-title" id={headingId}>
            {data.title}
          </h2>
          <p className="album-artist">{data.artist}</p>
          <p className="album-summary">
            {data.tracks.length} {data.tracks.length === 1 ? 'track' : 'tracks'} ·{' '}
            <time dateTime={isoDuration(total)}>{formatDuration(total)}</time>
          </p>
        </header>
        <ol className="album-tracks">
          {data.tracks.map((track, i) => (
            <li className={cx('album-track', i === 0 && 'is-current')} key={i} data-track-url={track.url} data-index={i}>
              <span className="album-track-number" aria-hidden="true">
                {i + 1}
              </span>
              <a className="album-track-title" href={track.url}>
                {track.title}
              </a>
              <time className="album-track-duration" dateTime={isoDuration(track.durationSeconds)}>
                {formatDuration(track.durationSeconds)}
              </time>
            </li>
          ))}
        </ol>
        <Island island={albumPlayerIsland} props={{ title: data.tracks[0]!.title, url: data.tracks[0]!.url }} when="visible" />
      </div>
    </section>
  );
}
