// Comment counts (§2 Comment links, §7 Third-party loads): the comment service's count script, loaded once per page
// for all its comment links, when the site names a service. A script that fails leaves the links reading 'Comments'.
import { useEffect } from 'react';
import { trace } from '../../../client/lib/errors.ts';
import { CommentCountView, type CommentCountProps } from './comment-count.view.tsx';

/** The count script's element id, as the service's own snippet names it: one per page. */
const SCRIPT_ID = 'dsq-count-scr';

export default function CommentCountIsland(props: CommentCountProps) {
  useEffect(() => {
    if (document.getElementById(SCRIPT_ID)) return;
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.async = true;
    script.src = `https://${props.shortname.toLowerCase()}.disqus.com/count.js`;
    script.onerror = () => trace('comment_count_failed', { shortname: props.shortname });
    document.body.append(script);
  }, [props.shortname]);
  return <CommentCountView {...props} />;
}
