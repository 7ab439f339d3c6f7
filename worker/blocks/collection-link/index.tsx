// Block type 12, collection link: a card linking to a collection, with its description and size.
import type * as z from 'zod';
import { defineBlock, type BlockProps } from '../define.ts';
import { excerptText } from '../../../shared/plain-text.ts';
import { countLabel, useCollection } from '../parts/collection.tsx';
import { collectionRef, referencesCollection } from '../parts/schema.ts';

const schema = collectionRef;
type CollectionLinkData = z.output<typeof schema>;

/** A card that links to a collection, with its description and how many items it holds. */
function CollectionLinkBlock({ data }: BlockProps<CollectionLinkData>) {
  // its size only: no entry of its list is read
  const view = useCollection(data.collectionId, 0);
  if (!view) return null;
  const { collection, total, url } = view;
  const description = excerptText(collection.description, 240);
  return (
    <a className="cb-card cb-card-link" href={url}>
      <span className="cb-card-title">{collection.title}</span>
      {description && <span className="cb-card-text">{description}</span>}
      <span className="cb-card-meta">{countLabel(total, 'item')}</span>
    </a>
  );
}

export default defineBlock({ code: 12, name: 'collection_link', schema, Component: CollectionLinkBlock, references: referencesCollection });
