// Block type 53, button: one call-to-action link, a plain island (button.island.ts) that tracks its view and clicks
// with the §3 button tracking payload (§2); without script, a plain link.
import * as z from 'zod';
import { href } from '../../../shared/snapshot/common.ts';
import { isExternalLink, keepsLinkRule } from '../../../shared/urls.ts';
import { useRender } from '../../kit/context.tsx';
import { Island } from '../../kit/island.tsx';
import { defineBlock, type BlockProps } from '../define.ts';
import { alignment, text } from '../parts/schema.ts';
import { MOBILE_MAX } from '../parts/styles.ts';
import { buttonIsland } from './button.view.tsx';

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
  // drawn as kit's Link draws a link: safely to another site or a new window, as text when §5 refuses it
  const rel = data.newWindow || isExternalLink(data.clickthroughUrl, url.host) ? 'noopener noreferrer' : undefined;
  return (
    <Island
      island={buttonIsland}
      // §2: the view is tracked when the block initialises; a click before then waits for it (the loader holds it)
      when="load"
      props={{
        pagePath: url.pathname,
        id: block.id,
        buttonText: data.buttonText,
        clickthroughUrl: data.clickthroughUrl,
        alignment: data.alignment,
        size: data.size,
        newWindow: data.newWindow,
        context: BUTTON_CONTEXT,
        rel,
        linked: keepsLinkRule(data.clickthroughUrl),
      }}
    />
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
