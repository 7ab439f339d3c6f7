// Bench KV service for the scale table: answers workerd's KV binding protocol (a GET of a key) from files on disk, one
// per record (bench/lib/scale-publish.ts writes them), so sites of any size are served without being held in memory.
// It runs in a store process of its own, apart from the Worker's, as Workers KV is apart from an isolate.
import { fileOfKey } from './disk-kv-key.ts';

interface Env {
  /** the records' directory, read-only (a workerd disk service) */
  DISK: Fetcher;
}

let reads = 0;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === '/__bench/kv-stats') return Response.json({ reads });
    if (request.method !== 'GET') return new Response('Method Not Allowed', { status: 405 });
    const raw = url.pathname.slice(1);
    const key = url.searchParams.get('urlencoded') === 'true' ? decodeURIComponent(raw) : raw;
    reads++;
    const file = await env.DISK.fetch(`http://records.disk/${fileOfKey(key)}`);
    if (!file.ok) {
      await file.body?.cancel();
      return new Response('Not Found', { status: 404 });
    }
    return new Response(file.body);
  },
} satisfies ExportedHandler<Env>;
