// Block type 14, tag cloud: a collection's tags or categories, sized by use, linking to the filtered list. Read from the
// collection's filter record (made at publish): the TAGS_SHOWN most used, however many there are.
import * as z from 'zod';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { contentUrl } from '../../../shared/urls.ts';
import { defineBlock, type BlockProps } from '../define.ts';
import { countLabel } from '../parts/collection.tsx';
import { useAsync, useRender } from '../../kit/context.tsx';
import { andThen } from '../../site/maybe.ts';
import { BlockHeading, EmptyNote } from '../parts/elements.tsx';
import { collectionRef, referencesCollection } from '../parts/schema.ts';
import { IN_BLOCK } from '../parts/styles.ts';
import { compareNames } from '../parts/collate.ts';

const schema = collectionRef.extend({ kind: z.enum(['tags', 'categories']).default('tags') });
type TagCloudData = z.output<typeof schema>;

/** Size steps of the cloud, styled as cb-tag-1 (rarest) to cb-tag-5 (most used). */
const STEPS = 5;
/** Terms a cloud shows at most: the most used (a page stays the same size however many tags a collection has). */
export const TAGS_SHOWN = 150;

function TagCloudBlock({ data }: BlockProps<TagCloudData>) {
  const { site, now } = useRender();
  const filterType = data.kind === 'categories' ? 'category' : 'tag';
  const collection = site.collection(data.collectionId);
  const counts = useAsync(`tag-cloud:${data.collectionId}:${filterType}`, () =>
    collection
      ? andThen(site.facet(collection, filterType, now), (facet) =>
          Object.values(facet?.values ?? {})
            .sort((a, b) => b.count - a.count || compareNames(a.name, b.name))
            .slice(0, TAGS_SHOWN)
            .map((v): [string, number] => [v.name, v.count]),
        )
      : [],
  );
  if (!collection) return null;
  const terms = counts.slice().sort(([a], [b]) => compareNames(a, b));
  const values = terms.map(([, n]) => n);
  const min = Math.min(...values);
  const max = Math.max(...values);
  // A logarithmic scale keeps one very frequent tag from shrinking every other tag to the smallest step.
  const step = (n: number) =>
    max === min ? 3 : 1 + Math.round(((Math.log(n) - Math.log(min)) / (Math.log(max) - Math.log(min))) * (STEPS - 1));
  return (
    <section className="cb-tag-cloud">
      <BlockHeading>{data.kind === 'categories' ? 'Categories' : 'Tags'}</BlockHeading>
      {terms.length === 0 ? (
        <EmptyNote>{data.kind === 'categories' ? 'No categories yet.' : 'No tags yet.'}</EmptyNote>
      ) : (
        <ul className="cb-tags">
          {terms.map(([term, n]) => (
            <li key={term}>
              <a className={`cb-tag cb-tag-${step(n)}`} href={contentUrl(collection.urlId, { type: filterType, name: term })}>
                {term}
                <VisuallyHidden> ({countLabel(n)})</VisuallyHidden>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const styles = `
${IN_BLOCK} .cb-tags{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;align-items:baseline;gap:.3rem 1rem}
${IN_BLOCK} .cb-tag{color:var(--text);text-decoration:none;line-height:1.35;font-weight:500}
${IN_BLOCK} .cb-tag:hover{color:var(--accent);text-decoration:underline}
${IN_BLOCK} .cb-tag-1{font-size:.875rem;color:var(--muted)}
${IN_BLOCK} .cb-tag-2{font-size:1rem}
${IN_BLOCK} .cb-tag-3{font-size:1.2rem}
${IN_BLOCK} .cb-tag-4{font-size:1.45rem;font-weight:600}
${IN_BLOCK} .cb-tag-5{font-size:1.75rem;font-weight:600}
`;

export default defineBlock({ code: 14, name: 'tag_cloud', schema, Component: TagCloudBlock, styles, references: referencesCollection });
