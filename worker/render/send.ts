// Sends a page of a site: its Content-Security-Policy and the other security headers, then the render entry
// (one-pass.tsx) with the request's options.
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { applySecurityHeaders } from '../http/security-headers.ts';
import type { PageDefinition } from '../pages/types.ts';
import { isCrawler } from '../routing/crawler.ts';
import { PAGES } from '../pages/registry.ts';
import { contentSecurityPolicy, hasOwnerCode, thirdPartySources, turnstileOnPage, userScriptsDisabled } from './policy.ts';
import type { RenderState } from '../kit/context.tsx';
import type { PageHeaders } from './page-headers.ts';
import { renderErrorPage, renderPage, type RenderOptions } from './one-pass.tsx';
import { settingsOf } from '../http/config.ts';
import { factsOf, noteRequest } from '../observability/context.ts';

function renderOptions(c: Context<AppEnv>, headers: PageHeaders): RenderOptions {
  return {
    method: c.req.method,
    timeoutMs: settingsOf(c.env).renderTimeoutMs,
    headers,
    waitForAll: isCrawler(c.req.header('User-Agent')),
  };
}

/**
 * Renders a page with its Content-Security-Policy: strict unless the page carries owner code and this browser has not
 * turned the owner's scripts off (§9 disable-user-scripts); Turnstile's origin where it runs. The page's headers get
 * every security header here, before the response exists (the response is marked so, and the way out leaves it be).
 */
export function sendPage(
  c: Context<AppEnv>,
  state: RenderState,
  headers: PageHeaders,
  definition?: PageDefinition,
): Response | Promise<Response> {
  const chrome = (definition ?? PAGES[state.route.pageType]).chrome;
  const turnstile = turnstileOnPage(state.site, state.route, state.url, chrome);
  const ownerScripts = hasOwnerCode(state.site, state.route) && !userScriptsDisabled(c);
  headers.set(
    'Content-Security-Policy',
    contentSecurityPolicy(state.nonce, ownerScripts, turnstile, thirdPartySources(state.site, state.route)),
  );
  // the caller made these headers for this page alone: nothing of another service's is among them
  applySecurityHeaders(headers, state.url.hostname, false, state.site.settings.hstsIncludeSubDomains);
  // the page type and the render's time, for the request's data point (worker/observability/data-points.ts)
  const started = Date.now();
  const options = renderOptions(c, headers);
  const rendered = state.route.pageType === 'ERROR' ? renderErrorPage(state, options) : renderPage(state, options, definition);
  const noted = (response: Response) => {
    noteRequest({ route: state.route.pageType, renderMs: Date.now() - started }, factsOf(c.req.raw));
    return response;
  };
  return rendered instanceof Promise ? rendered.then(noted) : noted(rendered);
}
