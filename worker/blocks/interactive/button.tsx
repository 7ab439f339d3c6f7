// The button block: one call-to-action link carrying the §3 button tracking payload for the client's view and click tracking.
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { useRender } from '../../render/context.tsx';
import { Link } from '../../render/ui.tsx';
import type { BlockProps } from '../types.ts';

/** The §3 tracking payload's context for this block. */
const BUTTON_CONTEXT = 'button-block';

export function ButtonBlock({ data, block }: BlockProps<'button'>) {
  const { url } = useRender();
  return (
    <div
      className={`button-block button-align-${data.alignment}`}
      data-island="button"
      data-block-id={block.id}
      data-page-path={url.pathname}
      data-id={block.id}
      data-button-text={data.buttonText}
      data-clickthrough-url={data.clickthroughUrl}
      data-alignment={data.alignment}
      data-size={data.size}
      data-new-window={String(data.newWindow)}
      data-context={BUTTON_CONTEXT}
    >
      <Link href={data.clickthroughUrl} newWindow={data.newWindow} className={`button button-size-${data.size} button-block-link`}>
        {data.buttonText}
        {data.newWindow && <VisuallyHidden> (opens in a new window)</VisuallyHidden>}
      </Link>
    </div>
  );
}
