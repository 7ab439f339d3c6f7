// Bench KV service: answers workerd's KV binding protocol from records seeded at start (memory only; puts are kept
// until workerd stops), standing in for Workers KV, whose hot reads are served from the colo's cache.

interface Env {
  /** JSON [{key, value}] of every record to serve, embedded by the generated workerd config */
  SEED: string;
}

let store: Map<string, string> | undefined;

function records(env: Env): Map<string, string> {
  store ??= new Map((JSON.parse(env.SEED) as { key: string; value: string }[]).map((r) => [r.key, r.value]));
  return store;
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    const map = records(env);
    if (url.pathname === '/' || url.pathname === '') {
      // list: https://fake-host?prefix=…&key_count_limit=…&cursor=…
      const prefix = url.searchParams.get('prefix') ?? '';
      const limit = Number(url.searchParams.get('key_count_limit') ?? 1000);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const names = [...map.keys()].filter((k) => k.startsWith(prefix)).sort();
      const page = names.slice(start, start + limit);
      const complete = start + limit >= names.length;
      return Response.json({
        keys: page.map((name) => ({ name })),
        list_complete: complete,
        ...(complete ? {} : { cursor: String(start + limit) }),
        cacheStatus: null,
      });
    }
    const raw = url.pathname.slice(1);
    const key = url.searchParams.get('urlencoded') === 'true' ? decodeURIComponent(raw) : raw;
    if (request.method === 'GET') {
      const value = map.get(key);
      return value === undefined ? new Response('Not Found', { status: 404 }) : new Response(value);
    }
    if (request.method === 'PUT') {
      map.set(key, await request.text());
      return new Response(null);
    }
    if (request.method === 'DELETE') {
      map.delete(key);
      return new Response(null);
    }
    return new Response('Method Not Allowed', { status: 405 });
  },
} satisfies ExportedHandler<Env>;
