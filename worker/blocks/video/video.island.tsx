// The video block brought to life (§4 Video): a click on the poster shows the video in its place (with its
// provider's autoplay parameter, §9) and fades the poster out; showing it returns every other video on the page, in
// video blocks and gallery slides, to its poster, so only one plays at a time, and records the play (§3 VIDEO).
// The players of the two providers that take messages (§7: YouTube and Vimeo, shared/video/embed.ts) are told to play
// and to pause: a video returned to its poster is paused and kept where it was, and plays on from there when the
// visitor presses play again. Hydrated on the first interaction.
import { useAtom } from 'jotai';
import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { playerMessage, withAutoplay, withPlayerApi, type PlayerCommand } from '../../../shared/video/embed.ts';
import { recordMediaPlay } from '../../../client/lib/analytics.ts';
import { playingVideoAtom } from '../../../client/ui/video-state.ts';
import { VideoView, type VideoProps } from './video.view.tsx';

/** The player's frame in the figure, once it is there. */
const frameIn = (figure: HTMLElement | null) => figure?.querySelector<HTMLIFrameElement>('.video-embed iframe');

/** Sends the command to the figure's player, if it is one that takes messages (to its own origin only). */
function tell(frame: HTMLIFrameElement | null | undefined, command: PlayerCommand): void {
  const to = frame && playerMessage(frame.src, command);
  if (to) frame.contentWindow?.postMessage(to.message, to.origin);
}

export default function VideoIsland(props: VideoProps) {
  const key = `video:${props.blockId}`;
  const [playingKey, setPlaying] = useAtom(playingVideoAtom);
  const playing = playingKey === key;
  const [started, setStarted] = useState(false);
  // the figure the visitor pressed play in (the island renders the view alone: no element of its own)
  const figure = useRef<HTMLElement | null>(null);

  // whether the player's page has loaded (a message to a frame still loading would reach the blank page before it)
  const loaded = useRef(false);
  const playingNow = useRef(playing);
  playingNow.current = playing;

  // a new player: once it has loaded it is told what the page wants of it now, beside its autoplay parameter, which a
  // provider may not honour (or which started it while another video took its place). A layout effect, so the
  // listener is there in the commit that adds the frame, before its load can fire.
  useLayoutEffect(() => {
    const player = started ? frameIn(figure.current) : null;
    if (!player) return;
    const onLoad = () => {
      loaded.current = true;
      tell(player, playingNow.current ? 'play' : 'pause');
    };
    player.addEventListener('load', onLoad);
    return () => player.removeEventListener('load', onLoad);
  }, [started]);

  useEffect(() => {
    if (!started) return;
    // the embed takes the focus from the play control it replaces
    if (playing) figure.current?.querySelector<HTMLElement>('.video-embed iframe, .video-embed object')?.focus();
    if (loaded.current) tell(frameIn(figure.current), playing ? 'play' : 'pause');
  }, [playing, started]);

  const onPlay = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    figure.current = (event.currentTarget as HTMLElement).closest('figure');
    setStarted(true);
    setPlaying(key);
    // §3 VIDEO: a play, recorded like the audio block's
    recordMediaPlay('VIDEO');
  };
  const playingHtml = withPlayerApi(withAutoplay(props.html, props.providerName));
  return <VideoView {...props} live={{ playing, started, playingHtml, onPlay }} />;
}
