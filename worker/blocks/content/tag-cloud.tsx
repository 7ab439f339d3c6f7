// The tag cloud: a collection's tags (or categories) as links to its filtered list, sized by how often each is used.
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { contentUrl } from '../../../shared/urls.ts';
import type { BlockProps } from '../types.ts';
import { BlockHeading, countLabel, EmptyNote, useCollection } from './parts.tsx';

/** Size steps of the cloud, styled as cb-tag-1 (rarest) to cb-tag-5 (most used). */
const STEPS = 5;

export function TagCloudBlock({ data }: BlockProps<'tag_cloud'>) {
  const view = useCollection(data.collectionId);
  if (!view) return null;
  const { collection, items } = view;
  const filterType = data.kind === 'categories' ? 'category' : 'tag';
  const counts = new Map<string, number>();
  for (const item of items) {
    for (const term of new Set(data.kind === 'categories' ? item.categories : item.tags)) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  const terms = [...counts].sort(([a], [b]) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
  const values = [...counts.values()];
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
