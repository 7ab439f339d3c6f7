// The video block brought to life (§4 Video): a click on the poster shows the video in its place (with its
// provider's autoplay parameter, §9) and fades the poster out; showing it returns every other video on the page, in
// video blocks and gallery slides, to its poster, so only one plays at a time, and records the play (§3 VIDEO).
// Hydrated on the first interaction.
import { useAtom } from 'jotai';
import { useEffect, useRef, type MouseEvent } from 'react';
import { withAutoplay } from '../../../shared/video/embed.ts';
import { recordMediaPlay } from '../../../client/lib/analytics.ts';
import { playingVideoAtom } from '../../../client/ui/video-state.ts';
import { VideoView, type VideoProps } from './video.view.tsx';

export default function VideoIsland(props: VideoProps) {
  const key = `video:${props.blockId}`;
  const [playingKey, setPlaying] = useAtom(playingVideoAtom);
  const playing = playingKey === key;
  // the figure the visitor pressed play in (the island renders the view alone: no element of its own)
  const figure = useRef<HTMLElement | null>(null);

  // the embed takes the focus from the play control it replaces
  useEffect(() => {
    if (playing) figure.current?.querySelector<HTMLElement>('.video-embed iframe, .video-embed object')?.focus();
  }, [playing]);

  const onPlay = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    figure.current = (event.currentTarget as HTMLElement).closest('figure');
    setPlaying(key);
    // §3 VIDEO: a play, recorded like the audio block's
    recordMediaPlay('VIDEO');
  };
  return <VideoView {...props} live={{ playing, playingHtml: withAutoplay(props.html, props.providerName), onPlay }} />;
}
