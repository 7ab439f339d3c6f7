// The Content-Security-Policy of a page: scripts only with this response's nonce, unless the page carries code its
// owner wrote (blocks whose type says so through its ownerCode trait, and site-wide code injection).
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { DISABLE_USER_SCRIPTS_COOKIE, disablesUserScripts } from '../../shared/cookies.ts';
import type { Layout } from '../../shared/snapshot/schema.ts';
import { parseBlock } from '../blocks/registry.ts';
import { popupAllowedOnPage } from '../../shared/overlays.ts';
import { TURNSTILE_ORIGIN } from '../forms/spam.ts';
import type { PageDefinition } from '../pages/types.ts';
import type { AppEnv } from '../env.ts';
import type { Route } from '../render/context.tsx';
import type { SiteModel } from '../site/model.ts';

/** Whether a block of the layout places owner code; a block whose data does not fit its type is not rendered at all. */
function layoutHasOwnerCode(site: SiteModel, layout: Layout | undefined): boolean {
  return !!layout?.blocks.some((block) => {
    const parsed = parseBlock(block);
    return parsed.ok && !!parsed.definition.ownerCode?.(parsed.data, site);
  });
}

/** Whether the page a route renders includes owner-supplied code. */
export function hasOwnerCode(site: SiteModel, route: Route): boolean {
  const injection = site.website.codeInjection;
  if (injection?.header || injection?.footer) return true;
  return (
    layoutHasOwnerCode(site, route.page?.layout) ||
    layoutHasOwnerCode(site, route.collection?.headerLayout) ||
    layoutHasOwnerCode(site, route.item?.body)
  );
}

/** Whether a block of the layout is a visitor form (a form block whose form exists, or a newsletter block). */
function layoutHasForm(site: SiteModel, layout: Layout | undefined): boolean {
  return !!layout?.blocks.some((block) => {
    const parsed = parseBlock(block);
    if (!parsed.ok) return false;
    if (parsed.definition.name === 'newsletter') return true;
    return parsed.definition.name === 'form' && site.forms.has((parsed.data as { formId: string }).formId);
  });
}

/**
 * Whether the page carries Cloudflare Turnstile: the site names a site key and the page draws a visitor form (a form or
 * newsletter block, or the popup overlay where §4 draws it). Only then does the page load the widget's script
 * (worker/render/document.tsx) and its policy allow Turnstile's origin.
 */
export function turnstileOnPage(site: SiteModel, route: Route, url: URL, chrome: PageDefinition['chrome']): boolean {
  if (!site.settings.turnstile) return false;
  if (route.pageType === 'POPUP_OVERLAY') return true;
  const popup = site.settings.popupOverlaySettings;
  const popupDrawn =
    chrome === 'site' &&
    !!popup?.formId &&
    site.forms.has(popup.formId) &&
    popupAllowedOnPage(popup, { pageType: route.pageType, collectionType: route.collection?.type }, url.searchParams, false);
  return (
    popupDrawn ||
    layoutHasForm(site, route.page?.layout) ||
    layoutHasForm(site, route.collection?.headerLayout) ||
    layoutHasForm(site, route.item?.body)
  );
}

/**
 * Whether this browser turned the owner's scripts off (§9 disable-user-scripts): its pages keep the strict policy, so
 * no owner script runs (inline, external or in an event attribute), and are never shared through the page cache.
 */
export function userScriptsDisabled(c: Context<AppEnv>): boolean {
  return disablesUserScripts(getCookie(c, DISABLE_USER_SCRIPTS_COOKIE));
}

/**
 * The policy for one response. Strict pages allow scripts by nonce only ('strict-dynamic' lets a nonced module load
 * its own chunks). Owner code cannot carry our nonce, so those pages allow inline and https: scripts instead; every
 * other directive stays the same. A page with Turnstile also allows its origin's script (and frame-src already allows
 * https: frames such as its challenge).
 */
export function contentSecurityPolicy(nonce: string, ownerCode: boolean, turnstile = false): string {
  // Turnstile's script carries the nonce (enough under 'strict-dynamic'); its origin is named for browsers without it
  const scripts = ownerCode
    ? "script-src 'self' 'unsafe-inline' 'unsafe-eval' https:"
    : `script-src 'nonce-${nonce}' 'strict-dynamic'${turnstile ? ` ${TURNSTILE_ORIGIN}` : ''}`;
  return [
    "default-src 'self'",
    scripts,
    `style-src 'self' 'unsafe-inline'${ownerCode ? ' https:' : ''}`,
    "img-src 'self' data: https:",
    `font-src 'self' data:${ownerCode ? ' https:' : ''}`,
    "connect-src 'self'",
    "media-src 'self' https:",
    "frame-src 'self' https:",
    `object-src ${ownerCode ? 'https:' : "'none'"}`,
    "base-uri 'self'",
    "form-action 'self' https:",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** The policy of responses that render no page: nothing may run, and only this site may frame them. */
export const DEFAULT_CSP =
  "default-src 'self'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'; base-uri 'self'; form-action 'self'";
