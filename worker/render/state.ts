// The render state of one page of a site for one request: what every page and block component reads through
// useRender() (worker/kit/context.tsx).
import type { Context } from 'hono';
import { clientScriptUrl } from '../kit/client-assets.ts';
import type { AppEnv } from '../env.ts';
import { logFor } from '../log.ts';
import { factsOf } from '../observability/context.ts';
import { resolve } from '../routing/resolve.ts';
import { collectionEntries, type FeedEntry } from '../site/feed.ts';
import { andThen, type Maybe } from '../site/maybe.ts';
import type { SiteModel } from '../site/model.ts';
import { siteOrigin, type RenderState, type Route } from '../kit/context.tsx';
import { requestUrl } from '../http/request-url.ts';
import { pageUrl } from './page-cache.ts';

/** The client scripts of a site page: the site-wide visitor runtime (consent, overlays, analytics, error reporting,
 * dialogs and the Escape chain), on every page. */
function pageScripts(): string[] {
  return [clientScriptUrl('site')];
}

/** The render state of one page of a site for this request. */
export function renderState(c: Context<AppEnv>, site: SiteModel, route: Route, now = new Date()): RenderState {
  // what the page reads of the request is what its cache key holds (pageUrl), never the port, scheme or duplicates
  const url = pageUrl(requestUrl(c));
  const session = c.get('session') ?? null;
  const failures = { count: 0 };
  const log = logFor(factsOf(c.req.raw));
  return {
    site,
    route,
    url,
    now,
    nonce: c.get('nonce'),
    session,
    crumb: c.get('crumb'),
    scripts: pageScripts(),
    islands: [],
    placement: { layoutDrawn: false },
    asyncCache: new Map(),
    fetch: (input, init) => fetch(input, init),
    // A collection feed of this site (an RSS block's feedUrl '/journal?format=rss') is read in-process (its feed record),
    // without a network hop. Only feeds: they render no blocks, so a block can never read its own page in a loop.
    ownFeed: (path) => ownFeed(site, new URL(path, url.origin), now),
    failures,
    log,
    reportError: (where, error) => {
      failures.count++;
      log.error('render.part_failed', error, { where, site: site.website.identifier, path: url.pathname, pageType: route.pageType });
    },
  };
}

/** The entries of a collection feed of this site, as /{urlId}?format=rss lists them (locked collections excepted); null if none. */
function ownFeed(site: SiteModel, target: URL, now: Date): Maybe<FeedEntry[] | null> {
  return andThen(resolve(site, target, now), (resolution) =>
    resolution.kind !== 'feed' || resolution.lock ? null : collectionEntries(site, resolution.collection, siteOrigin(site), now),
  );
}
