// The comments block: the link to an item's comments (§2 Comment links), shown only when the site has comments on.
import { useRender } from '../../render/context.tsx';
import type { BlockProps } from '../types.ts';

/** The anchor the third-party comment service's count script looks for on a thread link. */
const SERVICE_THREAD_ANCHOR = '#disqus_thread';

export function CommentsBlock({ data }: BlockProps<'comments'>) {
  const { site, url, now } = useRender();
  const { commentsEnabled, commentServiceShortname } = site.settings;
  if (!commentsEnabled) return null;
  const collection = site.collection(data.collectionId);
  const item = collection?.items.find((i) => i.id === data.itemId);
  if (!collection || !item || !site.isVisible(item, now)) return null;
  const baseUrl = url.origin;
  const href = site.itemUrl(collection, item);
  const link = commentServiceShortname ? `${baseUrl}${href}${SERVICE_THREAD_ANCHOR}` : `${baseUrl}${href}#comment-${item.id}`;
  return (
    <p className="cb-comments" data-comment-service={commentServiceShortname || undefined}>
      <svg className="cb-comments-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      </svg>
      <a className="cb-comments-link" href={link}>
        Comments
      </a>
      {!commentServiceShortname && item.commentCount > 0 && <span className="cb-comments-count">{item.commentCount}</span>}
    </p>
  );
}
