// The outside world as the Worker sees it in tests (miniflare's outboundService, run in Node): feed servers and,
// for the API proxy, a fake product origin.

/** A feed server standing in for the outside world: /slow.xml answers after 300 ms, /broken.xml with a 500. */
export async function outbound(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.hostname !== 'feeds.example.test') return new Response('no network in tests', { status: 502 });
  if (url.pathname === '/broken.xml') return new Response('upstream failure', { status: 500 });
  const delay = Number(url.searchParams.get('delay') ?? (url.pathname === '/slow.xml' ? 300 : 0));
  await new Promise((r) => setTimeout(r, delay));
  const items = ['First light on the ridge', 'Notes from the marsh', 'A week without maps']
    .map((t, i) => `<item><title>${t}</title><link>https://feeds.example.test/posts/${i + 1}</link><pubDate>Mon, 0${i + 1} Sep 2026 08:00:00 GMT</pubDate><description>${t}.</description></item>`)
    .join('');
  return new Response(`<?xml version="1.0"?><rss version="2.0"><channel><title>Field notes</title>${items}</channel></rss>`, {
    headers: { 'Content-Type': 'application/rss+xml' },
  });
}

