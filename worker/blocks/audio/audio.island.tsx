// The audio block brought to life: the play link becomes the native player, playing (the press that woke the island
// is replayed here, so the first press plays); the player's state follows the media element's events (loading while
// it buffers, playing, paused, finished, or a track that could not be played, said in words to screen readers); and
// the first play of a page view is recorded as an AUDIO hit (§3 Analytics event kinds) for the owner's media plays.
import { useEffect, useRef, useState, type MouseEvent, type SyntheticEvent } from 'react';
import { recordMediaPlay } from '../../../client/lib/analytics.ts';
import { AudioView, type AudioProps, type AudioState } from './audio.view.tsx';

const STATE_OF: Record<string, AudioState> = {
  play: 'loading',
  waiting: 'loading',
  playing: 'playing',
  pause: 'paused',
  ended: 'ended',
  error: 'error',
};

export default function AudioIsland(props: AudioProps) {
  const [state, setState] = useState<AudioState>('idle');
  const [started, setStarted] = useState(false);
  const counted = useRef(false);
  const figure = useRef<HTMLElement | null>(null);
  const onStart = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    figure.current = event.currentTarget.closest('figure');
    setStarted(true);
  };
  // the keyboard stays where it was: on the player that took the play link's place
  useEffect(() => {
    if (started) figure.current?.querySelector('audio')?.focus();
  }, [started]);
  const onMedia = (event: SyntheticEvent<HTMLAudioElement>) => {
    const next = STATE_OF[event.type];
    if (!next) return;
    const audio = event.currentTarget;
    // the pause that ends a track, or follows an error, is not a pause
    if (next === 'paused' && (audio.ended || audio.error)) return;
    setState(next);
    if (next === 'playing' && !counted.current) {
      counted.current = true;
      recordMediaPlay('AUDIO');
    }
  };
  return <AudioView {...props} live={{ state, started, onStart, onMedia }} />;
}
