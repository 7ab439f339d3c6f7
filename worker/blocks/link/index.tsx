// Block type 13, link: a card linking to a page or another site, with where it leads.
import * as z from 'zod';
import { href } from '../../../shared/snapshot/common.ts';
import { Link } from '../../kit/ui.tsx';
import { defineBlock, type BlockProps } from '../define.ts';
import { NewWindowHint } from '../parts/elements.tsx';
import { destination } from '../parts/links.ts';
import { text } from '../parts/schema.ts';
import { IN_BLOCK } from '../parts/styles.ts';
import { words } from '../parts/text.ts';

const schema = z.object({ url: href, title: text(200), description: text(1000).optional(), newWindow: z.boolean().default(false) });
type LinkData = z.output<typeof schema>;

function LinkBlock({ data }: BlockProps<LinkData>) {
  return (
    <Link href={data.url} newWindow={data.newWindow} className="cb-card cb-card-link cb-link-card">
      <span className="cb-card-title">
        {data.title || destination(data.url)}
        {data.newWindow && <NewWindowHint />}
      </span>
      {data.description && <span className="cb-card-text">{data.description}</span>}
      <span className="cb-card-meta">
        {destination(data.url)}
        <span className="cb-card-arrow" aria-hidden="true">
          {' '}
          →
        </span>
      </span>
    </Link>
  );
}

const styles = `
${IN_BLOCK} .cb-link-card{max-width:40rem}
`;

export default defineBlock({
  code: 13,
  name: 'link',
  schema,
  Component: LinkBlock,
  styles,
  text: (data) => words(data.title, data.description),
});
