// Bench baselines: for each benchmarked URL, the exact bytes our Worker sent (captured earlier in the run), with the
// same status and headers. MODE=constant returns them as a constant string: the runtime's own limit. MODE=cache serves
// them through the Cache API (the bench's cache service), storing them on the first miss: the limit of any cached path
// in this harness, the stand-in cache's own cost included. MODE=miss returns them as MODE=constant does after what a
// page-cache miss asks of the Cache API (a lookup that misses, then a store of the same bytes, behind the response),
// against the cache that never hits: what the runtime itself spends on a miss's two Cache API calls.

interface Env {
  /** JSON {"{host}{path}{search}": {status, headers, body}} */
  PAGES: string;
  MODE: string;
}

interface Captured {
  status: number;
  headers: [string, string][];
  body: string;
}

let pages: Map<string, Captured> | undefined;
/** MODE=miss: each page's body as UTF-8, encoded once (the Worker stores the very bytes it encoded for the visitor) */
const encoded = new Map<Captured, Uint8Array>();

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    pages ??= new Map(Object.entries(JSON.parse(env.PAGES) as Record<string, Captured>));
    const url = new URL(request.url);
    const page = pages.get(url.host.replace(/:\d+$/, '') + url.pathname + url.search);
    if (!page) return new Response('not a benchmarked URL', { status: 404 });
    if (env.MODE === 'miss') {
      const key = new Request(`https://${url.host}/__bench-miss${url.pathname}${url.search}`);
      const stored = await caches.default.match(key);
      if (stored) throw new Error('MODE=miss needs the Cache API that never hits');
      let bytes = encoded.get(page);
      if (!bytes) {
        bytes = new TextEncoder().encode(page.body);
        encoded.set(page, bytes);
      }
      const headers = new Headers(page.headers);
      headers.delete('set-cookie');
      headers.set('Cache-Control', 'public, max-age=86400');
      ctx.waitUntil(caches.default.put(key, new Response(bytes, { status: page.status, headers })));
      return new Response(page.body, { status: page.status, headers: page.headers });
    }
    if (env.MODE !== 'cache') return new Response(page.body, { status: page.status, headers: page.headers });
    const key = new Request(`https://${url.host}/__bench-ceiling${url.pathname}${url.search}`);
    const hit = await caches.default.match(key);
    if (hit) return hit;
    const headers = new Headers(page.headers);
    headers.delete('set-cookie');
    headers.set('Cache-Control', 'public, s-maxage=86400');
    await caches.default.put(key, new Response(page.body, { status: 200, headers }));
    return new Response(page.body, { status: page.status, headers: page.headers });
  },
} satisfies ExportedHandler<Env>;
