// Bench edge for browsers (Lighthouse): like Workers static assets with run_worker_first = false, a request for a
// file of public/ is served from the assets, anything else goes to the Worker. Like Cloudflare's edge, it compresses
// text for a browser that accepts it (gzip here; workerd compresses a body whose Content-Encoding it did not set
// itself), so that Lighthouse weighs the bytes a visitor would download, not the uncompressed files.

interface Env {
  /** JSON list of the paths of public/ ("/media/x/100w.jpg") */
  MANIFEST: string;
  ASSETS: Fetcher;
  SITE: Fetcher;
}

let files: Set<string> | undefined;

/** The types Cloudflare compresses by default (text, scripts, JSON, XML, SVG). */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|rss\+xml|atom\+xml|manifest\+json)|image\/svg\+xml)/;

function compressed(request: Request, response: Response): Response {
  if (
    !response.body ||
    response.headers.has('Content-Encoding') ||
    !COMPRESSIBLE.test(response.headers.get('Content-Type') ?? '') ||
    !/\bgzip\b/.test(request.headers.get('Accept-Encoding') ?? '')
  )
    return response;
  const out = new Response(response.body, response);
  out.headers.set('Content-Encoding', 'gzip');
  out.headers.delete('Content-Length');
  return out;
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    files ??= new Set(JSON.parse(env.MANIFEST) as string[]);
    const { pathname } = new URL(request.url);
    const target = (request.method === 'GET' || request.method === 'HEAD') && files.has(pathname) ? env.ASSETS : env.SITE;
    return compressed(request, await target.fetch(request));
  },
} satisfies ExportedHandler<Env>;
