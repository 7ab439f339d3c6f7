// Content page types: pages, collection lists (blog, gallery, products, feeds), collection items and splash pages.
import { dateFormatter } from '../../shared/date-format.ts';
import { plainText } from '../../shared/plain-text.ts';
import { Img } from '../../shared/ui/img.tsx';
import { COLLECTION_TYPES } from '../../shared/codes.ts';
import { priceDisplay } from '../../shared/pricing.ts';
import type { Collection, Item, Product } from '../../shared/snapshot/schema.ts';
import { contentUrl } from '../../shared/urls.ts';
import { commentCountIsland } from '../blocks/comments/comment-count.view.tsx';
import { Island } from '../kit/island.tsx';
import { likeIsland, relativeTimeIsland, relativeTimeProps, shareIsland } from './engagement/engagement.view.tsx';
import { productImages } from '../blocks/product/product.tsx';
import { productGalleryIsland } from '../blocks/product/product-gallery.view.tsx';
import { productListIsland, type ProductCard } from '../blocks/product/product-list.view.tsx';
import { purchaseProps } from '../blocks/product/purchase.ts';
import { productIsland } from '../blocks/product/purchase.view.tsx';
import { parseBlock } from '../blocks/registry.ts';
import { CommentsSection, commentsLink } from '../kit/comments.tsx';
import { siteOrigin, useRender } from '../kit/context.tsx';
import { LayoutBlocks } from '../blocks/layout.tsx';
import { useDateFormat } from '../kit/ui.tsx';
import type { PageDefinition } from './types.ts';

const GALLERY_TYPES: ReadonlySet<number> = new Set([
  COLLECTION_TYPES.INSTAGRAM,
  COLLECTION_TYPES.GALLERY_BLOCK,
  COLLECTION_TYPES.PHOTO_COMMUNITY,
  COLLECTION_TYPES.PHOTO_SHARING,
  COLLECTION_TYPES.MOSAIC,
  COLLECTION_TYPES.SLIDE_GALLERY,
]);

/** The price of a product as §3 'Price display' describes it. */
export function ProductPrice({ product }: { product: Product }) {
  const { site } = useRender();
  const display = priceDisplay(product, site.settings.storeSettings.selectedCurrency);
  return (
    <p className="price">
      {display.kind === 'sale' ? (
        <>
          <span className="sale-price">{display.text}</span>
          {display.originalText && <span className="original-price">{display.originalText}</span>}
        </>
      ) : (
        <span>{display.text}</span>
      )}
      {display.soldOut && (
        <>
          {' '}
          <span className="sold-out">Sold Out</span>
        </>
      )}
    </p>
  );
}

function PageBody() {
  const { route } = useRender();
  const page = route.page!;
  return (
    <div className="wrap page-body">
      <header className="page-header">
        <h1>{page.title}</h1>
        {page.description && <p className="lead">{page.description}</p>}
      </header>
      <LayoutBlocks layout={page.layout} />
    </div>
  );
}

/** Narrows items by the §2 filter (category, tag, author, month as YYYY-MM). */
function applyFilter(items: readonly Item[], filter: { type: string; name: string } | null | undefined): readonly Item[] {
  if (!filter) return items;
  const name = filter.name.toLowerCase();
  switch (filter.type) {
    case 'category':
      return items.filter((i) => i.categories.some((c) => c.toLowerCase() === name));
    case 'tag':
      return items.filter((i) => i.tags.some((t) => t.toLowerCase() === name));
    case 'author':
      return items.filter((i) => i.author?.displayName.toLowerCase() === name);
    case 'month':
      return items.filter((i) => i.publishOn.slice(0, 7) === filter.name);
    default:
      return items;
  }
}

type EventInfo = NonNullable<Item['event']>;

/** An event's day and times in the site's language and time zone: 'Thursday 3 December 2026', '19:00 – 21:30'. */
function useEventWhen(): (event: EventInfo, style?: 'long' | 'short') => { day: string; time: string } {
  const { site } = useRender();
  const { language, timeZone } = site.website;
  return (event, style = 'long') => {
    const start = new Date(event.startDate);
    const end = new Date(event.endDate);
    const dayFormat = dateFormatter(language, {
      weekday: style === 'long' ? 'long' : 'short',
      day: 'numeric',
      month: style === 'long' ? 'long' : 'short',
      year: style === 'long' ? 'numeric' : undefined,
      timeZone,
    });
    const timeFormat = dateFormatter(language, { hour: 'numeric', minute: '2-digit', timeZone });
    const sameDay = dayFormat.format(start) === dayFormat.format(end);
    return sameDay
      ? { day: dayFormat.format(start), time: `${timeFormat.format(start)} – ${timeFormat.format(end)}` }
      : { day: `${dayFormat.format(start)} – ${dayFormat.format(end)}`, time: timeFormat.format(start) };
  };
}

/** When and where an event happens, above its text. */
function EventDetails({ event }: { event: EventInfo }) {
  const when = useEventWhen()(event);
  return (
    <dl className="event-details">
      <div>
        <dt>When</dt>
        <dd>
          <time dateTime={event.startDate}>{when.day}</time>
          <br />
          {when.time}
        </dd>
      </div>
      {event.location && (
        <div>
          <dt>Where</dt>
          <dd>
            {event.location.addressTitle}
            {event.location.addressLine1 && (
              <>
                <br />
                {event.location.addressLine1}
              </>
            )}
          </dd>
        </div>
      )}
    </dl>
  );
}

function ItemCard({
  collection,
  item,
  headingLevel = 2,
  priority = false,
}: {
  collection: Collection;
  item: Item;
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
  const { site, route, now } = useRender();
  const collection = route.collection!;
  const all = applyFilter(site.visibleItems(collection, now), route.filter);
  const perPage = collection.itemsPerPage;
  const pages = Math.max(1, Math.ceil(all.length / perPage));
  const pageNumber = Math.min(route.pageNumber ?? 1, pages);
  const items = all.slice((pageNumber - 1) * perPage, pageNumber * perPage);
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
            Showing {all.length} {all.length === 1 ? 'entry' : 'entries'} in {route.filter.type} <strong>{route.filter.name}</strong>
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
        <ProductList collection={collection} items={items} />
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

function ProductDetail({ collection, item, product }: { collection: Collection; item: Item; product: Product }) {
  const { site } = useRender();
  const images = productImages(item);
  const purchase = purchaseProps(site, item, product, {
    idBase: `product-page-${item.id}`,
    notes: [
      { text: plainText(item.excerpt), className: 'product-excerpt' },
      { text: product.detail, className: 'product-note' },
    ],
  });
  return (
    <div className="wrap page-body product-page">
      <nav className="meta breadcrumb" aria-label="Breadcrumb">
        <a href={site.entryUrl({ kind: 'collection', collection })}>{collection.title}</a> / {item.title}
      </nav>
      <article className="product-detail">
        {images.length > 0 && <Island island={productGalleryIsland} props={{ title: item.title, images }} when="visible" />}
        <div className="product-summary">
          <h1>{item.title}</h1>
          <Island island={productIsland} props={purchase} when="visible" />
        </div>
        {item.body && item.body.blocks.length > 0 && (
          <div className="product-description">
            <LayoutBlocks layout={item.body} />
          </div>
        )}
      </article>
    </div>
  );
}

/** A products collection's cards, each with its Quick View (§2). */
function ProductList({ collection, items }: { collection: Collection; items: readonly Item[] }) {
  const { site } = useRender();
  const currency = site.settings.storeSettings.selectedCurrency;
  const cards: ProductCard[] = items.flatMap((item) => {
    const product = item.product;
    if (!product) return [];
    return [
      {
        id: item.id,
        url: site.itemUrl(collection, item),
        title: item.title,
        image: item.assetImage ?? product.images[0],
        price: priceDisplay(product, currency),
        purchase: purchaseProps(site, item, product, {
          idBase: `quick-${item.id}`,
          notes: [{ text: plainText(item.excerpt), className: 'product-excerpt' }],
        }),
      },
    ];
  });
  return <Island island={productListIsland} props={{ cards }} when="visible" />;
}

/** Whether the item's own body already shows this image (an image block's, a video's poster…), so the hero would repeat it. */
function bodyShowsImage(item: Item, src: string): boolean {
  return !!item.body?.blocks.some((block) => {
    const parsed = parseBlock(block);
    return parsed.ok && !!parsed.definition.images?.(parsed.data).some((image) => image.src === src);
  });
}

function ItemBody() {
  const { site, route, now } = useRender();
  const formatDate = useDateFormat();
  const collection = route.collection!;
  const item = route.item!;
  if (item.product) return <ProductDetail collection={collection} item={item} product={item.product} />;
  const siblings = site.visibleItems(collection, now);
  const at = siblings.findIndex((i) => i.id === item.id);
  const newer = at > 0 ? siblings[at - 1] : undefined;
  const older = at >= 0 && at < siblings.length - 1 ? siblings[at + 1] : undefined;
  const base = contentUrl(collection.urlId);
  const { settings } = site;
  const href = site.itemUrl(collection, item);
  const commentsHref = commentsLink(site, siteOrigin(site), href, item);
  return (
    <div className="wrap page-body">
      <article className="article">
        <header className="page-header">
          <p className="meta">
            <a href={site.entryUrl({ kind: 'collection', collection })}>{collection.title}</a>
            {item.categories.map((c) => (
              <span key={c}>
                {' · '}
                <a href={contentUrl(collection.urlId, { type: 'category', name: c })}>{c}</a>
              </span>
            ))}
          </p>
          <h1>{item.title}</h1>
          <p className="meta">
            <Island island={relativeTimeIsland} props={relativeTimeProps(item.publishOn, formatDate(item.publishOn), now)} when="idle" />
            {item.author && (
              <>
                {' · by '}
                <a href={contentUrl(collection.urlId, { type: 'author', name: item.author.displayName })}>{item.author.displayName}</a>
              </>
            )}
            {settings.commentsEnabled && (
              <>
                {' · '}
                {settings.commentServiceShortname ? (
                  <Island
                    island={commentCountIsland}
                    props={{ href: commentsHref, shortname: settings.commentServiceShortname }}
                    when="visible"
                  />
                ) : (
                  <a href={commentsHref}>Comments</a>
                )}
                {!settings.commentServiceShortname && item.commentCount > 0 && <> ({item.commentCount})</>}
              </>
            )}
          </p>
        </header>
        {item.event && <EventDetails event={item.event} />}
        {item.assetImage && !bodyShowsImage(item, item.assetImage.src) && (
          <figure className="hero">
            <Img image={item.assetImage} sizes="(max-width: 432px) 100vw, 736px" displayWidth={736} priority />
          </figure>
        )}
        {item.body ? <LayoutBlocks layout={item.body} /> : item.excerpt && <p>{plainText(item.excerpt)}</p>}
        {item.tags.length > 0 && (
          <ul className="tags" aria-label="Tags">
            {item.tags.map((t) => (
              <li key={t}>
                <a href={contentUrl(collection.urlId, { type: 'tag', name: t })}>#{t}</a>
              </li>
            ))}
          </ul>
        )}
        <div className="item-engagement">
          <Island island={likeIsland} props={{ itemId: item.id, title: item.title, count: item.likeCount }} when="idle" />
          <Island island={shareIsland} props={{ title: item.title, url: `${siteOrigin(site)}${href}` }} when="idle" />
        </div>
        {settings.commentsEnabled && <CommentsSection site={site} item={item} />}
        <nav className="article-nav" aria-label="More entries">
          {newer ? <a href={`${base}/${newer.urlId}`}>← {newer.title}</a> : <span />}
          {older ? <a href={`${base}/${older.urlId}`}>{older.title} →</a> : <span />}
        </nav>
      </article>
    </div>
  );
}

function SplashBody() {
  const { route } = useRender();
  const page = route.page!;
  return (
    <div className="splash">
      {page.backgroundImage && <Img image={page.backgroundImage} className="splash-bg" sizes="100vw" displayWidth={1500} priority alt="" />}
      <div className="splash-content">
        <h1>{page.title}</h1>
        {page.description && <p className="lead">{page.description}</p>}
        <LayoutBlocks layout={page.layout} />
      </div>
    </div>
  );
}

export const contentPages = {
  PAGE: {
    Body: PageBody,
    chrome: 'site',
    title: (s) => s.route.page?.title ?? '',
    description: (s) => s.route.page?.description,
    indexable: true,
  },
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
  CONTENT_ITEM: {
    Body: ItemBody,
    chrome: 'site',
    title: (s) => s.route.item?.title ?? '',
    description: (s) => plainText(s.route.item?.excerpt) || undefined,
    indexable: true,
  },
  SPLASH_PAGE: {
    Body: SplashBody,
    chrome: 'bare',
    title: (s) => s.route.page?.title ?? '',
    description: (s) => s.route.page?.description,
    indexable: true,
  },
} satisfies Record<string, PageDefinition>;
