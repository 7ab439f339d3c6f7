// The stand-in for a media player until a visitor presses play (the audio and album blocks): a play link to the track
// and, for a browser without script, the browser's own player in <noscript>. Any <audio> element on a page brings the
// browser's media styles into every style recalculation of the page: on trailhead's /community, two players took 40%
// of the style time of a phone's first paint (docs/blocks-and-islands.md, "The audio players"). So with script the
// page has no <audio> until the press: the link is a play button that the block's island turns into the player,
// playing; without script (or with an island that could not be loaded) it opens the track, which browsers play.
import type { MouseEventHandler } from 'react';
import { Icon } from './icon.tsx';
import { VisuallyHidden } from './visually-hidden.tsx';

export function PlayerStart({
  url,
  title,
  className,
  onStart,
}: {
  url: string;
  title: string;
  /** the class of the native player, for the one in <noscript> */
  className: string;
  onStart?: MouseEventHandler<HTMLAnchorElement> | undefined;
}) {
  return (
    <>
      <a className="player-start" href={url} onClick={onStart}>
        <span className="player-start-icon" aria-hidden="true">
          <Icon name="play" size={18} />
        </span>
        Play<VisuallyHidden> {title}</VisuallyHidden>
      </a>
      <noscript>
        <audio className={className} controls preload="none" src={url}>
          <a href={url}>Download {title}</a>
        </audio>
      </noscript>
    </>
  );
}

/** The play link's look, under a block's scope: a bar the height of the browser's player, which takes its place. */
export const playerStartStyles = (scope: string) => `
${scope} .player-start{display:flex;align-items:center;gap:.7rem;min-height:54px;padding:0 1rem 0 .5rem;border-radius:999px;background:color-mix(in srgb,var(--text) 7%,transparent);color:var(--text);font-weight:600;text-decoration:none}
${scope} .player-start:hover{background:color-mix(in srgb,var(--text) 12%,transparent)}
${scope} .player-start:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
${scope} .player-start-icon{display:grid;place-items:center;width:38px;height:38px;border-radius:50%;background:var(--accent);color:var(--accent-contrast,#fff)}
@media (scripting:none){${scope} .player-start{display:none}}
`;
