// An item's comments (§2 Comment links): whether they load on a collection, the link every 'Comments' points to, and
// the section on the item's own page that the link's anchor names, so a visitor who follows it lands somewhere.
import type { Collection, Item } from '../../shared/snapshot/schema.ts';
import type { SiteModel } from '../site/model.ts';
import { commentsThreadIsland, SERVICE_THREAD_ANCHOR } from './comments-thread.view.tsx';
import { Island } from './island.tsx';

export { SERVICE_THREAD_ANCHOR };

/** §2: comments load only when the site has them on and the collection is not one of the demo collections. */
export function commentsOn(site: SiteModel, collection: Pick<Collection, 'config'>): boolean {
  return site.settings.commentsEnabled && !collection.config.demo;
}

/** The id of an item's comments section (§2: `#comment-{id}` when no service is configured). */
export const commentAnchor = (item: Pick<Item, 'id'>) => `comment-${item.id}`;

/** §2: {baseUrl}{href} followed by the service's thread anchor, or by #comment-{id}. */
export function commentsLink(site: SiteModel, baseUrl: string, itemHref: string, item: Pick<Item, 'id'>): string {
  return `${baseUrl}${itemHref}#${site.settings.commentServiceShortname ? SERVICE_THREAD_ANCHOR : commentAnchor(item)}`;
}

/** What the section says when the site names no comment service: the snapshot holds no comments to show. */
export const NO_COMMENT_SERVICE = 'Comments are not open here: this site has no comment service set up.';

/**
 * The comments section at the end of an item's page: the target of every comments link to the item. With a comment
 * service configured, the service's thread, loaded on demand into its element (comments-thread.island.ts); without
 * one, it says so plainly.
 */
export function CommentsSection({ site, item, url }: { site: SiteModel; item: Item; url: string }) {
  const titleId = `${commentAnchor(item)}-title`;
  const shortname = site.settings.commentServiceShortname;
  return (
    <section className="comments" id={commentAnchor(item)} aria-labelledby={titleId}>
      <h2 id={titleId}>Comments</h2>
      {shortname ? (
        <Island island={commentsThreadIsland} props={{ shortname, url, identifier: item.id, title: item.title }} when="visible" />
      ) : (
        <p className="meta">{NO_COMMENT_SERVICE}</p>
      )}
    </section>
  );
}
