// Block type 31, quote: a quotation and its source.
import * as z from 'zod';
import { defineBlock, type BlockProps } from '../define.ts';
import { text } from '../parts/schema.ts';
import { IN_BLOCK, MOBILE_MAX } from '../parts/styles.ts';
import { words } from '../parts/text.ts';

const schema = z.object({ text: text(2000), source: text(200).optional() });
type QuoteData = z.output<typeof schema>;

function QuoteBlock({ data }: BlockProps<QuoteData>) {
  return (
    <figure className="cb-quote">
      <blockquote className="cb-quote-text">
        <p>{data.text}</p>
      </blockquote>
      {data.source && <figcaption className="cb-quote-source">{data.source}</figcaption>}
    </figure>
  );
}

const styles = `
${IN_BLOCK} .cb-quote{margin:0;padding:.4rem 0 .4rem 1.75rem;border-left:3px solid var(--accent)}
${IN_BLOCK} .cb-quote-text{margin:0;font:italic 400 clamp(1.25rem,2.4vw,1.6rem)/1.45 var(--heading-font)}
${IN_BLOCK} .cb-quote-text p{margin:0}
${IN_BLOCK} .cb-quote-source{margin-top:.9rem;color:var(--muted);font-size:.92rem;letter-spacing:.03em}
${IN_BLOCK} .cb-quote-source::before{content:"— ";content:"— " / ""}
@media (max-width:${MOBILE_MAX}px){
${IN_BLOCK} .cb-quote{padding-left:1.2rem}
}
`;

export default defineBlock({
  code: 31,
  name: 'quote',
  schema,
  Component: QuoteBlock,
  styles,
  text: (data) => words(data.text, data.source),
});
