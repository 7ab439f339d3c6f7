// The pure rules of §7's generic request layer and §8's catalogue for it: how a request is encoded, what a failed
// answer means (message, retry, flags). The browser's fetch layer (client/lib/request.ts) applies them; tests read
// them as tables (test/request-rules.test.ts).

/** §8 messages of the generic request layer. */
export const REQUEST_MESSAGES = {
  unauthorized: 'Unauthorized request',
  internal: 'Internal server error. Please try again later.',
  unavailable: 'This service is temporarily unavailable. Please try again later.',
  unreachable: 'Unable to connect...',
  loginRequired: 'Session timed out -- login required',
} as const;

/** §8: 'Unable to connect...' requests are retried after this long, while the caller's retries last. */
export const RETRY_DELAY_MS = 200;

/** §8: the text of an answer that is not the JSON it should be. */
export function unparsableMessage(url: string, body: string): string {
  return `Internal Error: Unable to parse server response from (${url}) as JSON: ${body}`;
}

/** §7: requests under /api/ carry the crumb; the second declared API root, /api/rest/, lies under it. */
export function isApiPath(path: string): boolean {
  return path.startsWith('/api/');
}

/** The JSON body's own error, as §8 passes it through on 400, 401 and 500. */
export interface ErrorBody {
  error?: unknown;
  message?: unknown;
  billingErrorCode?: unknown;
  errors?: unknown;
  crumbFail?: unknown;
  crumb?: unknown;
  loginRequired?: unknown;
  authorizationFail?: unknown;
}

export type FailureKind = 'passThrough' | 'unauthorized' | 'internal' | 'unavailable' | 'unreachable';

/**
 * §8: what a failed answer is. On 400, 401 or 500 a JSON body carrying error, message or billingErrorCode is passed
 * through (its own text is the message); otherwise 401/403 are unauthorized, 500/501 internal, 503 unavailable, and
 * anything else 'Unable to connect...' (the one kind that may be retried).
 */
export function classifyFailure(status: number, body: unknown): { kind: FailureKind; message: string; retryable: boolean } {
  const b = body && typeof body === 'object' ? (body as ErrorBody) : undefined;
  if (
    (status === 400 || status === 401 || status === 500) &&
    b &&
    (b.error !== undefined || b.message !== undefined || b.billingErrorCode !== undefined)
  ) {
    const own = typeof b.error === 'string' ? b.error : typeof b.message === 'string' ? b.message : String(b.billingErrorCode);
    return { kind: 'passThrough', message: own, retryable: false };
  }
  if (status === 401 || status === 403) return { kind: 'unauthorized', message: REQUEST_MESSAGES.unauthorized, retryable: false };
  if (status === 500 || status === 501) return { kind: 'internal', message: REQUEST_MESSAGES.internal, retryable: false };
  if (status === 503) return { kind: 'unavailable', message: REQUEST_MESSAGES.unavailable, retryable: false };
  return { kind: 'unreachable', message: REQUEST_MESSAGES.unreachable, retryable: true };
}

/** §8 response flags, in the order they are acted on. */
export type ResponseFlag = 'crumbFail' | 'loginRequired' | 'authorizationFail' | 'errors';

export function responseFlag(body: unknown): ResponseFlag | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as ErrorBody;
  if (b.crumbFail === true && typeof b.crumb === 'string') return 'crumbFail';
  if (b.loginRequired === true) return 'loginRequired';
  if (b.authorizationFail === true) return 'authorizationFail';
  if (b.errors && typeof b.errors === 'object') return 'errors';
  return undefined;
}

/**
 * §7: a body as the layer sends it. JSON bodies as application/json; otherwise form-encoded, with nested objects and
 * arrays sent as JSON-string fields, and undefined fields left out.
 */
export function encodeBody(data: Record<string, unknown>, json: boolean): { contentType: string; body: string } {
  if (json) return { contentType: 'application/json', body: JSON.stringify(data) };
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue;
    form.append(key, value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return { contentType: 'application/x-www-form-urlencoded', body: form.toString() };
}

/** §7: the URL a request goes to: GET and DELETE data in the query, and the crumb as a query parameter under /api/. */
export function requestUrl(path: string, method: string, data: Record<string, unknown> | undefined, crumb: string | undefined): string {
  const [base, query = ''] = path.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  if (data && (method === 'GET' || method === 'DELETE')) {
    for (const [key, value] of Object.entries(data)) {
      if (value !== undefined) params.set(key, value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
  }
  if (crumb && isApiPath(base)) params.set('crumb', crumb);
  const q = params.toString();
  return q ? `${base}?${q}` : base;
}

/** §8: a network error's errorKey: the requested URL, base64-encoded. */
export function errorKeyFor(url: string): string {
  const bytes = new TextEncoder().encode(url);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}
