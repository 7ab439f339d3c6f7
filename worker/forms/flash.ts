// What a form posted without JavaScript leaves for the page the edge sends the visitor back to (303): whether it was
// sent, the §8 message and field errors, and the values as typed (never a password) so nothing has to be typed again.
// None of it travels in the URL. A signed, HttpOnly cookie scoped to that page's path names the outcome; the values
// and errors wait in the form's inbox (FormInbox drafts) under a random token, for ten minutes, and are taken once.
// A request that carries the cookie is rendered for that visitor alone: never from or into the page cache.
import { fromBase64UrlText, toBase64Url } from '../../shared/base64url.ts';
import type { Context } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import { FORM_FLASH_COOKIE } from '../../shared/cookies.ts';
import type { FormFlash } from '../../shared/form-post.ts';
import type { AppEnv } from '../env.ts';
import { logFor } from '../log.ts';
import { factsOf } from '../observability/context.ts';
import { isLocalHost } from '../http/hosts.ts';
import type { SiteModel } from '../site/model.ts';
import { requestUrl } from '../http/request-url.ts';
import { canSign, readSignedCookie, setSignedCookie } from '../security/keys.ts';

export type { FormFlash };

/** How long the outcome of a post waits for its page. */
export const FLASH_TTL_SECONDS = 600;

/** The cookie's payload: short names, since a cookie has little room. */
interface FlashCookie {
  o: string;
  f: string;
  k: FormFlash['kind'];
  m?: string | undefined;
  /** the draft's token, when values or errors wait in the inbox */
  t?: string | undefined;
  /** small values carried in the cookie itself (a form with no inbox: the unsubscribe page) */
  v?: Record<string, string[]> | undefined;
  /** the path the cookie is scoped to, to remove it again */
  p: string;
}

interface Draft {
  errors?: Record<string, string> | undefined;
  values?: Record<string, string[]> | undefined;
}

const draftInbox = (c: Context<AppEnv>, site: SiteModel, formId: string) => c.env.FORM_INBOX.getByName(`${site.website.id}:${formId}`);

function encode(value: FlashCookie): string {
  return toBase64Url(JSON.stringify(value));
}

function decode(text: string): FlashCookie | null {
  try {
    const value = JSON.parse(fromBase64UrlText(text)) as Partial<FlashCookie>;
    if (typeof value.o !== 'string' || typeof value.f !== 'string' || typeof value.p !== 'string') return null;
    if (value.k !== 'success' && value.k !== 'failed') return null;
    return value as FlashCookie;
  } catch {
    return null;
  }
}

/**
 * Leaves the outcome for the page at `path`. Values and errors of a form of the site wait in its inbox; `inline`
 * values (a few short ones, for a form without an inbox) ride in the signed cookie. Without SESSION_SECRET nothing is
 * left (and the API refuses submissions anyway).
 */
export async function leaveFormFlash(
  c: Context<AppEnv>,
  site: SiteModel,
  path: string,
  flash: FormFlash,
  options: { inline?: boolean } = {},
): Promise<void> {
  if (!canSign(c.env)) return;
  const cookie: FlashCookie = { o: flash.objectName, f: flash.formId, k: flash.kind, m: flash.message, p: path };
  const draft: Draft = { errors: flash.errors, values: flash.values };
  if (options.inline) {
    cookie.v = flash.values;
  } else if ((draft.errors || draft.values) && site.forms.has(flash.formId)) {
    const token = crypto.randomUUID();
    await draftInbox(c, site, flash.formId).keepDraft(token, JSON.stringify(draft), Date.now() + FLASH_TTL_SECONDS * 1000);
    cookie.t = token;
  }
  await setSignedCookie(c, 'flash', FORM_FLASH_COOKIE, encode(cookie), {
    path,
    httpOnly: true,
    sameSite: 'Lax',
    secure: !isLocalHost(requestUrl(c).hostname),
    maxAge: FLASH_TTL_SECONDS,
  });
}

/** Whether the request carries an outcome to show (valid or not): such a request is never served from the cache. */
export function carriesFormFlash(c: Context<AppEnv>): boolean {
  return getCookie(c, FORM_FLASH_COOKIE) !== undefined;
}

/**
 * The outcome the request carries, taken: its draft leaves the inbox, and `clear` (a Set-Cookie value for the response)
 * removes the cookie, so a reload shows the form as it is. A forged, expired or foreign cookie is removed and shows
 * nothing.
 */
export async function takeFormFlash(c: Context<AppEnv>, site: SiteModel): Promise<{ flash: FormFlash | undefined; clear: string }> {
  const raw = await readSignedCookie(c, 'flash', FORM_FLASH_COOKIE);
  const cookie = raw === null ? null : decode(raw);
  const clear = generateCookie(FORM_FLASH_COOKIE, '', { path: cookie?.p ?? requestUrl(c).pathname, maxAge: 0 });
  if (!cookie) return { flash: undefined, clear };
  let draft: Draft = {};
  if (cookie.t && site.forms.has(cookie.f)) {
    try {
      const kept = await draftInbox(c, site, cookie.f).takeDraft(cookie.t);
      if (kept) draft = JSON.parse(kept) as Draft;
    } catch (error) {
      // the outcome still shows; only the values typed are not filled in again
      logFor(factsOf(c.req.raw)).warn('form.draft_unavailable', { site: site.website.identifier, formId: cookie.f, error: String(error) });
    }
  }
  const flash: FormFlash = {
    objectName: cookie.o,
    formId: cookie.f,
    kind: cookie.k,
    message: cookie.m,
    errors: draft.errors,
    values: draft.values ?? cookie.v,
  };
  return { flash, clear };
}
