// §2: a logged-in editor opening a page of their site at top level is sent into the editor frame, decided at the edge.
import type { Context, MiddlewareHandler } from 'hono';
import { generateCookie, getCookie, setCookie } from 'hono/cookie';
import { FRAME_EXPANDED_COOKIE, NOREDIRECT_COOKIE } from '../../shared/cookies.ts';
import { editorUrl } from '../../shared/editor/protocol.ts';
import type { AppEnv } from '../env.ts';
import { isLocalHost } from '../http/hosts.ts';
import { appendToResponse } from '../http/response-headers.ts';
import { requestUrl } from '../http/request-url.ts';

export interface RedirectFacts {
  /** an authenticated account with a non-empty permissions object on this site */
  editor: boolean;
  developerMode: boolean;
  /** Sec-Fetch-Dest: 'document' is a top-level navigation; 'iframe' and anything else is not */
  fetchDest: string | undefined;
  hostname: string;
  queryHasNoredirect: boolean;
  sessionNoredirect: boolean;
}

/** Exactly §2's conditions: editor, not developerMode, top level; never on bare localhost or with noredirect. */
export function shouldRedirectToEditor(f: RedirectFacts): boolean {
  return (
    f.editor &&
    !f.developerMode &&
    f.fetchDest === 'document' &&
    f.hostname !== 'localhost' &&
    !f.queryHasNoredirect &&
    !f.sessionNoredirect
  );
}

export { editorUrl };

function facts(c: Context<AppEnv>, url: URL): RedirectFacts {
  const lookup = c.get('lookup');
  const current = c.get('session');
  return {
    editor: !!current?.isEditor,
    developerMode: lookup.kind === 'ok' && lookup.site.website.developerMode,
    fetchDest: c.req.header('Sec-Fetch-Dest'),
    hostname: url.hostname,
    queryHasNoredirect: hasNoredirect(url),
    sessionNoredirect: getCookie(c, NOREDIRECT_COOKIE) === '1',
  };
}

/** ?noredirect in the query (the query read as parameters only when it is there at all: most requests have none). */
function hasNoredirect(url: URL): boolean {
  return url.search.length > 1 && url.searchParams.has('noredirect');
}

export function editorRedirect(): MiddlewareHandler<AppEnv> {
  return function editorRedirect(c, next) {
    if (c.req.method !== 'GET' || c.get('lookup').kind !== 'ok') return next();
    const url = requestUrl(c);
    // only an editor is ever sent to the editor: the other facts are read for them alone
    if (!c.get('session')?.isEditor || !shouldRedirectToEditor(facts(c, url))) {
      // most requests have no ?noredirect: they go on with nothing to add afterwards
      if (!hasNoredirect(url)) return next();
      return next().then(() => {
        // a session cookie: the flag lasts until the browser closes
        appendToResponse(
          c,
          'Set-Cookie',
          generateCookie(NOREDIRECT_COOKIE, '1', { path: '/', sameSite: 'Lax', secure: !isLocalHost(url.hostname), httpOnly: true }),
        );
      });
    }
    const secure = !isLocalHost(url.hostname);
    const expanded = getCookie(c, FRAME_EXPANDED_COOKIE) === 'false' ? 'false' : 'true';
    setCookie(c, FRAME_EXPANDED_COOKIE, expanded, { path: '/', sameSite: 'Lax', secure, maxAge: 365 * 24 * 3600 });
    return Promise.resolve(c.redirect(editorUrl(url.pathname + url.search), 302));
  };
}
