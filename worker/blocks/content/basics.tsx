// Small static blocks: a quote, a spacer and a horizontal rule.
import type { BlockProps } from '../types.ts';

export function QuoteBlock({ data }: BlockProps<'quote'>) {
  return (
    <figure className="cb-quote">
      <blockquote className="cb-quote-text">
        <p>{data.text}</p>
      </blockquote>
      {data.source && <figcaption className="cb-quote-source">{data.source}</figcaption>}
    </figure>
  );
}

export function SpacerBlock({ data }: BlockProps<'spacer'>) {
  return <div className="cb-spacer" aria-hidden="true" style={{ height: `${data.height}px` }} />;
}

export function HorizontalRuleBlock() {
  return <hr className="cb-rule" />;
}
