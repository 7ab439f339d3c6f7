// The album block: the cover, the track list with lengths, and a native player on the first track.
import { cx } from '../../../shared/ui/cx.ts';
import { Img } from '../../../shared/ui/img.tsx';
import type { BlockProps } from '../define.ts';
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
        <audio className="album-player" controls preload="none" src={data.tracks[0]!.url}>
          <a href={data.tracks[0]!.url}>Download {data.tracks[0]!.title}</a>
        </audio>
      </div>
    </section>
  );
}
