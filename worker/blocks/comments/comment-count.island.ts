// Comment counts (§2 Comment links, §7 Third-party loads), a plain island: the comment service's count script, loaded
// once per page for all its comment links, when the site names a service. A script that fails leaves the links
// reading 'Comments'.
import { trace } from '../../../client/lib/errors.ts';
import type { CommentCountProps } from './comment-count.view.tsx';

/** The count script's element id, as the service's own snippet names it: one per page. */
const SCRIPT_ID = 'dsq-count-scr';

export function mount(_element: Element, props: CommentCountProps): void {
  const load = () => {
    if (document.getElementById(SCRIPT_ID)) return;
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.async = true;
    script.src = `https://${props.shortname.toLowerCase()}.disqus.com/count.js`;
    script.onerror = () => trace('comment_count_failed', { shortname: props.shortname });
    document.body.append(script);
  };
  // a count is no reason to hold up the page: a script added before the load event would delay it
  if (document.readyState === 'complete') load();
  else addEventListener('load', load, { once: true });
}
