// The Worker's bindings, vars and secrets (configured in wrangler.toml and .dev.vars; documented in the README), and
// the per-request variables the middleware chain sets.
import type { Session } from './security/session.ts';
import type { SiteLookup } from './site/load.ts';

export interface Env {
  /** published site snapshots keyed by host (see shared/snapshot/publish.ts) */
  SITES: KVNamespace;
  /** static assets: fixture photographs in their width buckets and the client bundles */
  ASSETS: Fetcher;
  /** failed-login counters per account and per client address */
  LOGIN_THROTTLE: DurableObjectNamespace<import('./auth/login-throttle.ts').LoginThrottle>;
  /** milliseconds a streamed render may take before it is aborted */
  RENDER_TIMEOUT_MS?: string;
  /** signs session and unlock cookies; a wrangler secret in production */
  SESSION_SECRET?: string;
}

export interface Variables {
  requestId: string;
  /** the site of the request's host, resolved once by the site middleware */
  site: SiteLookup;
  /** the logged-in account on this site, if any */
  session: Session | null;
  /** per-response nonce for every script and style element the runtime emits */
  nonce: string;
  /** the crumb of this visitor: the valid cookie value, or a fresh one the response will set */
  crumb: string;
}

export type AppEnv = { Bindings: Env; Variables: Variables };
