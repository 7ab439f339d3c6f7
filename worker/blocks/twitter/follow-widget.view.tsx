// Where a twitter block's follow widget goes, as a props-only view: a link to the account (which works without script,
// and stays when the widget cannot be loaded), whose plain island (follow-widget.island.ts) loads the service's widget
// script and has it draw its Follow button beside it.
import { islandRef } from '../../../shared/islands/protocol.ts';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';

export interface FollowWidgetProps {
  /** the account, without its @ */
  handle: string;
  /** the language the widget speaks (follow-widget.ts) */
  lang: string;
}

export function FollowWidgetView({ handle }: FollowWidgetProps) {
  return (
    <div className="follow-widget" data-widget="none">
      <a className="follow-link" href={`https://x.com/${encodeURIComponent(handle)}`} target="_blank" rel="noopener noreferrer">
        Follow @{handle}
        <VisuallyHidden> (opens in a new window)</VisuallyHidden>
      </a>
    </div>
  );
}

export const followWidgetIsland = islandRef('follow-widget', FollowWidgetView);
