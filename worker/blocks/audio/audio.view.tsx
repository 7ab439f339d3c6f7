// The audio block's props-only view (§2 Features loaded on demand: the audio player): the track's title, author and
// length, a play link until the visitor presses it (the browser's own player without script: shared/ui/player-start.tsx),
// then the native player, playing, and the player's state in words.
import type { MouseEvent, SyntheticEvent } from 'react';
import { islandRef } from '../../../shared/islands/protocol.ts';
import { Icon } from '../../../shared/ui/icon.tsx';
import { PlayerStart } from '../../../shared/ui/player-start.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';

export interface AudioProps {
  blockId: string;
  title: string;
  author?: string | undefined;
  url: string;
  /** the file's size as §9 writes it ('44MB'), when the block knows it */
  size?: string | undefined;
  duration?: { seconds: number; iso: string; label: string } | undefined;
}

/** The player's states: not started, loading (buffering), playing, paused, ended, or the track could not be played. */
export type AudioState = 'idle' | 'loading' | 'playing' | 'paused' | 'ended' | 'error';

export const AUDIO_STATE_TEXT: Record<AudioState, string> = {
  idle: '',
  loading: 'Loading…',
  playing: 'Playing',
  paused: 'Paused',
  ended: 'Finished',
  error: 'This track could not be played.',
};

export interface AudioLive {
  state: AudioState;
  /** the visitor has pressed play: the native player is drawn, and plays */
  started: boolean;
  onStart: (event: MouseEvent<HTMLAnchorElement>) => void;
  onMedia: (event: SyntheticEvent<HTMLAudioElement>) => void;
}

export function AudioView(props: AudioProps & { live?: AudioLive }) {
  const state = props.live?.state ?? 'idle';
  const on = props.live?.onMedia;
  return (
    <figure className="audio-block" data-state={state}>
      <figcaption className="audio-header">
        <span className="audio-icon" aria-hidden="true">
          <Icon name="music" size={22} />
        </span>
        <span className="audio-text">
          <span className="audio-title">{props.title}</span>
          {props.author && <span className="audio-author">{props.author}</span>}
        </span>
        {props.duration && (
          <time className="audio-duration" dateTime={props.duration.iso}>
            {props.duration.label}
          </time>
        )}
      </figcaption>
      {props.live?.started ? (
        <audio
          className="audio-player"
          controls
          autoPlay
          src={props.url}
          onPlay={on}
          onPlaying={on}
          onWaiting={on}
          onPause={on}
          onEnded={on}
          onError={on}
        >
          <a href={props.url}>Download {props.title}</a>
        </audio>
      ) : (
        <PlayerStart url={props.url} title={props.title} className="audio-player" onStart={props.live?.onStart} />
      )}
      {props.size && (
        <a className="audio-download" href={props.url} download>
          Download <VisuallyHidden>{props.title} </VisuallyHidden>
          <span className="audio-size">({props.size})</span>
        </a>
      )}
      <p className="audio-state" role="status">
        {AUDIO_STATE_TEXT[state]}
      </p>
    </figure>
  );
}

export const audioIsland = islandRef('audio', AudioView);
