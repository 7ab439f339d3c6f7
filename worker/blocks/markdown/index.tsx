// Block type 44, markdown: the owner's Markdown, converted once per snapshot version and placed as HTML.
import { plainText } from '../../../shared/plain-text.ts';
import { marked } from 'marked';
import * as z from 'zod';
import { OwnerHtml } from '../../kit/ui.tsx';
import { defineBlock, type BlockProps } from '../define.ts';
import { text } from '../parts/schema.ts';
import { IN_BLOCK } from '../parts/styles.ts';

const schema = z.object({ markdown: text(100_000) });
type MarkdownData = z.output<typeof schema>;

// Block data objects live as long as their parsed snapshot, so each Markdown text is converted once per version.
const markdownHtml = new WeakMap<MarkdownData, string>();

function toHtml(data: MarkdownData): string {
  let html = markdownHtml.get(data);
  if (html === undefined) {
    html = marked.parse(data.markdown, { async: false, gfm: true });
    markdownHtml.set(data, html);
  }
  return html;
}

function MarkdownBlock({ data }: BlockProps<MarkdownData>) {
  return <OwnerHtml html={toHtml(data)} className="cb-owner-html cb-markdown" />;
}

const styles = `
${IN_BLOCK} .cb-markdown h1,${IN_BLOCK} .cb-markdown h2,${IN_BLOCK} .cb-markdown h3,${IN_BLOCK} .cb-markdown h4{margin:1.6em 0 .5em}
${IN_BLOCK} .cb-markdown h1{font-size:2rem}
${IN_BLOCK} .cb-markdown h3{font-size:1.25rem}
${IN_BLOCK} .cb-markdown ul,${IN_BLOCK} .cb-markdown ol{padding-left:1.4em;margin:0 0 1em}
${IN_BLOCK} .cb-markdown li+li{margin-top:.3em}
${IN_BLOCK} .cb-markdown blockquote>:last-child{margin-bottom:0}
${IN_BLOCK} .cb-markdown blockquote{margin:1.5em 0;padding:.2em 0 .2em 1.25em;border-left:3px solid var(--accent);color:var(--muted);font-style:italic}
${IN_BLOCK} .cb-markdown hr{border:0;border-top:1px solid var(--border);margin:2em 0}
${IN_BLOCK} .cb-markdown :not(pre)>code{font:.88em/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--surface);border:1px solid var(--border);border-radius:4px;padding:.08em .35em}
`;

export default defineBlock({
  code: 44,
  name: 'markdown',
  schema,
  Component: MarkdownBlock,
  styles,
  ownerCode: () => true,
  // the words a reader sees, not the Markdown's asterisks and brackets
  text: (data) => plainText(toHtml(data)),
});
