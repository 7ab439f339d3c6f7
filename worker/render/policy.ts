// The Content-Security-Policy of a page: scripts only with this response's nonce, unless the page carries code its
// owner wrote (blocks whose type says so through its ownerCode trait, and site-wide code injection).
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { DISABLE_USER_SCRIPTS_COOKIE, disablesUserScripts } from '../../shared/cookies.ts';
import type { Layout } from '../../shared/snapshot/schema.ts';
import { parseBlock } from '../blocks/registry.ts';
import type { RestaurantBookingData } from '../blocks/restaurant-booking/schema.ts';
import { bookingWidget } from '../blocks/restaurant-booking/widget.ts';
import { embedsScheduler, SCHEDULER_ORIGIN } from '../blocks/appointment-scheduling/scheduler.ts';
import { REGISTRY_WIDGET_ORIGIN, registryWidgets } from '../blocks/wedding-registry/registry-widget.ts';
import { FOLLOW_WIDGET_ORIGIN } from '../blocks/twitter/follow-widget.ts';
import { WEB_FONTS_ORIGINS } from './web-fonts.ts';
import { popupAllowedOnPage } from '../../shared/overlays.ts';
import { TURNSTILE_ORIGIN } from '../forms/spam.ts';
import type { PageDefinition } from '../pages/types.ts';
import type { AppEnv } from '../env.ts';
import type { Route } from '../kit/context.tsx';
import type { SiteModel } from '../site/model.ts';

/** What the security policy needs to know of one layout's blocks (a block whose data does not fit its type is not rendered). */
interface LayoutFacts {
  site: SiteModel;
  /** a block places owner code (its type's ownerCode trait) */
  ownerCode: boolean;
  /** a map block */
  map: boolean;
  /** a visitor form: a form block whose form exists, or a newsletter block */
  form: boolean;
  /** third-party script origins its blocks load (a reservation service's widget) */
  scripts: string[];
}

/**
 * Worked out once per layout: a layout object belongs to one parsed snapshot, which is served unchanged for as long as
 * it is held, so every request of its pages asked the same questions of the same blocks (three walks of the blocks per
 * page, for the policy and for Turnstile in the page itself).
 */
const factsOfLayout = new WeakMap<Layout, LayoutFacts>();

function layoutFacts(site: SiteModel, layout: Layout): LayoutFacts {
  const known = factsOfLayout.get(layout);
  if (known !== undefined && known.site === site) return known;
  const facts: LayoutFacts = { site, ownerCode: false, map: false, form: false, scripts: [] };
  for (const block of layout.blocks) {
    const parsed = parseBlock(block);
    if (!parsed.ok) continue;
    const name = parsed.definition.name;
    if (parsed.definition.ownerCode?.(parsed.data, site)) facts.ownerCode = true;
    if (name === 'map') facts.map = true;
    if (name === 'newsletter' || (name === 'form' && site.forms.has((parsed.data as { formId: string }).formId))) facts.form = true;
    for (const script of widgetScriptOrigins(name, parsed.data, site)) if (!facts.scripts.includes(script)) facts.scripts.push(script);
  }
  factsOfLayout.set(layout, facts);
  return facts;
}

/** §7: the origins of the third-party widget scripts a block loads, if it loads one (a reservation service's, a
 * scheduling service's, a wedding registry's, a social follow widget's). */
function widgetScriptOrigins(name: string, data: unknown, site: SiteModel): string[] {
  if (name === 'restaurant_booking' || name === 'restaurant_booking_v2') {
    const booking = (version: 1 | 2) => bookingWidget(data as RestaurantBookingData, version, site.website.language).origin;
    // a v1 block loads v2's widget in a browser with the reservation-block v2 beta feature on (§3)
    return name === 'restaurant_booking_v2' ? [booking(2)] : [...new Set([booking(1), booking(2)])];
  }
  if (name === 'appointment_scheduling' && embedsScheduler((data as { bookingUrl: string }).bookingUrl)) return [SCHEDULER_ORIGIN];
  if (name === 'wedding_registry' && registryWidgets((data as { registries: { url: string }[] }).registries).length)
    return [REGISTRY_WIDGET_ORIGIN];
  if (name === 'twitter' && (data as { followButton: boolean }).followButton) return [FOLLOW_WIDGET_ORIGIN];
  return [];
}

/** The third-party script origins the route's layouts load. */
function routeScripts(site: SiteModel, route: Route): string[] {
  const { page, collection, item } = route;
  const layouts = [page?.layout, collection?.headerLayout, item?.body].filter((l): l is Layout => l !== undefined);
  const all = layouts.flatMap((l) => layoutFacts(site, l).scripts);
  return all.length ? [...new Set(all)] : all;
}

/** Whether one of the route's layouts (the page's, the collection's header, the item's body) has the fact. */
function routeHas(site: SiteModel, route: Route, fact: 'ownerCode' | 'map' | 'form'): boolean {
  const { page, collection, item } = route;
  return (
    (page?.layout !== undefined && layoutFacts(site, page.layout)[fact]) ||
    (collection?.headerLayout !== undefined && layoutFacts(site, collection.headerLayout)[fact]) ||
    (item?.body !== undefined && layoutFacts(site, item.body)[fact])
  );
}

/** §7 Third-party loads: the maps service's script and what it fetches (its data, fonts and styles; tiles are images,
 * which every page may load over https). */
export const MAPS_ORIGINS = {
  script: ['https://maps.googleapis.com'],
  connect: ['https://maps.googleapis.com'],
  style: ['https://fonts.googleapis.com'],
  font: ['https://fonts.gstatic.com'],
} as const;

/** The comment service's script host for a site's shortname (§2 Comment links): its count and embed scripts. */
export const commentCountOrigin = (shortname: string) => `https://${shortname.toLowerCase()}.disqus.com`;

/** Where the comment service's embed loads the thread's own scripts and styles from (its frame is an https: frame). */
export const COMMENT_SERVICE_CDN = 'https://c.disquscdn.com';

export interface ThirdPartySources {
  script: string[];
  connect: string[];
  style: string[];
  font: string[];
}

/**
 * The third-party origins a page may load from: only what is configured and used on it. The maps service when the
 * site has a maps key and the page a map block; the comment service (its count and embed scripts, its CDN) when the
 * site names one and has comments on; the widget scripts of the page's blocks (a reservation service's); the web-font
 * service's kit (its script, styles and fonts) on every page of a site that has one.
 */
export function thirdPartySources(site: SiteModel, route: Route): ThirdPartySources {
  const { settings } = site;
  const maps = !!settings.mapsApiKey && routeHas(site, route, 'map');
  const comments = !!settings.commentsEnabled && !!settings.commentServiceShortname;
  const widgets = routeScripts(site, route);
  const fonts = !!settings.webFonts;
  if (!maps && !comments && !widgets.length && !fonts) return NO_THIRD_PARTY;
  const out: ThirdPartySources = { script: [], connect: [], style: [], font: [] };
  if (maps) {
    for (const key of Object.keys(out) as (keyof ThirdPartySources)[]) out[key].push(...MAPS_ORIGINS[key]);
  }
  if (comments) {
    out.script.push(commentCountOrigin(settings.commentServiceShortname!), COMMENT_SERVICE_CDN);
    out.style.push(COMMENT_SERVICE_CDN);
  }
  out.script.push(...widgets);
  if (fonts) {
    out.script.push(...WEB_FONTS_ORIGINS.script);
    out.style.push(...WEB_FONTS_ORIGINS.style);
    out.font.push(...WEB_FONTS_ORIGINS.font);
  }
  return out;
}

/** No third party at all (most pages). */
const NO_THIRD_PARTY: ThirdPartySources = Object.freeze({
  script: [] as string[],
  connect: [] as string[],
  style: [] as string[],
  font: [] as string[],
});

/** Whether the page a route renders includes owner-supplied code. */
export function hasOwnerCode(site: SiteModel, route: Route): boolean {
  const injection = site.website.codeInjection;
  if (injection?.header || injection?.footer) return true;
  return routeHas(site, route, 'ownerCode');
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
  return popupDrawn || routeHas(site, route, 'form');
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
  if (third !== undefined && third !== NO_THIRD_PARTY) return policy(nonce, ownerCode, turnstile, third);
  // without third parties there are four policies, each the same around the nonce: made once, joined per response
  const key = (ownerCode ? 2 : 0) + (turnstile ? 1 : 0);
  let around = policyAroundNonce[key];
  if (around === undefined) {
    around = policy(NONCE_MARK, ownerCode, turnstile, undefined).split(NONCE_MARK);
    policyAroundNonce[key] = around;
  }
  return around.length === 1 ? around[0]! : `${around[0]}${nonce}${around[1]}`;
}

/** The policies without third parties, split where the nonce goes (an owner-code policy names none: one part). */
const policyAroundNonce: (string[] | undefined)[] = [];
/** Stands for the nonce while a policy is made once (never in a nonce, which is base64). */
const NONCE_MARK = '\u0000';

function policy(nonce: string, ownerCode: boolean, turnstile: boolean, third: ThirdPartySources | undefined): string {
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
