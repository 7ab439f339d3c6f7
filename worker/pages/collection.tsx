// The collection page types (§2 MAIN_CONTENT and CONTENT_COLLECTION, code 1): a collection's list of visible items,
// filtered (§2 category, tag, author, month) and paged, as cards, a photo grid, or a products collection's cards. The
// page's entries are read before it renders (worker/routes/page-data.ts): the chunks of this page of the list or filter.
import { plainText } from '../../shared/plain-text.ts';
import { Img } from '../../shared/ui/img.tsx';
import { COLLECTION_TYPES } from '../../shared/codes.ts';
import type { CollectionMeta, ItemSummary } from '../site/model.ts';
import { LayoutBlocks } from '../blocks/layout.tsx';
import { ProductListing, ProductPrice } from '../blocks/product/index.ts';
import { useRender } from '../kit/context.tsx';
import { useDateFormat } from '../kit/ui.tsx';
import { useEventWhen } from './events.tsx';
import type { PageDefinition } from './types.ts';

const GALLERY_TYPES: ReadonlySet<number> = new Set([
  COLLECTION_TYPES.INSTAGRAM,
  COLLECTION_TYPES.GALLERY_BLOCK,
  COLLECTION_TYPES.PHOTO_COMMUNITY,
  COLLECTION_TYPES.PHOTO_SHARING,
  COLLECTION_TYPES.MOSAIC,
  COLLECTION_TYPES.SLIDE_GALLERY,
]);

function ItemCard({
  collection,
  item,
  headingLevel = 2,
  priority = false,
}: {
  collection: CollectionMeta;
  item: ItemSummary;
  headingLevel?: 2 | 3;
  /** the first card of a list: its image is the first a visitor sees */
  priority?: boolean;
}) {
  const { site } = useRender();
  const formatDate = useDateFormat();
  const href = site.itemUrl(collection, item);
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const image = item.assetImage ?? item.product?.images[0];
  const eventWhen = useEventWhen();
  const when = item.event ? eventWhen(item.event, 'short') : undefined;
  return (
    <li className="item-card">
      {image && (
        <a className="thumb" href={href} tabIndex={-1} aria-hidden="true">
          <Img image={image} sizes="(max-width: 432px) 100vw, 360px" displayWidth={360} priority={priority} />
        </a>
      )}
      {when && item.event && (
        <p className="event-when">
          <time dateTime={item.event.startDate}>{when.day}</time> · {when.time}
        </p>
      )}
      <H>
        <a href={href}>{item.title}</a>
      </H>
      {item.product ? (
        <ProductPrice product={item.product} />
      ) : (
        <p className="meta">
          <time dateTime={item.publishOn}>{formatDate(item.publishOn)}</time>
          {item.author && <> · {item.author.displayName}</>}
        </p>
      )}
      {item.excerpt && !item.product && <p>{plainText(item.excerpt)}</p>}
    </li>
  );
}

function CollectionBody() {
  const { site, route } = useRender();
  const collection = route.collection!;
  const { total, items } = route.list ?? { total: 0, items: [] };
  const perPage = collection.itemsPerPage;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const pageNumber = Math.min(route.pageNumber ?? 1, pages);
  const base = site.entryUrl({ kind: 'collection', collection });
  const pageHref = (n: number) => {
    const q = new URLSearchParams();
    if (route.filter) q.set(route.filter.type, route.filter.name);
    if (n > 1) q.set('page', String(n));
    const s = q.toString();
    return s ? `${base}?${s}` : base;
  };
  const isGallery = GALLERY_TYPES.has(collection.type);
  return (
    <div className="wrap page-body">
      <header className="page-header">
        <h1>{collection.title}</h1>
        {collection.description && <p className="lead">{plainText(collection.description)}</p>}
      </header>
      <LayoutBlocks layout={collection.headerLayout} />
      {route.filter && (
        <p className="filter-note">
          <span>
            Showing {total} {total === 1 ? 'entry' : 'entries'} in {route.filter.type} <strong>{route.filter.name}</strong>
          </span>
          <a href={base}>Show all</a>
        </p>
      )}
      {items.length === 0 ? (
        <p>{route.filter ? 'Nothing here matches that filter yet.' : 'Nothing has been published here yet.'}</p>
      ) : isGallery ? (
        <ul className="gallery-grid">
          {items.map((item, i) => (
            <li key={item.id}>
              <figure>
                <a href={site.itemUrl(collection, item)}>
                  {item.assetImage ? (
                    <Img image={item.assetImage} sizes="(max-width: 432px) 100vw, 280px" displayWidth={280} priority={i === 0} />
                  ) : (
                    item.title
                  )}
                </a>
                {item.assetImage && <figcaption className="visually-hidden">{item.title}</figcaption>}
              </figure>
            </li>
          ))}
        </ul>
      ) : collection.type === COLLECTION_TYPES.PRODUCTS ? (
        <ProductListing collection={collection} items={items} />
      ) : (
        <ul className="item-list">
          {items.map((item, i) => (
            <ItemCard key={item.id} collection={collection} item={item} priority={i === 0} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="pagination" aria-label="Pages">
          {pageNumber > 1 ? <a href={pageHref(pageNumber - 1)}>← Newer</a> : <span />}
          <span className="meta">
            Page {pageNumber} of {pages}
          </span>
          {pageNumber < pages ? <a href={pageHref(pageNumber + 1)}>Older →</a> : <span />}
        </nav>
      )}
    </div>
  );
}

export const collectionPages = {
  MAIN_CONTENT: {
    Body: CollectionBody,
    chrome: 'site',
    title: (s) => s.route.collection?.title ?? '',
    description: (s) => plainText(s.route.collection?.description) || undefined,
    indexable: true,
  },
  CONTENT_COLLECTION: {
    Body: CollectionBody,
    chrome: 'site',
    title: (s) => (s.route.filter ? `${s.route.collection?.title ?? ''}: ${s.route.filter.name}` : (s.route.collection?.title ?? '')),
    description: (s) => plainText(s.route.collection?.description) || undefined,
    indexable: true,
  },
} satisfies Record<string, PageDefinition>;
