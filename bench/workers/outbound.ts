// Bench outbound network (the Worker's globalOutbound): nothing leaves the machine. The slow feed of the slowSuspense
// site answers after DELAY_MS; every other outbound fetch is refused with 502 and counted.

interface Env {
  /** the host of the slow RSS feed */
  SLOW_FEED_HOST: string;
  DELAY_MS: string;
}

let refused = 0;

const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Slow feed</title><link>https://slow-feed.example/</link><description>Answers after a delay.</description>
${Array.from({ length: 5 }, (_, i) => `<item><title>Slow entry ${i + 1}</title><link>https://slow-feed.example/${i + 1}</link><pubDate>Mon, 0${i + 1} Jun 2026 09:00:00 GMT</pubDate><description>Entry ${i + 1} of a feed that takes its time.</description></item>`).join('\n')}
</channel></rss>`;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (url.hostname === 'bench-outbound.stats') return Response.json({ refused });
    if (url.hostname === env.SLOW_FEED_HOST) {
      await new Promise((resolve) => setTimeout(resolve, Number(env.DELAY_MS)));
      return new Response(FEED, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
    }
    refused++;
    console.warn(`bench: refused an outbound fetch to ${url.origin} (the benchmark never leaves 127.0.0.1)`);
    return new Response('the benchmark has no outbound network', { status: 502 });
  },
} satisfies ExportedHandler<Env>;
