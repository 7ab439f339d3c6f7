// A stand-in for the comment service's browser side (§2 Comment links, §7 Third-party loads), for browser tests (the
// real service is not reachable from tests). Served in place of its scripts with playwright's routing, at the same
// URLs and doing what the real ones do for a page:
// - `https://{shortname}.disqus.com/embed.js` reads the page's `disqus_config` (page url, identifier, title) and fills
//   `#disqus_thread` with the thread's frame from `https://disqus.com/embed/comments/?f=…&t_i=…&t_u=…`;
// - `https://{shortname}.disqus.com/count.js` finds the links ending in `#disqus_thread`, asks
//   `count-data.js?1={identifier}&…` for their counts (a script, JSONP) and writes '{n} Comments' into each.
// What the page asked of it is kept: each script's loads, the thread configurations, the identifiers counted.
import type { BrowserContext } from 'playwright-core';

export const THREAD_FRAME_PREFIX = 'https://disqus.com/embed/comments/';

export interface CommentServiceRecord {
  /** requests per script path: /embed.js, /count.js, /count-data.js */
  loads: Record<string, number>;
  /** the thread pages the embed was configured with */
  threads: { url: string; identifier: string; title: string }[];
  /** the identifiers whose counts the page asked for */
  counted: string[];
  /** the frames of the thread the page loaded */
  frames: string[];
}

const embedJs = (shortname: string) => `(() => {
  const config = { page: {} };
  if (typeof window.disqus_config === 'function') window.disqus_config.call(config);
  const thread = document.getElementById('disqus_thread');
  if (!thread) return;
  const frame = document.createElement('iframe');
  const q = new URLSearchParams({ base: 'default', f: ${JSON.stringify(shortname)}, t_i: config.page.identifier || '', t_u: config.page.url || location.href, t_d: config.page.title || document.title });
  frame.src = '${THREAD_FRAME_PREFIX}?' + q.toString();
  frame.title = 'Disqus';
  frame.setAttribute('scrolling', 'no');
  frame.style.cssText = 'width:100%;border:none;height:240px';
  thread.replaceChildren(frame);
})();`;

const countJs = (shortname: string) => `(() => {
  const links = [...document.querySelectorAll('a[href$="#disqus_thread"]')];
  if (!links.length) return;
  const key = (a) => a.getAttribute('data-disqus-identifier') || a.href;
  window.DISQUSWIDGETS = {
    displayCount(data) {
      for (const entry of data.counts) for (const a of links) if (key(a) === entry.id) a.textContent = entry.comments + ' Comments';
    },
  };
  const q = new URLSearchParams();
  for (const a of links) q.append('1', key(a));
  const s = document.createElement('script');
  s.src = 'https://${shortname}.disqus.com/count-data.js?' + q.toString();
  document.body.append(s);
})();`;

const frameHtml = (title: string, count: number) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Disqus</title>
<style>body{margin:0;font:14px/1.4 system-ui,sans-serif;color:#2a2e2e}</style></head>
<body><p><strong>${count} comments</strong> on ${title.replace(/[<&]/g, '')}</p><p>Join the discussion…</p></body></html>`;

/**
 * Serves the stand-in service for `shortname` to every page of the context. `counts` gives each identifier's count;
 * `fail` makes a script's request fail as an unreachable service does.
 */
export async function fakeCommentService(
  context: BrowserContext,
  shortname: string,
  options: { counts?: Record<string, number>; fail?: ('embed.js' | 'count.js')[] } = {},
): Promise<CommentServiceRecord> {
  const record: CommentServiceRecord = { loads: {}, threads: [], counted: [], frames: [] };
  const counts = options.counts ?? {};
  await context.route(`https://${shortname}.disqus.com/**`, (route) => {
    const url = new URL(route.request().url());
    record.loads[url.pathname] = (record.loads[url.pathname] ?? 0) + 1;
    const script = (body: string) => route.fulfill({ contentType: 'text/javascript', body });
    if (options.fail?.some((f) => url.pathname === `/${f}`)) return route.abort('internetdisconnected');
    if (url.pathname === '/embed.js') return script(embedJs(shortname));
    if (url.pathname === '/count.js') return script(countJs(shortname));
    if (url.pathname === '/count-data.js') {
      const ids = url.searchParams.getAll('1');
      record.counted.push(...ids);
      return script(`DISQUSWIDGETS.displayCount(${JSON.stringify({ counts: ids.map((id) => ({ id, comments: counts[id] ?? 0 })) })});`);
    }
    return route.fulfill({ status: 404, body: '' });
  });
  await context.route(`${THREAD_FRAME_PREFIX}**`, (route) => {
    const url = new URL(route.request().url());
    record.frames.push(url.href);
    record.threads.push({
      url: url.searchParams.get('t_u') ?? '',
      identifier: url.searchParams.get('t_i') ?? '',
      title: url.searchParams.get('t_d') ?? '',
    });
    return route.fulfill({
      contentType: 'text/html',
      body: frameHtml(url.searchParams.get('t_d') ?? '', counts[url.searchParams.get('t_i') ?? ''] ?? 0),
    });
  });
  return record;
}
