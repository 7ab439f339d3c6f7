// The bindings `cloudflare:test` exposes are the Worker's own.
declare namespace Cloudflare {
  interface Env extends import('../worker/env.ts').Env {}
}
