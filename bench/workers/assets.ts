// Bench ASSETS service: serves public/ from a workerd disk service with the content types Workers static assets send
// (plain workerd has no assets binding).

interface Env {
  /** the public/ directory, read-only */
  DISK: Fetcher;
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  gif: 'image/gif',
  ico: 'image/x-icon',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  map: 'application/json',
  txt: 'text/plain; charset=utf-8',
  html: 'text/html; charset=utf-8',
  woff2: 'font/woff2',
  wasm: 'application/wasm',
};

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response('Method Not Allowed', { status: 405 });
    const { pathname } = new URL(request.url);
    if (pathname.endsWith('/') || pathname.includes('..')) return new Response('Not Found', { status: 404 });
    const file = await env.DISK.fetch(new URL(pathname, 'http://public.disk'), { method: request.method });
    if (!file.ok) {
      await file.body?.cancel();
      return new Response('Not Found', { status: 404 });
    }
    const headers = new Headers(file.headers);
    const ext = pathname.slice(pathname.lastIndexOf('.') + 1).toLowerCase();
    headers.set('Content-Type', TYPES[ext] ?? 'application/octet-stream');
    return new Response(request.method === 'HEAD' ? null : file.body, { status: 200, headers });
  },
} satisfies ExportedHandler<Env>;
