// Block type 17, folder: a titled list of links.
import * as z from 'zod';
import { href } from '../../../shared/snapshot/common.ts';
import { Link } from '../../kit/ui.tsx';
import { defineBlock, type BlockProps } from '../define.ts';
import { destination } from '../parts/links.ts';
import { text } from '../parts/schema.ts';
import { IN_BLOCK } from '../parts/styles.ts';

const schema = z.object({
  title: text(200),
  links: z
    .array(z.object({ title: text(200), url: href }))
    .min(1)
    .max(50),
});
type FolderData = z.output<typeof schema>;

function FolderBlock({ data }: BlockProps<FolderData>) {
  return (
    <section className="cb-folder">
      {data.title && <h2 className="cb-heading">{data.title}</h2>}
      <ul className="cb-link-list">
        {data.links.map((link, i) => (
          <li key={`${link.url}-${i}`}>
            <Link href={link.url}>{link.title || destination(link.url)}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

const styles = `
${IN_BLOCK} .cb-link-list{list-style:none;margin:0;padding:0;border-top:1px solid var(--border)}
${IN_BLOCK} .cb-link-list li{border-bottom:1px solid var(--border)}
${IN_BLOCK} .cb-link-list a{display:flex;justify-content:space-between;gap:1rem;padding:.7rem .15rem;color:var(--text);text-decoration:none}
${IN_BLOCK} .cb-link-list a::after{content:"→";content:"→" / "";color:var(--muted);transition:transform .2s,color .2s}
${IN_BLOCK} .cb-link-list a:hover{color:var(--accent)}
${IN_BLOCK} .cb-link-list a:hover::after{color:var(--accent);transform:translateX(3px)}
`;

export default defineBlock({ code: 17, name: 'folder', schema, Component: FolderBlock, styles, text: (data) => data.title });
