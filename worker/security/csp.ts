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

/** Whether a layout has a block of the given type. */
function layoutHas(layout: Layout | undefined, name: string): boolean {
  return !!layout?.blocks.some((block) => {
    const parsed = parseBlock(block);
    return parsed.ok && parsed.definition.name === name;
  });
}

/** §7 Third-party loads: the maps service's script and what it fetches (its data, fonts and styles; tiles are images,
 * which every page may load over https). */
export const MAPS_ORIGINS = {
  script: ['https://maps.googleapis.com'],
  connect: ['https://maps.googleapis.com'],
  style: ['https://fonts.googleapis.com'],
  font: ['https://fonts.gstatic.com'],
} as const;

/** The comment-count service's script host for a site's shortname (§2 Comment links). */
export const commentCountOrigin = (shortname: string) => `https://${shortname.toLowerCase()}.disqus.com`;

export interface ThirdPartySources {
  script: string[];
  connect: string[];
  style: string[];
  font: string[];
}

/**
 * The third-party origins a page may load from: only what is configured and used on it. The maps service when the
 * site has a maps key and the page a map block; the comment-count service when the site names one and has comments on.
 */
export function thirdPartySources(site: SiteModel, route: Route): ThirdPartySources {
  const out: ThirdPartySources = { script: [], connect: [], style: [], font: [] };
  const { settings } = site;
  const layouts = [route.page?.layout, route.collection?.headerLayout, route.item?.body];
  if (settings.mapsApiKey && layouts.some((l) => layoutHas(l, 'map'))) {
    for (const key of Object.keys(out) as (keyof ThirdPartySources)[]) out[key].push(...MAPS_ORIGINS[key]);
  }
  if (settings.commentsEnabled && settings.commentServiceShortname) out.script.push(commentCountOrigin(settings.commentServiceShortname));
  return out;
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
export function contentSecurityPolicy(nonce: string, ownerCode: boolean, turnstile = false, third?: ThirdPartySources): string {
  const extra = (list: readonly string[] | undefined) => (list?.length ? ` ${list.join(' ')}` : '');
  // Turnstile's script carries the nonce (enough under 'strict-dynamic'); its origin, like a third-party host, is named
  // for browsers without it (which then trust what our nonced modules load); everything else a third party needs is
  // named in its own directive
  const scripts = ownerCode
    ? "script-src 'self' 'unsafe-inline' 'unsafe-eval' https:"
    : `script-src 'nonce-${nonce}' 'strict-dynamic'${turnstile ? ` ${TURNSTILE_ORIGIN}` : ''}${extra(third?.script)}`;
  return [
    "default-src 'self'",
    scripts,
    `style-src 'self' 'unsafe-inline'${ownerCode ? ' https:' : extra(third?.style)}`,
    "img-src 'self' data: https:",
    `font-src 'self' data:${ownerCode ? ' https:' : extra(third?.font)}`,
    `connect-src 'self'${extra(third?.connect)}`,
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
