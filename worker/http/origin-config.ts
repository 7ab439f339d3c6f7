// Where the API is served: by the product origin named in API_ORIGIN (the edge proxies), or, when it is unset (the
// local default), by this Worker's Durable Objects.
import type { Env } from '../env.ts';
import { log } from '../log.ts';
import { DEFAULT_ORIGIN_TIMEOUT_MS } from './limits.ts';
import { apiError } from './errors.ts';
import { UNAVAILABLE_MESSAGE } from './request.ts';

export type ApiMode = { kind: 'embedded' } | { kind: 'proxy'; origin: string; timeoutMs: number };

const EMBEDDED: ApiMode = { kind: 'embedded' };
const parsed = new Map<string, ApiMode | null>();

function parse(origin: string, timeout: string | undefined): ApiMode | null {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const ms = Number(timeout);
  return { kind: 'proxy', origin: url.origin, timeoutMs: Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_ORIGIN_TIMEOUT_MS };
}

/** The API mode of this Worker's configuration; a malformed API_ORIGIN answers 503 rather than splitting the data. */
export function apiMode(env: Env): ApiMode {
  const origin = env.API_ORIGIN?.trim();
  if (!origin) return EMBEDDED;
  const cacheKey = `${origin} ${env.API_TIMEOUT_MS ?? ''}`;
  let mode = parsed.get(cacheKey);
  if (mode === undefined) {
    mode = parse(origin, env.API_TIMEOUT_MS);
    if (!mode) log.error('api.origin_invalid', new Error('API_ORIGIN is not an http(s) URL'), { origin });
    parsed.set(cacheKey, mode);
  }
  if (!mode) throw apiError(503, UNAVAILABLE_MESSAGE);
  return mode;
}
