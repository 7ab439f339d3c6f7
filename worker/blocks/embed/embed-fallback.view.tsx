// The embed block's fallback, props only: the embed's name and a link to it where it lives, drawn by the server over
// the frame but out of sight. Its plain island (embed-fallback.island.ts) shows it when the frame has not loaded within
// EMBED_TIMEOUT_MS (embed-timeout.ts) of coming into view (a host that cannot be reached), instead of an empty box.
import { islandRef } from '../../../shared/islands/protocol.ts';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';

export interface EmbedFallbackProps {
  title: string;
  /** the embedded content where it lives: the block's url, else the frame's own address */
  url: string;
  providerName: string | null;
}

export function EmbedFallbackView({ title, url, providerName }: EmbedFallbackProps) {
  return (
    <div className="embed-fallback">
      <p className="embed-fallback-title">{title}</p>
      <p className="embed-fallback-text">{providerName ? `${providerName} could not be reached.` : 'This content could not be loaded.'}</p>
      <a className="embed-fallback-link" href={url} target="_blank" rel="noopener noreferrer">
        {providerName ? `View it on ${providerName}` : 'Open it in a new window'}
        <VisuallyHidden> (opens in a new window)</VisuallyHidden>
      </a>
    </div>
  );
}

export const embedFallbackIsland = islandRef('embed-fallback', EmbedFallbackView);
