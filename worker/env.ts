// The Worker's bindings, vars and secrets (configured in wrangler.toml and .dev.vars; documented in the README), and
// the per-request variables the middleware chain sets.
import type { Session } from './kit/session-type.ts';
import type { SiteLookup, SiteModel } from './site/model.ts';

export interface Env {
  /** published site snapshots keyed by host (see shared/snapshot/publish.ts) */
  SITES: KVNamespace;
  /** static assets: fixture photographs in their width buckets and the client bundles */
  ASSETS: Fetcher;
  /** sliding-window counters: failed logins per account and per client address, form submissions per site and address */
  THROTTLE: DurableObjectNamespace<import('./durable/sliding-window-throttle.ts').SlidingWindowThrottle>;
  /** milliseconds a streamed render may take before it is aborted */
  RENDER_TIMEOUT_MS?: string;
  /** milliseconds an isolate keeps a host's site pointer before reading KV again (default 5000; 0 reads every time) */
  SITE_POINTER_TTL_MS?: string;
  /** the deployed Worker version: part of the page-cache key, so a deploy never serves pages of the last one */
  CF_VERSION_METADATA?: WorkerVersionMetadata;
  /** signs session and unlock cookies; a wrangler secret in production */
  SESSION_SECRET?: string;
  /** form submissions, one object per site and form (docs/api.md) */
  FORM_INBOX: DurableObjectNamespace<import('./durable/form-inbox.ts').FormInbox>;
  /** form submissions waiting for the product origin, one object per site (API_ORIGIN set) */
  FORM_OUTBOX: DurableObjectNamespace<import('./durable/form-outbox.ts').FormOutbox>;
  /** analytics, one object per site and calendar day */
  SITE_ANALYTICS: DurableObjectNamespace<import('./durable/site-analytics.ts').SiteAnalytics>;
  /**
   * Cloudflare Turnstile's secret for sites whose settings name a Turnstile site key: one widget's secret, or a JSON
   * object of site key → secret; a wrangler secret (docs/api.md, "Spam defences")
   */
  TURNSTILE_SECRET_KEY?: string;
  /** one visitor's cart, one object per cart, named by the CART cookie (worker/durable/shopping-cart.ts) */
  CARTS: DurableObjectNamespace<import('./durable/shopping-cart.ts').ShoppingCart>;
  /** a site's orders, contributions and sold stock, one object per site (worker/durable/site-orders.ts) */
  ORDERS: DurableObjectNamespace<import('./durable/site-orders.ts').SiteOrders>;
  /** the payment provider of the embedded store: 'test' (the default, takes no money) or a provider added in worker/commerce/payments.ts */
  PAYMENT_PROVIDER?: string;
  /**
   * 'off' turns the anonymous-page cache off (both tiers: nothing looked up, nothing stored), for an ops engineer
   * chasing a cache problem and for the benchmark's render-path figure; unset or anything else, pages are cached
   */
  PAGE_CACHE?: string;
  /** the product origin the API is proxied to (scheme, host, port); unset, Durable Objects serve the API */
  API_ORIGIN?: string;
  /** milliseconds the edge waits for the product origin (default 5000) */
  API_TIMEOUT_MS?: string;
}

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
