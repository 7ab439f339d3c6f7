// The Worker's bindings, vars and secrets (configured in wrangler.toml and .dev.vars; documented in the README).

export interface Env {
  /** published site snapshots keyed by host (see shared/snapshot/publish.ts) */
  SITES: KVNamespace;
  /** static assets: fixture photographs in their width buckets, later the client bundles */
  ASSETS: Fetcher;
  /** milliseconds a streamed render may take before it is aborted */
  RENDER_TIMEOUT_MS?: string;
  /** signs the lock-screen (and later session) cookies; a wrangler secret in production */
  SESSION_SECRET?: string;
}

export type AppEnv = { Bindings: Env; Variables: { requestId: string } };
