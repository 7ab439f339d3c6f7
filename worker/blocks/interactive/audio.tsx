// The audio blocks: a single track player, a streaming-service card (music embed) and an album with its track list.
import { cx } from '../../../shared/ui/cx.ts';
import { Icon } from '../../../shared/ui/icon.tsx';
import { Img } from '../../../shared/ui/img.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { Link } from '../../render/ui.tsx';
import type { BlockProps } from '../types.ts';
import { blockImageSizes, compactClass, embedType, formatDuration, hostLabel, isoDuration, tidyEmbedHtml } from './block-parts.tsx';

export function AudioBlock({ data, block }: BlockProps<'audio'>) {
  return (
    <figure
      className="audio-block"
      data-island="audio"
      data-block-id={block.id}
      data-url={data.url}
      {...(data.durationSeconds !== undefined ? { 'data-duration': data.durationSeconds } : {})}
    >
      <figcaption className="audio-header">
        <span className="audio-icon" aria-hidden="true">
          <Icon name="music" size={22} />
        </span>
        <span className="audio-text">
          <span className="audio-title">{data.title}</span>
          {data.author && <span className="audio-author">{data.author}</span>}
        </span>
        {data.durationSeconds !== undefined && (
          <time className="audio-duration" dateTime={isoDuration(data.durationSeconds)}>
            {formatDuration(data.durationSeconds)}
          </time>
        )}
      </figcaption>
      <audio className="audio-player" controls preload="none" src={data.url}>
        <a href={data.url}>Download {data.title}</a>
      </audio>
    </figure>
  );
}

export function AudioStreamingBlock({ data, block }: BlockProps<'audio_streaming'>) {
  const type = embedType(data.embedHtml);
  return (
    <div
      className="audio-streaming-block"
      data-island="audio_streaming"
      data-block-id={block.id}
      data-provider-name={data.provider}
      data-url={data.url}
      data-type={type}
      {...(type !== 'invalid' ? { 'data-html': tidyEmbedHtml(data.embedHtml, data.title) } : {})}
    >
      <span className="audio-icon audio-streaming-icon" aria-hidden="true">
        <Icon name="music" size={26} />
      </span>
      <div className="audio-streaming-text">
        <p className="audio-streaming-provider">{data.provider}</p>
        <p className="audio-streaming-title">{data.title}</p>
      </div>
      <Link href={data.url} newWindow className="button secondary audio-streaming-link">
        Listen on {data.provider || hostLabel(data.url)}
        <VisuallyHidden> (opens in a new window)</VisuallyHidden>
      </Link>
    </div>
  );
}

export function AlbumBlock({ data, block }: BlockProps<'album'>) {
  const total = data.tracks.reduce((sum, t) => sum + t.durationSeconds, 0);
  const { sizes, displayWidth } = blockImageSizes(block.span, 0.4);
  const headingId = `album-${block.id}-title`;
  return (
    <section
      className={cx('album-block', compactClass(block.span))}
      aria-labelledby={headingId}
      data-island="album"
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
