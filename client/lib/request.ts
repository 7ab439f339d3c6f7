// The generic request layer of §7 with §8's messages and response flags, for every browser call to the product's
// endpoints (forms, cart, analytics, logout). Pure rules are in shared/request.ts; this applies them with fetch:
// - under /api/, the crumb cookie in X-CSRF-Token and as a `crumb` query parameter;
// - JSON answers (a 204 is empty; an unparsable body is §8's 'Internal Error: Unable to parse …');
// - failures as RequestError with §8's message; 'Unable to connect...' retried after 200 ms while `retries` last;
//   network errors carry errorKey (the URL, base64) and network=true;
// - response flags: crumbFail sets the crumb and retries once (cookies enabled), loginRequired and authorizationFail
//   go to the page's flag handlers (client/page.ts: the runtime's dialogs once it has started), and so does a request
//   that got no answer at all (§8's network variant of the system error panel), unless it was the page's telemetry.
import { CRUMB_COOKIE } from '../../shared/cookies.ts';
import {
  classifyFailure,
  encodeBody,
  errorKeyFor,
  isApiPath,
  REQUEST_MESSAGES,
  requestUrl,
  responseFlag,
  RETRY_DELAY_MS,
  unparsableMessage,
  type FailureKind,
} from '../../shared/request.ts';
import { page } from '../page.ts';
import { readCookie, writeCookie } from './cookies.ts';

/** A request that failed, with the message §8 gives it and what the answer said. */
export class RequestError extends Error {
  override name = 'RequestError';
  constructor(
    message: string,
    readonly status: number,
    readonly kind: FailureKind | 'unparsable' | 'loginRequired' | 'authorizationFail' | 'timeout',
    /** the answer's JSON body, when it had one (field errors are in body.errors) */
    readonly body: unknown = null,
    /** §8: network errors carry the URL, base64-encoded, and network=true */
    readonly errorKey?: string,
    readonly network = false,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** the body (POST, PUT) or the query (GET, DELETE); a list only as a JSON body */
  data?: Record<string, unknown> | unknown[];
  /** send the body as application/json instead of form-encoded */
  json?: boolean;
  /** how many times an 'Unable to connect...' answer is retried, 200 ms apart (§8); none by default */
  retries?: number;
  /** give up after this long (a RequestError of kind 'timeout') */
  timeoutMs?: number;
  /** keep the request alive while the page unloads */
  keepalive?: boolean;
  /** §8: a loginRequired answer goes to the caller's failure (false) instead of the login prompt (true, the default) */
  loginPrompt?: boolean;
}

/** One request through the layer; resolves with the JSON answer (null for 204 or an empty body). */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.data ? 'POST' : 'GET');
  let retries = options.retries ?? 0;
  let crumbRetried = false;
  for (;;) {
    try {
      return (await attempt(path, method, options)) as T;
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      // §8 crumbFail: the crumb the answer names, then once more (only when cookies work)
      if (responseFlag(error.body) === 'crumbFail' && !crumbRetried && navigator.cookieEnabled) {
        crumbRetried = true;
        writeCookie(CRUMB_COOKIE, String((error.body as { crumb: string }).crumb));
        continue;
      }
      if (error.kind === 'unreachable' && retries > 0) {
        retries--;
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
        continue;
      }
      throw flagged(error, path, options);
    }
  }
}

async function attempt(path: string, method: string, options: RequestOptions): Promise<unknown> {
  const crumb = isApiPath(path) ? readCookie(CRUMB_COOKIE) : undefined;
  const query = Array.isArray(options.data) ? undefined : options.data;
  const url = requestUrl(path, method, query, crumb);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (crumb) headers['X-CSRF-Token'] = crumb;
  let body: string | undefined;
  if (options.data && (method === 'POST' || method === 'PUT')) {
    // a list goes as JSON, as every JSON body does
    const encoded = encodeBody(options.data as Record<string, unknown>, !!options.json || Array.isArray(options.data));
    headers['Content-Type'] = encoded.contentType;
    body = encoded.body;
  }
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      keepalive: options.keepalive ?? false,
      signal: options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : null,
    });
  } catch (cause) {
    // no answer at all: §8's network error, whose errorKey is the path asked for (the URL without the crumb, which the
    // panel would otherwise show)
    const kind = (cause as Error | null)?.name === 'TimeoutError' ? 'timeout' : 'unreachable';
    throw new RequestError(REQUEST_MESSAGES.unreachable, 0, kind, null, errorKeyFor(path), true);
  }
  const text = res.status === 204 ? '' : await res.text();
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      if (res.ok) throw new RequestError(unparsableMessage(url, text), res.status, 'unparsable');
    }
  }
  if (res.ok) return json;
  const failure = classifyFailure(res.status, json);
  throw new RequestError(failure.message, res.status, failure.kind, json);
}

/** §8 response flags that need more than the caller: the login prompt, the system error panel. */
function flagged(error: RequestError, path: string, options: RequestOptions): RequestError {
  const flag = responseFlag(error.body);
  if (flag === 'loginRequired') {
    const failure = new RequestError(REQUEST_MESSAGES.loginRequired, error.status, flag, error.body);
    if (options.loginPrompt ?? true) page.flags.loginRequired(REQUEST_MESSAGES.loginRequired);
    return failure;
  }
  const authorization = flag === 'authorizationFail';
  const failure = authorization ? new RequestError(error.message, error.status, flag, error.body) : error;
  // §8: authorizationFail opens the panel, and so does a request that got no answer at all (the network variant),
  // unless it was the page's own telemetry (/api/census/, /api/events/: analytics, error reports, traces), which the
  // visitor did not ask for and which fails quietly. Any other failure is the caller's to show.
  if (authorization || (error.network && !/^\/api\/(census|events)\//.test(path)))
    page.flags.systemError(failure, path, options.json ? 'json' : 'form');
  return failure;
}

/**
 * A form-encoded POST that outlives the page (§9: the last heartbeat on page hide), with the crumb as a query
 * parameter since a beacon carries no headers. Falls back to a keepalive fetch when the browser refuses the beacon.
 * Nothing comes back: the answer of a page that is going away has no one to read it.
 */
export function beacon(path: string, data: Record<string, unknown>): void {
  const crumb = isApiPath(path) ? readCookie(CRUMB_COOKIE) : undefined;
  const url = requestUrl(path, 'POST', undefined, crumb);
  // URLSearchParams: the browser sends it form-encoded (a Blob body would hide it from devtools and tests)
  if (navigator.sendBeacon?.(url, new URLSearchParams(encodeBody(data, false).body))) return;
  request(path, { data, keepalive: true }).catch(() => undefined);
}

/** §7 tracking pixels: a GET of an image under /api/ (the crumb in the query), answered with a 1x1 GIF. */
export function pixel(path: string, query: Record<string, string>): Promise<void> {
  const crumb = isApiPath(path) ? readCookie(CRUMB_COOKIE) : undefined;
  const image = new Image(1, 1);
  return new Promise((resolve) => {
    image.onload = image.onerror = () => resolve();
    image.src = requestUrl(path, 'GET', query, crumb);
  });
}
