// Block type 58, in-browser message link: a commerce e-mail's link to view it in the browser.
import * as z from 'zod';
import { siteOrigin, useRender } from '../../kit/context.tsx';
import { defineBlock, type BlockProps } from '../define.ts';
import { text } from '../parts/schema.ts';
import { IN_BLOCK } from '../parts/styles.ts';

const schema = z.object({ text: text(200).default('View this email in your browser') });
type InBrowserMessageLinkData = z.output<typeof schema>;

/** The letter's own page on the web (an absolute URL, as a link in an e-mail must be): the item the block is part of,
 * or the page it stands on. */
function InBrowserMessageLinkBlock({ data }: BlockProps<InBrowserMessageLinkData>) {
  const { site, route, url } = useRender();
  const path = route.item && route.collection ? site.itemUrl(route.collection, route.item) : url.pathname;
  return (
    <p className="cb-email-browser-link">
      <a href={`${siteOrigin(site)}${path}`}>{data.text || 'View this email in your browser'}</a>
    </p>
  );
}

const styles = `
${IN_BLOCK} .cb-email-browser-link a{color:var(--muted)}
${IN_BLOCK} .cb-email-browser-link{text-align:center;font-size:.85rem;margin:0}
`;

export default defineBlock({
  code: 58,
  name: 'in_browser_message_link',
  schema,
  Component: InBrowserMessageLinkBlock,
  styles,
  text: (data) => data.text,
});
