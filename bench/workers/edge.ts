// Bench edge for browsers (Lighthouse): like Workers static assets with run_worker_first = false, a request for a
// file of public/ is served from the assets, anything else goes to the Worker.

interface Env {
  /** JSON list of the paths of public/ ("/media/x/100w.jpg") */
  MANIFEST: string;
  ASSETS: Fetcher;
  SITE: Fetcher;
}

let files: Set<string> | undefined;

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    files ??= new Set(JSON.parse(env.MANIFEST) as string[]);
    const { pathname } = new URL(request.url);
    if ((request.method === 'GET' || request.method === 'HEAD') && files.has(pathname)) return env.ASSETS.fetch(request);
    return env.SITE.fetch(request);
  },
} satisfies ExportedHandler<Env>;
