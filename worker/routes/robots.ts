// /robots.txt of every site, naming its sitemap.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { siteOrigin } from '../kit/context.tsx';

export const robotsApp = new Hono<AppEnv>();

/** Paths no crawler needs: the editor, the API, and the per-visitor pages (which also say noindex). */
const NOT_FOR_CRAWLERS = ['/config', '/api/', '/login', '/search', '/cart', '/checkout', '/commerce/', '/newsletter/', '/popup-overlay'];

/**
 * /robots.txt for every site, as plain text and before any lock: a site locked as a whole asks crawlers to stay out
 * entirely; any other names its sitemap (/sitemap.xml, on the site's own origin: the protocol wants an absolute URL);
 * a site whose snapshot cannot be read answers 503 with Retry-After, so crawlers come back later rather than take the
 * error page for the rules.
 */
robotsApp.get('/robots.txt', (c) => {
  const lookup = c.get('lookup');
  if (lookup.kind === 'missing') return c.text('Not Found', 404);
  if (lookup.kind === 'invalid')
    return c.text('robots.txt is unavailable for a moment.', 503, { 'Retry-After': '300', 'Cache-Control': 'no-store' });
  const locked = !!lookup.site.website.password;
  const rules = locked ? ['Disallow: /'] : NOT_FOR_CRAWLERS.map((path) => `Disallow: ${path}`);
  const sitemap = locked ? [] : ['', `Sitemap: ${siteOrigin(lookup.site)}/sitemap.xml`];
  return c.text(['User-agent: *', ...rules, ...sitemap, ''].join('\n'), 200, { 'Cache-Control': 'public, max-age=3600' });
});
