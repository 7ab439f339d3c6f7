// A comment link counted by the site's third-party comment service (§2 Comment links): the link as the server draws
// it ('Comments'); the island loads the service's count script, which writes the count into it, found by the thread's
// identifier (the item's id, as the thread on the item's page names it).
import { islandRef } from '../../../shared/islands/protocol.ts';

export interface CommentCountProps {
  /** {baseUrl}{href} with the service's thread anchor */
  href: string;
  /** the site's shortname at the comment service */
  shortname: string;
  /** the item's id: the thread's identifier, by which the service counts it */
  identifier: string;
  className?: string | undefined;
}

export function CommentCountView(props: CommentCountProps) {
  return (
    <a className={props.className} href={props.href} data-disqus-identifier={props.identifier}>
      Comments
    </a>
  );
}

export const commentCountIsland = islandRef('comment-count', CommentCountView);
