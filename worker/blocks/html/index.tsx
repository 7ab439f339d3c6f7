// Block type 2, html: the owner's HTML, placed as written (the owner controls their site).
import * as z from 'zod';
import { OwnerHtml } from '../../kit/ui.tsx';
import { defineBlock, type BlockProps } from '../define.ts';
import { text } from '../parts/schema.ts';
import { plainText } from '../../../shared/plain-text.ts';

const schema = z.object({ html: text(100_000) });
type HtmlData = z.output<typeof schema>;

function HtmlBlock({ data }: BlockProps<HtmlData>) {
  return <OwnerHtml html={data.html} className="cb-owner-html" />;
}

export default defineBlock({
  code: 2,
  name: 'html',
  schema,
  Component: HtmlBlock,
  ownerCode: () => true,
  text: (data) => plainText(data.html),
});
