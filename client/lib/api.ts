// The request layer of §7 and §8 for client code: the crumb in X-CSRF-Token, JSON answers, one retry after a
// crumbFail with the crumb the response names, and the §8 messages for failures.
import { CRUMB_COOKIE } from '../../shared/cookies.ts';
import { readCookie, writeCookie } from './cookies.ts';

/** A request that failed, with the message §8 gives it. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** §8, generic request layer: the server's own error text when it sends one, else the message for the status. */
export function requestErrorMessage(status: number, body: unknown): string {
  const own =
    body && typeof body === 'object' ? ((body as { error?: unknown }).error ?? (body as { message?: unknown }).message) : undefined;
  if (typeof own === 'string' && own && [400, 401, 500].includes(status)) return own;
  if (status === 401 || status === 403) return 'Unauthorized request';
  if (status === 500 || status === 501) return 'Internal server error. Please try again later.';
  if (status === 503) return 'This service is temporarily unavailable. Please try again later.';
  return 'Unable to connect...';
}

function isCrumbFail(body: unknown): body is { crumbFail: true; crumb: string } {
  return (
    !!body &&
    typeof body === 'object' &&
    (body as { crumbFail?: unknown }).crumbFail === true &&
    typeof (body as { crumb?: unknown }).crumb === 'string'
  );
}

async function jsonOf(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  return res.json().catch(() => null);
}

/** POSTs form fields to an /api/ path and returns the JSON answer; throws a RequestError for anything but 2xx. */
export async function postForm(path: string, fields: Record<string, string>): Promise<unknown> {
  const send = () =>
    fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-CSRF-Token': readCookie(CRUMB_COOKIE) ?? '',
      },
      body: new URLSearchParams(fields).toString(),
    });
  let res: Response;
  try {
    res = await send();
    let body = await jsonOf(res);
    // §8 crumbFail: take the crumb from the response and retry once (only when cookies are enabled)
    if (res.status === 403 && isCrumbFail(body) && navigator.cookieEnabled) {
      writeCookie(CRUMB_COOKIE, body.crumb);
      res = await send();
      body = await jsonOf(res);
    }
    if (!res.ok) throw new RequestError(requestErrorMessage(res.status, body), res.status);
    return body;
  } catch (error) {
    if (error instanceof RequestError) throw error;
    throw new RequestError('Unable to connect...', 0);
  }
}
