// http://127.0.0.1:8787/ in development: the sites published into this runtime's KV, each linked by its own host.
import type { Context, MiddlewareHandler } from 'hono';
import { hostKey, HOST_KEY_PREFIX, normaliseHost, type HostPointer } from '../../shared/snapshot/publish.ts';
import type { AppEnv } from '../env.ts';
import { isIndexHost } from '../http/hosts.ts';
import { requestUrl } from '../http/request-url.ts';
import { renderStatic } from '../render/one-pass.tsx';
import { plainStylesheet } from '../render/styles.ts';

/**
 * GET or HEAD of any page on a bare local host (127.0.0.1, localhost) where no site is published: the local index.
 * Anything else goes on (a site published at such a host is served as any other).
 */
export function localIndexRoute(): MiddlewareHandler<AppEnv> {
  return function localIndexRoute(c, next) {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.get('lookup').kind !== 'missing' || c.req.path.startsWith('/api/'))
      return next();
    const url = requestUrl(c);
    return isIndexHost(normaliseHost(url.hostname)) ? localIndex(c, url) : next();
  };
}

/** http://127.0.0.1:8787/ locally: every published site, linked by its {identifier}.localhost host. */
async function localIndex(c: Context<AppEnv>, url: URL): Promise<Response> {
  const list = await c.env.SITES.list({ prefix: HOST_KEY_PREFIX });
  const sites: { host: string; pointer: HostPointer | null }[] = await Promise.all(
    list.keys.map(async (k) => {
      const host = k.name.slice(HOST_KEY_PREFIX.length);
      const text = await c.env.SITES.get(hostKey(host));
      try {
        return { host, pointer: text ? (JSON.parse(text) as HostPointer) : null };
      } catch {
        return { host, pointer: null };
      }
    }),
  );
  const port = url.port ? `:${url.port}` : '';
  const element = (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Published sites on this runtime</title>
        <meta name="description" content="The sites published into this runtime's local KV, each served at its own host." />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet */}
        <style dangerouslySetInnerHTML={{ __html: plainStylesheet() }} />
      </head>
      <body>
        <main id="main" className="wrap page-body index-page">
          <header className="page-header">
            <h1>Published sites</h1>
            <p className="lead">Each site answers at its own host. Open one to see it as a visitor does.</p>
          </header>
          {sites.length === 0 ? (
            <p>No site is published yet. Publish one with npm run publish:site -- fixtures/sites/fernwood.json.</p>
          ) : (
            <ul>
              {sites.map(({ host, pointer }) => (
                <li key={host}>
                  <a href={`${url.protocol}//${host}${port}/`}>{pointer?.title ?? host}</a>{' '}
                  <span className="meta">
                    — {host}
                    {port}
                    {pointer ? `, version ${pointer.version}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </main>
      </body>
    </html>
  );
  const html = renderStatic(element);
  return new Response(c.req.method === 'HEAD' ? null : html, {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
