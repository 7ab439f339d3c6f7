// The grid of a synchronized photo collection (Instagram, the photo-community and photo-sharing services).
import type { ItemSummary } from '../../site/model.ts';
import { Img } from '../../../shared/ui/img.tsx';
import { useRender } from '../../kit/context.tsx';
import { Link } from '../../kit/ui.tsx';
import { useCollection } from './collection.tsx';
import { BlockHeading, EmptyNote, NewWindowHint } from './elements.tsx';

export function PhotoGrid({ collectionId, service }: { collectionId: string; service: string }) {
  const { site } = useRender();
  // a page's worth, and as many again for entries without a photograph
  const view = useCollection(collectionId, 2 * (site.collection(collectionId)?.itemsPerPage ?? 0));
  if (!view) return null;
  const { collection, items, url } = view;
  const photos = items
    .filter((i): i is ItemSummary & { assetImage: NonNullable<ItemSummary['assetImage']> } => !!i.assetImage)
    .slice(0, collection.itemsPerPage);
  return (
    <section className="cb-photos" data-service={service}>
      <BlockHeading href={url}>{collection.title}</BlockHeading>
      {photos.length === 0 ? (
        <EmptyNote>No photos yet.</EmptyNote>
      ) : (
        <ul className="cb-photo-grid">
          {photos.map((item) => {
            // A synchronized photo links back to where it was posted when the service gave its address.
            const external = !!item.sourceUrl && /^https?:/i.test(item.sourceUrl);
            return (
              <li className="cb-photo" key={item.id}>
                <Link href={external ? item.sourceUrl! : site.itemUrl(collection, item)} newWindow={external} className="cb-photo-link">
                  <Img
                    image={item.assetImage}
                    alt={item.assetImage.alt || item.title}
                    sizes="(max-width: 432px) 50vw, 240px"
                    displayWidth={240}
                    className="cb-photo-img"
                  />
                  {external && <NewWindowHint />}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
