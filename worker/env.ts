// The Worker's environment and the per-request variables the middleware chain sets. The bindings, vars and secrets
// are generated from wrangler.toml into worker-configuration.d.ts (`npm run cf-typegen`; `npm test` fails while it is
// stale), so the type cannot drift from the configuration; the settings among them are read only through
// worker/http/config.ts, which parses them once per isolate.
import type { Session } from './kit/session-type.ts';
import type { SiteLookup, SiteModel } from './site/model.ts';

/** The generated environment (worker-configuration.d.ts), under the name the modules import. */
export type Env = Cloudflare.Env;

export interface Variables {
  /** the site of the request's host, looked up once by the site middleware (worker/middleware/site.ts) */
  lookup: SiteLookup;
  /**
   * the site a route serves, parsed: set by requireSite() (pages) and requireApiSite() (/api/), and read only by the
   * routes behind them (worker/middleware/site.ts)
   */
  site: SiteModel;
  /** the logged-in account on this site, if any */
  session: Session | null;
  /** per-response nonce for every script and style element the runtime emits */
  nonce: string;
  /** the crumb of this visitor: the valid cookie value, or a fresh one the response will set */
  crumb: string;
}

export type AppEnv = { Bindings: Env; Variables: Variables };
