// The bindings `cloudflare:test` exposes are the Worker's own.
import type { Env as WorkerEnv } from '../worker/env.ts';

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {}
  }
}
