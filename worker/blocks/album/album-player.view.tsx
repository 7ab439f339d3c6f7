// The album block's player, props only: the play link for its first track (the browser's own player without script:
// shared/ui/player-start.tsx). Its plain island (album-player.island.ts) turns the link into the player.
import { islandRef } from '../../../shared/islands/protocol.ts';
import { PlayerStart } from '../../../shared/ui/player-start.tsx';

export interface AlbumPlayerProps {
  /** the first track's title and address */
  title: string;
  url: string;
}

export function AlbumPlayerView({ title, url }: AlbumPlayerProps) {
  return <PlayerStart url={url} title={title} className="album-player" />;
}

export const albumPlayerIsland = islandRef('album-player', AlbumPlayerView);
