// Where the API is served: by the product origin named in API_ORIGIN (the edge proxies), or, when it is empty (the
// local default), by this Worker's Durable Objects. The setting is parsed and checked once per isolate
// (worker/http/config.ts): a malformed API_ORIGIN never reaches here, the Worker refuses to serve with it.
import type { Env } from '../env.ts';
import { settingsOf } from './config.ts';

export type ApiMode = { kind: 'embedded' } | { kind: 'proxy'; origin: string; timeoutMs: number };

const EMBEDDED: ApiMode = { kind: 'embedded' };
const modes = new WeakMap<Env, ApiMode>();

/** The API mode of this Worker's configuration. */
export function apiMode(env: Env): ApiMode {
  let mode = modes.get(env);
  if (!mode) {
    const { apiOrigin, apiTimeoutMs } = settingsOf(env);
    mode = apiOrigin ? { kind: 'proxy', origin: apiOrigin, timeoutMs: apiTimeoutMs } : EMBEDDED;
    modes.set(env, mode);
  }
  return mode;
}
