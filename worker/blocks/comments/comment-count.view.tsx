// A comment link counted by the site's third-party comment service (§2 Comment links): the link as the server draws
// it ('Comments'); the island loads the service's count script, which writes the count into it.
import { islandRef } from '../../../shared/islands/protocol.ts';

export interface CommentCountProps {
  /** {baseUrl}{href} with the service's thread anchor */
  href: string;
  /** the site's shortname at the comment service */
  shortname: string;
  className?: string | undefined;
}

export function CommentCountView(props: CommentCountProps) {
  return (
    <a className={props.className} href={props.href}>
      Comments
    </a>
  );
}

export const commentCountIsland = islandRef('comment-count', CommentCountView);
