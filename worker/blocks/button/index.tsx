// Block type 53, button: one call-to-action link carrying the §3 button tracking payload for the client's view and click tracking.
import * as z from 'zod';
import { href } from '../../../shared/snapshot/common.ts';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { useRender } from '../../kit/context.tsx';
import { Link } from '../../kit/ui.tsx';
import { defineBlock, type BlockProps } from '../define.ts';
import { alignment, text } from '../parts/schema.ts';
import { MOBILE_MAX } from '../parts/styles.ts';

const schema = z.object({
  buttonText: text(100),
  clickthroughUrl: href,
  newWindow: z.boolean().default(false),
  alignment: alignment.default('center'),
  size: z.enum(['small', 'medium', 'large']).default('medium'),
});
type ButtonData = z.output<typeof schema>;

/** The §3 tracking payload's context for this block. */
const BUTTON_CONTEXT = 'button-block';

function ButtonBlock({ data, block }: BlockProps<ButtonData>) {
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

const styles = `
.block-button .button-block{display:flex}
.block-button .button-align-left{justify-content:flex-start}
.block-button .button-align-center{justify-content:center}
.block-button .button-align-right{justify-content:flex-end}
.block-button .button-block-link{max-width:100%;text-align:center}
@media (max-width:${MOBILE_MAX}px){.block-button .button-size-large{padding:.9em 1.6em}.row-columns .block-button .button-align-right{justify-content:flex-start}}
`;

export default defineBlock({ code: 53, name: 'button', schema, Component: ButtonBlock, styles, text: (data) => data.buttonText });
