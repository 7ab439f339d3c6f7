// The CONTENT_ITEM page type (§2 code 50): an entry of a collection (its header, event details, hero image, layout,
// tags, likes, shares, comments and its neighbours), or a product's page, drawn by the product block. The item comes from
// its own record, its neighbours from the chunk of the list around it.
import { plainText } from '../../shared/plain-text.ts';
import { Img } from '../../shared/ui/img.tsx';
import type { Item } from '../../shared/snapshot/schema.ts';
import { contentUrl } from '../../shared/urls.ts';
import { commentCountIsland } from '../blocks/comments/comment-count.view.tsx';
import { LayoutBlocks } from '../blocks/layout.tsx';
import { ProductPage } from '../blocks/product/index.ts';
import { parseBlock } from '../blocks/registry.ts';
import { CommentsSection, commentsLink, commentsOn } from '../kit/comments.tsx';
import { siteOrigin, useRender } from '../kit/context.tsx';
import { Island } from '../kit/island.tsx';
import { useDateFormat } from '../kit/ui.tsx';
import { likeIsland, shareIsland } from './engagement/engagement.view.tsx';
import { RelativeDate } from './engagement/relative-date.tsx';
import { EventDetails } from './events.tsx';
import type { PageDefinition } from './types.ts';

/** Whether the item's own body already shows this image (an image block's, a video's poster…), so the hero would repeat it. */
function bodyShowsImage(item: Item, src: string): boolean {
  return !!item.body?.blocks.some((block) => {
    const parsed = parseBlock(block);
    return parsed.ok && !!parsed.definition.images?.(parsed.data).some((image) => image.src === src);
  });
}

function ItemBody() {
  const { site, route } = useRender();
  const formatDate = useDateFormat();
  const collection = route.collection!;
  const item = route.item!;
  if (item.product) {
    return (
      <ProductPage collection={collection} item={item} product={item.product}>
        {item.body && item.body.blocks.length > 0 && <LayoutBlocks layout={item.body} />}
      </ProductPage>
    );
  }
  // read before the page renders (worker/routes/page-data.ts): the entries beside it in the collection's list
  const { newer, older } = route.neighbours ?? {};
  const base = contentUrl(collection.urlId);
  const { settings } = site;
  const href = site.itemUrl(collection, item);
  const commentsHref = commentsLink(site, siteOrigin(site), href, item);
  const comments = commentsOn(site, collection);
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
            <RelativeDate iso={item.publishOn} label={formatDate(item.publishOn)} past />
            {item.author && (
              <>
                {' · by '}
                <a href={contentUrl(collection.urlId, { type: 'author', name: item.author.displayName })}>{item.author.displayName}</a>
              </>
            )}
            {comments && (
              <>
                {' · '}
                {settings.commentServiceShortname ? (
                  <Island
                    island={commentCountIsland}
                    props={{ href: commentsHref, shortname: settings.commentServiceShortname, identifier: item.id }}
                    when="visible"
                  />
                ) : (
                  <a href={commentsHref}>Comments</a>
                )}
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
        {comments && <CommentsSection site={site} item={item} url={`${siteOrigin(site)}${href}`} />}
        <nav className="article-nav" aria-label="More entries">
          {newer ? <a href={`${base}/${newer.urlId}`}>← {newer.title}</a> : <span />}
          {older ? <a href={`${base}/${older.urlId}`}>{older.title} →</a> : <span />}
        </nav>
      </article>
    </div>
  );
}

export const itemPages = {
  CONTENT_ITEM: {
    Body: ItemBody,
    chrome: 'site',
    title: (s) => s.route.item?.title ?? '',
    description: (s) => plainText(s.route.item?.excerpt) || undefined,
    indexable: true,
  },
} satisfies Record<string, PageDefinition>;
