// An item's comments (§2 Comment links): the link every 'Comments' points to, and the section on the item's own page
// that the link's anchor names, so a visitor who follows it lands somewhere.
import type { Item } from '../../shared/snapshot/schema.ts';
import type { SiteModel } from '../site/model.ts';

/** The anchor a third-party comment service's scripts look for: its thread goes there, its count script finds links to it. */
export const SERVICE_THREAD_ANCHOR = 'disqus_thread';

/** The id of an item's comments section when no service is configured (§2: `#comment-{id}`). */
export const commentAnchor = (item: Pick<Item, 'id'>) => `comment-${item.id}`;

/** §2: {baseUrl}{href} followed by the service's thread anchor, or by #comment-{id}. */
export function commentsLink(site: SiteModel, baseUrl: string, itemHref: string, item: Pick<Item, 'id'>): string {
  return `${baseUrl}${itemHref}#${site.settings.commentServiceShortname ? SERVICE_THREAD_ANCHOR : commentAnchor(item)}`;
}

/** '3 comments', '1 comment', 'No comments yet'. */
export function commentCountText(count: number): string {
  if (count === 0) return 'No comments yet';
  return count === 1 ? '1 comment' : `${count} comments`;
}

/**
 * The comments section at the end of an item's page: the target of every comments link to the item. With a comment
 * service configured, its thread is placed in the service's element; otherwise the section says how many comments the
 * item has (the snapshot holds the count, not the comments).
 */
export function CommentsSection({ site, item }: { site: SiteModel; item: Item }) {
  const titleId = `${commentAnchor(item)}-title`;
  return (
    <section className="comments" id={commentAnchor(item)} aria-labelledby={titleId}>
      <h2 id={titleId}>Comments</h2>
      {site.settings.commentServiceShortname ? (
        <div id={SERVICE_THREAD_ANCHOR} data-comment-service={site.settings.commentServiceShortname} />
      ) : (
        <p className="meta">{`${commentCountText(item.commentCount)}.`}</p>
      )}
    </section>
  );
}
