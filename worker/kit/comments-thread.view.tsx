// An item's thread at the site's comment service (§2 Comment links), as a props-only view: the service's element, which
// its embed fills, and a line that says where the comments come from and, once the island runs, what it is doing. The
// island (comments-thread.island.ts) loads the embed when the thread comes near the viewport, which following a
// 'Comments' link to it does, and only after consent where the site's restrictive cookie policy asks for it.
import { islandRef } from '../../shared/islands/protocol.ts';
import { THREAD_STATUS } from './comments-thread-status.ts';

/** The element a comment service's embed fills and its count script's links name (`#disqus_thread`). */
export const SERVICE_THREAD_ANCHOR = 'disqus_thread';

export interface CommentsThreadProps {
  /** the site's shortname at the comment service */
  shortname: string;
  /** the item's canonical address: the thread's page */
  url: string;
  /** the item's id: the thread's identifier, which the count links name too */
  identifier: string;
  title: string;
}

export function CommentsThreadView(props: CommentsThreadProps) {
  return (
    <>
      <p className="meta comments-status" role="status">
        {THREAD_STATUS.server}
      </p>
      <div id={SERVICE_THREAD_ANCHOR} className="comments-thread" data-comment-service={props.shortname} />
    </>
  );
}

export const commentsThreadIsland = islandRef('comments-thread', CommentsThreadView);
