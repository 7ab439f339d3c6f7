// The button block's props-only view (§2 Button block, §3 Button tracking payload): one call-to-action link. Its props
// are the §3 tracking payload its island sends with the view and each click (button.island.ts), and how the link is
// drawn, which the server decides (worker/blocks/button/index.tsx). Without script it is a plain link.
import { islandRef } from '../../../shared/islands/protocol.ts';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';

/** §3 Button tracking payload, as the block's island sends it (plus the visitor cookie, read when it sends). */
export interface ButtonPayload {
  pagePath: string;
  id: string;
  buttonText: string;
  clickthroughUrl: string;
  alignment: string;
  size: string;
  newWindow: boolean;
  context: string;
}

export interface ButtonProps extends ButtonPayload {
  /** 'noopener noreferrer' for a new window or another site; absent otherwise */
  rel?: string | undefined;
  /** false: a tel: or mailto: link longer than §5 allows, drawn as its text (kit's Link rule) */
  linked: boolean;
}

export function ButtonView({ buttonText, clickthroughUrl, alignment, size, newWindow, rel, linked }: ButtonProps) {
  const className = `button button-size-${size} button-block-link`;
  return (
    <div className={`button-block button-align-${alignment}`}>
      {linked ? (
        <a href={clickthroughUrl} className={className} target={newWindow ? '_blank' : undefined} rel={rel}>
          {buttonText}
          {newWindow && <VisuallyHidden> (opens in a new window)</VisuallyHidden>}
        </a>
      ) : (
        <span className={className}>{buttonText}</span>
      )}
    </div>
  );
}

export const buttonIsland = islandRef('button', ButtonView);
