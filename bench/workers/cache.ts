// Bench Cache API service (workerd's cacheApiOutbound): an in-memory edge cache that follows the Workers Cache API's
// rules, or (MODE=miss) a cache that never hits, so the same Worker can be measured with and without a page cache.

interface Env {
  /** 'memory' stores and serves; 'miss' answers every match with a miss and drops every put */
  MODE: string;
}

interface Entry {
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
  expires: number;
}

const entries = new Map<string, Entry>();
const stats = { matches: 0, hits: 0, puts: 0, stored: 0, refused: 0, deletes: 0 };

/** Seconds a response may be stored under the Cache API's rules, or 0 when it must not be stored. */
function storableSeconds(headers: Headers): number {
  if (headers.has('set-cookie')) return 0;
  const cc = (headers.get('cache-control') ?? '').toLowerCase();
  if (/(^|[,\s])(no-store|private)(?![=\w-])/.test(cc)) return 0;
  const sMaxAge = /s-maxage=(\d+)/.exec(cc);
  const maxAge = /(?:^|[,\s])max-age=(\d+)/.exec(cc);
  if (sMaxAge) return Number(sMaxAge[1]);
  if (maxAge) return Number(maxAge[1]);
  const expires = headers.get('expires');
  if (expires) return Math.max(0, Math.floor((Date.parse(expires) - Date.now()) / 1000));
  return 7200;
}

/** workerd sends a put as a serialised HTTP/1.1 response: status line, headers, a blank line, the raw body. */
function parseStored(bytes: Uint8Array): { status: number; headers: Headers; body: ArrayBuffer } {
  let end = -1;
  for (let i = 0; i + 3 < bytes.length; i++) {
    if (bytes[i] === 13 && bytes[i + 1] === 10 && bytes[i + 2] === 13 && bytes[i + 3] === 10) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('cache put without a header block');
  const [statusLine = '', ...lines] = new TextDecoder().decode(bytes.subarray(0, end)).split('\r\n');
  const status = Number(/^HTTP\/\d(?:\.\d)? (\d+)/.exec(statusLine)?.[1] ?? 200);
  const headers = new Headers();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  headers.delete('transfer-encoding');
  return { status, headers, body: bytes.slice(end + 4).buffer };
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    if (request.headers.get('x-bench-cache-stats') === '1') {
      return Response.json({ mode: env.MODE, entries: entries.size, ...stats });
    }
    const key = `${request.headers.get('cf-cache-namespace') ?? ''} ${request.url}`;
    const miss = () => new Response(null, { status: 504, headers: { 'cf-cache-status': 'MISS' } });
    if (request.method === 'GET') {
      stats.matches++;
      const entry = env.MODE === 'memory' ? entries.get(key) : undefined;
      if (!entry) return miss();
      if (entry.expires <= Date.now()) {
        entries.delete(key);
        return miss();
      }
      stats.hits++;
      const headers = new Headers(entry.headers);
      headers.set('cf-cache-status', 'HIT');
      return new Response(entry.body, { status: entry.status, headers });
    }
    if (request.method === 'PUT') {
      stats.puts++;
      const bytes = new Uint8Array(await request.arrayBuffer());
      if (env.MODE !== 'memory') return new Response(null, { status: 204 });
      const stored = parseStored(bytes);
      const seconds = storableSeconds(stored.headers);
      if (seconds <= 0) {
        stats.refused++;
        return new Response(null, { status: 413 });
      }
      stats.stored++;
      entries.set(key, { status: stored.status, headers: [...stored.headers], body: stored.body, expires: Date.now() + seconds * 1000 });
      return new Response(null, { status: 204 });
    }
    if (request.method === 'PURGE') {
      stats.deletes++;
      return entries.delete(key) ? new Response(null) : new Response(null, { status: 404 });
    }
    return new Response('Method Not Allowed', { status: 405 });
  },
} satisfies ExportedHandler<Env>;
