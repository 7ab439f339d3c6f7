// The video block's props-only view (§3 Video block, §4 Video): the poster overlay with its play control, or the
// embed playing in its place, and the caption. Without script, play is a link to the video on its provider's site.
import type { MouseEvent } from 'react';
import { islandRef } from '../../../shared/islands/protocol.ts';
import type { Image } from '../../../shared/snapshot/common.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { Icon } from '../../../shared/ui/icon.tsx';
import { Img } from '../../../shared/ui/img.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';

export interface VideoProps {
  blockId: string;
  title: string;
  description?: string | undefined;
  providerName: string;
  /** the video's page at its provider */
  url: string;
  /** §3 data-html: the embed, tidied (a titled, lazy iframe) */
  html: string;
  type: 'iframe' | 'object';
  mode: 'none' | 'fit' | 'fill';
  thumbnail?: Image | undefined;
  sizes: string;
  displayWidth: number;
}

export interface VideoLive {
  /** §3 showingVideo: the embed is in place of the poster */
  playing: boolean;
  /** the embed is on the page: played once, and kept (paused, behind the poster) when another video plays */
  started: boolean;
  /** the embed as it plays (with its provider's autoplay parameter) */
  playingHtml: string;
  onPlay: (event: MouseEvent) => void;
}

export function VideoView(props: VideoProps & { live?: VideoLive }) {
  const { live, thumbnail } = props;
  const playing = !!live?.playing;
  return (
    <figure
      className={cx('video-block', `video-mode-${props.mode}`)}
      data-provider-name={props.providerName}
      data-type={props.type}
      data-mode={props.mode}
      data-state={playing ? 'playing' : 'overlay'}
    >
      <div className="video-frame">
        {live?.started && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the provider's embed, made by the worker from the block's checked URL
          <div className="video-embed" inert={!playing || undefined} dangerouslySetInnerHTML={{ __html: live.playingHtml }} />
        )}
        <div className={cx('video-overlay', !thumbnail && 'no-thumb')} inert={playing || undefined}>
          {thumbnail ? (
            <Img image={thumbnail} sizes={props.sizes} displayWidth={props.displayWidth} alt="" className="video-poster" />
          ) : (
            <span className="video-poster video-poster-neutral" aria-hidden="true">
              <span className="video-poster-title">{props.title}</span>
            </span>
          )}
          <a
            href={props.url}
            className="video-play"
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Play video: ${props.title}`}
            onClick={live?.onPlay}
          >
            <Icon name="play" size={34} />
          </a>
          <span className="video-provider" aria-hidden="true">
            {props.providerName}
          </span>
        </div>
      </div>
      <figcaption className="video-caption">
        <span className="video-title">{props.title}</span>
        {props.description && <span className="video-description">{props.description}</span>}
        <a href={props.url} className="video-source-link" target="_blank" rel="noopener noreferrer">
          Watch on {props.providerName}
          <VisuallyHidden> (opens in a new window)</VisuallyHidden>
        </a>
      </figcaption>
    </figure>
  );
}

export const videoIsland = islandRef('video', VideoView);
