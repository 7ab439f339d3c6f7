// Cookie names and the session payload, shared by the Worker, the client and the command-line tools.
import { fromBase64UrlText, toBase64Url } from './base64url.ts';

/** The CSRF crumb: every unsafe /api/ request carries its value in X-CSRF-Token (§7). */
export const CRUMB_COOKIE = 'crumb';
/** The signed, HttpOnly session of a logged-in account. */
export const SESSION_COOKIE = 'site_session';
/** Session flag set by a `noredirect` query: no editor redirect for the rest of the browser session (§2). */
export const NOREDIRECT_COOKIE = 'noredirect';
/** The preview frame's expanded or collapsed state (§4, §9). */
export const FRAME_EXPANDED_COOKIE = 'seven_frame_expanded';
/**
 * §9: turns off the owner's scripts on the site for the browser that holds it (an owner debugging a broken site sets
 * it for themselves): the page's Content-Security-Policy stays strict and the post-submission HTML's scripts are not
 * run. Read by the Worker and by client code, so never HttpOnly.
 */
export const DISABLE_USER_SCRIPTS_COOKIE = 'disable-user-scripts';

/** Whether a disable-user-scripts value turns scripts off: any value but an empty one, `0`, `false` or `off`. */
export function disablesUserScripts(value: string | null | undefined): boolean {
  return value !== undefined && value !== null && !['', '0', 'false', 'off'].includes(value.trim().toLowerCase());
}

/** The shared identity cookie: base64 JSON {identifier} (§3). */
export const LAST_ID_COOKIE = 'ss_lastid';

/** How long a login lasts. */
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface SessionPayload {
  /** account id */
  a: string;
  /** website id the session belongs to */
  w: string;
  /** expiry, ms since the epoch */
  e: number;
}

/** The session cookie's value before signing. */
export function encodeSession(payload: SessionPayload): string {
  return toBase64Url(JSON.stringify(payload));
}

/** Reads a (signature-checked) session value; null when it is not one. */
export function decodeSession(value: string): SessionPayload | null {
  try {
    const p = JSON.parse(fromBase64UrlText(value)) as Partial<SessionPayload>;
    if (typeof p.a !== 'string' || typeof p.w !== 'string' || typeof p.e !== 'number') return null;
    return { a: p.a, w: p.w, e: p.e };
  } catch {
    return null;
  }
}

/** §3 ss_lastid: base64 JSON {identifier}. */
export function encodeLastId(identifier: string): string {
  return btoa(JSON.stringify({ identifier }));
}

/** What a form posted without JavaScript left for the page it returns to (signed, HttpOnly, minutes long). */
export const FORM_FLASH_COOKIE = 'form_flash';
