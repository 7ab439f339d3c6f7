// The base template's stylesheet: design variables from the site's tweakJSON, then the template, block and page CSS.
import { BREAKPOINTS } from '../../shared/limits.ts';
import { blockStyles } from '../blocks/registry.ts';
import { commercePageStyles } from '../pages/commerce/styles.ts';
import { runtimeStyles } from './runtime-styles.ts';
import { productBadgeStyles } from '../overlays/product-badge.styles.ts';
import { PANEL_MOTION } from '../../shared/dialogs.ts';
import type { SiteModel } from '../site/model.ts';

const WEB_SAFE_FONTS: Record<string, string> = {
  Georgia: 'Georgia, "Times New Roman", serif',
  'Palatino Linotype': '"Palatino Linotype", Palatino, "Book Antiqua", serif',
  'Times New Roman': '"Times New Roman", Times, serif',
  Arial: 'Arial, "Helvetica Neue", Helvetica, sans-serif',
  'Helvetica Neue': '"Helvetica Neue", Helvetica, Arial, sans-serif',
  'Lucida Sans Unicode': '"Lucida Sans Unicode", "Lucida Grande", sans-serif',
  'Trebuchet MS': '"Trebuchet MS", "Lucida Grande", sans-serif',
  Verdana: 'Verdana, Geneva, sans-serif',
  'Courier New': '"Courier New", Courier, monospace',
  'Lucida Console': '"Lucida Console", Monaco, monospace',
};

/** Only values that cannot break out of a declaration reach the stylesheet. */
function safeCssValue(value: string | undefined, pattern: RegExp): string | undefined {
  return value !== undefined && pattern.test(value.trim()) ? value.trim() : undefined;
}
const COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|[a-z]{3,20})$/i;
const LENGTH = /^\d{1,4}(\.\d+)?(px|rem|em|%)$/;

/** A font tweak's stack: a web-safe font's, or a family of the site's web-font kit ahead of the role's web-safe stack. */
function fontStack(name: string | undefined, fallback: string, kit: readonly string[] | undefined): string {
  if (name && kit?.includes(name)) return `"${name}", ${fallback}`;
  return (name && WEB_SAFE_FONTS[name]) || fallback;
}

/** The design variables, from tweak values looked up by name and by the name with '@' and '.' stripped. */
export function designVariables(site: SiteModel): string {
  const t = (name: string) => site.tweak(name);
  const kit = site.settings.webFonts?.families;
  const bg = safeCssValue(t('siteBackgroundColor'), COLOR) ?? '#fbfaf7';
  const text = safeCssValue(t('siteTextColor'), COLOR) ?? '#1f2421';
  const accent = safeCssValue(t('accentColor'), COLOR) ?? '#2f5d50';
  const accentContrast = safeCssValue(t('accentContrastColor'), COLOR) ?? '#ffffff';
  const width = safeCssValue(t('contentWidth'), LENGTH) ?? '1100px';
  const buttonRadius = safeCssValue(t('buttonRadius'), LENGTH) ?? '4px';
  return `:root{--bg:${bg};--text:${text};--accent:${accent};--accent-contrast:${accentContrast};--muted:color-mix(in srgb,var(--text) 68%,var(--bg));--border:color-mix(in srgb,var(--text) 16%,var(--bg));--surface:color-mix(in srgb,var(--text) 4%,var(--bg));--heading-font:${fontStack(t('headingFont'), WEB_SAFE_FONTS.Georgia!, kit)};--body-font:${fontStack(t('bodyFont'), WEB_SAFE_FONTS['Helvetica Neue']!, kit)};--content-width:${width};--button-radius:${buttonRadius};--radius:min(${buttonRadius},10px);--gap:clamp(16px,3vw,32px)}`;
}

const M = BREAKPOINTS.mobileMax;
/** The widest screen on which the main navigation folds into the Menu button (a tablet in portrait). */
const NAV_MENU_MAX = 767;

/** The template itself: layout, header, navigation, typography, lists, forms and the page types the lead renders. */
const TEMPLATE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--text);font:17px/1.65 var(--body-font);overflow-wrap:break-word}
body:has(>.site-footer){min-height:100vh;min-height:100dvh;display:flex;flex-direction:column}
body:has(>.site-footer)>main{flex:1 0 auto}
img,svg,video,iframe{max-width:100%}
img{height:auto;display:block}
h1,h2,h3,h4{font-family:var(--heading-font);line-height:1.2;font-weight:600;margin:0 0 .5em;text-wrap:balance}
h1{font-size:clamp(2rem,4.5vw,3.1rem)}h2{font-size:clamp(1.5rem,3vw,2.1rem)}h3{font-size:1.3rem}
p{margin:0 0 1em}
a{color:var(--accent);text-underline-offset:.18em}
a:hover{text-decoration-thickness:2px}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.skip-link{position:absolute;left:-9999px;top:0;background:var(--accent);color:var(--accent-contrast);padding:.6em 1em;z-index:100}
.skip-link:focus{left:1rem}
site-island{display:contents}
.visually-hidden{position:absolute!important;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.wrap{max-width:var(--content-width);margin:0 auto;padding:0 var(--gap)}
.announcement-bar{background:var(--accent);color:var(--accent-contrast);text-align:center;padding:.55em var(--gap);font-size:.9rem}
.announcement-bar a{color:inherit}
.mobile-info-bar{display:none}
@media (max-width:${BREAKPOINTS.mobileInfoBarMax}px) and (pointer:coarse){.mobile-info-bar{display:flex;flex-wrap:wrap;gap:.2em 1.1em;justify-content:center;align-items:baseline;padding:.5em var(--gap);font-size:.85rem;line-height:1.5;text-align:center;border-top:1px solid var(--border)}.mobile-info-bar a{white-space:nowrap}.mobile-info-bar.dark{background:#1f2421;color:#fff}.mobile-info-bar.dark a{color:#fff}}
.site-header{border-bottom:1px solid var(--border)}
.site-header .wrap{display:flex;align-items:center;justify-content:space-between;gap:1rem 2rem;padding-top:1.25rem;padding-bottom:1.25rem;flex-wrap:wrap}
.site-header.centered .wrap{flex-direction:column;justify-content:center}
.site-header .wrap:has(>site-island>.cart-badge)>.site-nav{margin-left:auto}
.cart-badge{position:relative;display:inline-flex;align-items:center;gap:.4rem;padding:.35rem .2rem;color:var(--text);text-decoration:none;font-size:.95rem}
.cart-badge:hover{color:var(--accent)}
.cart-badge-count:empty{display:none}
.cart-badge-count{min-width:1.35rem;height:1.35rem;padding:0 .35rem;border-radius:99px;background:var(--accent);color:var(--accent-contrast);font-size:.75rem;font-weight:700;line-height:1.35rem;text-align:center}
.site-header .wrap>site-island:has(>.cart-badge){flex:none}.cart-badge .icon{flex:none}
@media (max-width:${M}px){.cart-badge-label{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}}
.site-title{font-family:var(--heading-font);font-size:1.55rem;font-weight:600;color:var(--text);text-decoration:none;letter-spacing:.01em}
.site-logo img{max-height:56px;width:auto}
.site-nav[popover]{display:block;position:static;inset:auto;width:auto;height:auto;margin:0;padding:0;border:0;overflow:visible;background:none;color:inherit}
.site-menu-button,.site-menu-head{display:none}
.site-nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1.4rem}
.site-nav li{display:flex;align-items:center}
.site-nav a,.site-nav summary{display:inline-block;color:var(--text);text-decoration:none;font-size:.95rem;line-height:1.4;padding:.3em 0;border-bottom:2px solid transparent}
.site-nav a:hover,.site-nav a[aria-current=page],.site-nav summary:hover{border-bottom-color:var(--accent)}
.site-nav .folder{position:relative}
.site-nav .folder>details>ul{position:absolute;top:100%;left:-1rem;background:var(--bg);border:1px solid var(--border);border-radius:var(--radius);box-shadow:0 16px 36px -24px rgba(0,0,0,.45);padding:.5rem 1rem;flex-direction:column;flex-wrap:nowrap;min-width:12rem;z-index:20}
.site-nav summary{cursor:pointer;list-style:none}
.site-nav summary::-webkit-details-marker{display:none}
.site-nav summary::after{content:"";display:inline-block;width:.38em;height:.38em;margin-left:.45em;border-right:1.5px solid currentColor;border-bottom:1.5px solid currentColor;transform:translateY(-.25em) rotate(45deg);opacity:.7}
.site-nav details[open]>summary::after{transform:translateY(.05em) rotate(225deg)}
@supports selector(:popover-open){@media (max-width:${NAV_MENU_MAX}px){
.site-header .wrap,.site-header.centered .wrap{flex-direction:row;flex-wrap:nowrap;justify-content:space-between;padding-top:.85rem;padding-bottom:.85rem}
.site-title{font-size:1.3rem;min-width:0}
.site-logo img{max-height:44px}
.site-menu-button,.site-menu-close{display:inline-flex;align-items:center;gap:.45rem;flex:none;min-height:44px;padding:.5rem .95rem;margin:0;border:1px solid var(--border);border-radius:var(--button-radius,var(--radius));background:var(--bg);color:var(--text);font:600 .95rem/1 var(--body-font);cursor:pointer}
.site-menu-button:hover,.site-menu-close:hover{border-color:var(--text)}
.site-nav[popover]:not(:popover-open){display:none}
.site-nav:popover-open{position:fixed;inset:0;width:auto;height:auto;max-width:none;max-height:none;padding:0 var(--gap) 2.5rem;background:var(--bg);color:var(--text);overflow:auto;overscroll-behavior:contain}
.site-nav::backdrop{background:transparent}
body:has(.site-nav:popover-open){overflow:hidden}
.site-menu-head{display:flex;align-items:center;justify-content:space-between;gap:1rem;padding:.85rem 0;margin-bottom:.5rem;border-bottom:1px solid var(--border)}
.site-menu-title{font-family:var(--heading-font);font-size:1.3rem;font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.site-nav:popover-open ul{flex-direction:column;flex-wrap:nowrap;gap:0}
.site-nav:popover-open li{display:block;border-bottom:1px solid var(--border)}
.site-nav:popover-open li:last-child{border-bottom:0}
.site-nav:popover-open a,.site-nav:popover-open summary{display:block;font-size:1.2rem;padding:.7rem 0;border-bottom:0}
.site-nav:popover-open a[aria-current=page]{color:var(--accent);font-weight:600}
.site-nav:popover-open .folder>details>ul{position:static;border:0;border-radius:0;box-shadow:none;padding:0 0 .5rem 1rem;min-width:0;background:none}
.site-nav:popover-open .folder li{border-bottom:0}
.site-nav:popover-open .folder a{font-size:1.05rem;padding:.45rem 0}
}}
@media (prefers-reduced-motion:no-preference){.site-nav:popover-open{animation:site-menu-in ${PANEL_MOTION.slideMs}ms ease-out}
.site-nav .folder>details>ul{clip-path:inset(-.5rem -3rem -3rem);transition:opacity ${PANEL_MOTION.fadeMs}ms ease,clip-path ${PANEL_MOTION.expandMs}ms ease}
@starting-style{.site-nav .folder>details[open]>ul{opacity:0;clip-path:inset(-.5rem -3rem 100%)}}}
@keyframes site-menu-in{from{opacity:0;transform:translateY(-6px)}}
main{display:block;min-height:50vh}
.page-header{padding:clamp(2rem,6vw,4.5rem) 0 1.5rem}
.page-header .lead{color:var(--muted);font-size:1.15rem;max-width:46rem}
.page-body{padding-bottom:4rem}
.page-body>.layout+.item-list,.page-body>.layout+site-island>.item-list,.page-body>.layout+.gallery-grid,.page-body>.layout+.filter-note{margin-top:calc(var(--gap) * 1.5)}
.layout{display:flex;flex-direction:column;gap:var(--gap)}
.row{display:grid;grid-template-columns:repeat(12,minmax(0,1fr));gap:var(--gap);align-items:start}
.row>.block{min-width:0}
@media (max-width:${M}px){.row>.block{grid-column:1/-1!important}body{font-size:16px}.layout{gap:1.75rem}.row{row-gap:1.75rem}}
.section-fallback{min-height:4rem;border-radius:var(--radius);background:var(--surface);display:flex;align-items:center;justify-content:center}
.section-fallback-text{color:var(--muted);font-size:.9rem;opacity:0;animation:reveal-fallback 0s linear 4s forwards}
@keyframes reveal-fallback{to{opacity:1}}
.button,button.button{display:inline-block;background:var(--accent);color:var(--accent-contrast);border:0;border-radius:var(--button-radius,var(--radius));padding:.75em 1.5em;font:600 .95rem/1.2 var(--body-font);text-decoration:none;cursor:pointer}
.button.secondary{background:transparent;color:var(--accent);box-shadow:inset 0 0 0 2px var(--accent)}
input,select,textarea{font:inherit;color:inherit;background:var(--bg);border:1px solid color-mix(in srgb,var(--text) 40%,var(--bg));border-radius:var(--radius);padding:.6em .75em;max-width:100%}
label{font-weight:600;font-size:.95rem}
.site-footer{border-top:1px solid var(--border);padding:3rem 0;color:var(--muted);font-size:.92rem;background:var(--surface)}
.site-footer .wrap{display:flex;flex-wrap:wrap;gap:1.5rem 3rem;justify-content:space-between}
.site-footer nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.4rem 1.2rem}
.site-footer a{color:var(--text)}
.badge{display:inline-block;font-size:.75rem;padding:.3em .7em;border-radius:99px;border:1px solid currentColor;text-decoration:none}
.badge.black{background:#111;color:#fff}.badge.white{background:#fff;color:#111}
.meta{color:var(--muted);font-size:.9rem}
.tags{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0;margin:2rem 0 1.25rem}
.tags a{display:inline-block;font-size:.85rem;padding:.2em .7em;border:1px solid var(--border);border-radius:99px;text-decoration:none}
.item-list{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,300px),1fr));gap:2.5rem var(--gap);list-style:none;padding:0;margin:0}
.item-card a.thumb{display:block;border-radius:var(--radius);overflow:hidden;margin-bottom:1rem;aspect-ratio:3/2;background:var(--surface)}
.item-card a.thumb img{width:100%;height:100%;object-fit:cover}
.item-card h2{font-size:1.35rem;margin-bottom:.35rem;text-wrap:pretty}
.item-card>p:last-child{margin-bottom:0}
.item-card:not(:has(>.thumb)){padding:1.4rem 1.5rem;border:1px solid var(--border);border-radius:calc(var(--radius) * 2);background:var(--surface)}
.item-card:not(:has(>.thumb)) h2{font-size:1.2rem;line-height:1.35}
@media (max-width:${M}px){.item-list:has(>.item-card>.price){grid-template-columns:repeat(2,minmax(0,1fr));gap:1.75rem .9rem}.item-list:has(>.item-card>.price) .thumb{aspect-ratio:1;margin-bottom:.6rem}.item-list:has(>.item-card>.price) h2{font-size:1.02rem;line-height:1.3}.item-list:has(>.item-card>.price) .price{font-size:.95rem}.item-card:not(:has(>.thumb)){padding:1.15rem 1.2rem}}
.item-card h2 a{color:var(--text);text-decoration:none}
.item-card h2 a:hover{color:var(--accent)}
.event-when{margin:0 0 .3rem;font-size:.8rem;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:var(--accent)}
.event-details{display:flex;flex-wrap:wrap;gap:1rem 2.5rem;margin:0 0 2rem;padding:1.1rem 1.4rem;border:1px solid var(--border);border-left:3px solid var(--accent);border-radius:var(--radius);background:var(--surface)}
.event-details dt{font-size:.75rem;font-weight:700;letter-spacing:.1em;text-transform:uppercase;color:var(--muted);margin-bottom:.2rem}
.event-details dd{margin:0;font-weight:600;line-height:1.45}
.filter-note{display:flex;gap:1rem;align-items:center;flex-wrap:wrap;margin:0 0 2rem;padding:.75rem 1rem;background:var(--surface);border-radius:var(--radius)}
.pagination{display:flex;justify-content:space-between;align-items:center;gap:1rem;margin-top:3rem;padding-top:1.5rem;border-top:1px solid var(--border)}
.pagination a{display:inline-block;padding:.5em 1.1em;border:1px solid var(--border);border-radius:99px;text-decoration:none;font-weight:600;font-size:.95rem}
.pagination a:hover{border-color:var(--accent)}
.article{max-width:46rem;margin:0 auto}
.article .hero{margin:0 0 2rem;border-radius:var(--radius);overflow:hidden}
.article>.layout+.meta,.article>.tags+.meta{margin-top:1.5rem}
.comments{margin-top:3rem;padding-top:1.5rem;border-top:1px solid var(--border)}
.comments h2{font-size:1.35rem;margin-bottom:.35em}
.comments>.meta,.comments .comments-status{margin:0}
.article-nav{display:flex;justify-content:space-between;align-items:flex-start;gap:1.5rem;margin-top:3rem;padding-top:1.5rem;border-top:1px solid var(--border)}
.article-nav>*{max-width:calc(50% - .75rem)}
.article-nav>:last-child{text-align:right}
.gallery-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,260px),1fr));gap:8px;list-style:none;padding:0;margin:0}
.gallery-grid img{width:100%;aspect-ratio:1;object-fit:cover}
.gallery-grid a{display:block;overflow:hidden;background:var(--surface)}
.gallery-grid a img{transition:transform .4s ease,opacity .2s}
.gallery-grid a:hover img{transform:scale(1.03);opacity:.92}
.gallery-grid figure{margin:0}
@media (max-width:${M}px){.gallery-grid{grid-template-columns:repeat(2,minmax(0,1fr));gap:6px}}
.product-page{padding-top:clamp(1.25rem,3vw,2rem)}
.product-page .breadcrumb{margin:0 0 1.5rem}
.product-page .breadcrumb a{color:var(--muted)}
.product-detail{display:grid;grid-template-columns:minmax(0,1.15fr) minmax(0,1fr);gap:1.5rem clamp(1.5rem,4vw,3.5rem);align-items:start}
.product-gallery{min-width:0}
.product-zoom{display:block;position:relative;overflow:hidden;border-radius:var(--radius);background:var(--surface);cursor:zoom-in}
.product-zoom img{display:block;width:100%;transition:transform .25s ease-out}
.product-zoom.is-zoomed img{transform:scale(2);transform-origin:var(--zoom-x,50%) var(--zoom-y,50%);transition:none}
.product-gallery-thumbs{display:grid;grid-template-columns:repeat(4,minmax(0,1fr));gap:8px;list-style:none;padding:0;margin:8px 0 0}
.product-gallery-thumbs a{display:block;aspect-ratio:1;overflow:hidden;border-radius:calc(var(--radius) / 2);background:var(--surface);outline-offset:2px}
.product-gallery-thumbs a[aria-current=true]{box-shadow:0 0 0 2px var(--bg),0 0 0 4px var(--accent)}
.product-gallery-thumbs img{width:100%;height:100%;object-fit:cover}
.product-summary h1{font-size:clamp(1.9rem,3.4vw,2.6rem);margin-bottom:.6rem}
.product-summary .product-purchase{max-width:30rem}
.product-summary .product-price{font-size:1.35rem}
.product-summary .product-purchase-form{margin-top:.75rem;padding-top:1.5rem}
.product-description{grid-column:1/-1;margin-top:clamp(1.5rem,4vw,3rem);padding-top:clamp(1.5rem,4vw,2.5rem);border-top:1px solid var(--border)}
@media (min-width:${M + 1}px){.product-gallery{position:sticky;top:1.5rem}}
@media (max-width:${M}px){.product-detail{grid-template-columns:1fr}}
.price{font-size:1.1rem;font-weight:600}
.price .original-price{text-decoration:line-through;color:var(--muted);font-weight:400;margin-left:.5em}
.sold-out,.item-card .product-sold-out{display:inline-block;background:var(--text);color:var(--bg);font-size:.8rem;padding:.15em .6em;border-radius:var(--radius);font-weight:600}
.product-card{display:flex;flex-direction:column}
.product-card .price{margin-bottom:.6rem}
.quick-view-button{align-self:flex-start;margin-top:auto;font-size:.85rem;font-weight:600;padding:.35em .9em;border:1px solid var(--border);border-radius:99px;text-decoration:none;color:var(--text)}
.quick-view-button:hover{border-color:var(--accent);color:var(--accent)}
.quick-view{width:min(56rem,calc(100vw - 2rem));max-height:calc(100dvh - 2rem);padding:0;border:0;border-radius:calc(var(--radius) * 2);background:var(--bg);color:var(--text);box-shadow:0 30px 80px -30px rgba(0,0,0,.55);overflow:auto}
.quick-view::backdrop{background:rgba(20,22,21,.55)}
.quick-view-body{position:relative;display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:clamp(1rem,3vw,2rem);padding:clamp(1rem,3vw,2rem)}
.quick-view-media img{width:100%;aspect-ratio:1;object-fit:cover;border-radius:var(--radius);background:var(--surface)}
.quick-view-details{display:flex;flex-direction:column;gap:.75rem;min-width:0;padding-right:1.5rem}
.quick-view-title{margin:0;font-size:clamp(1.35rem,2.4vw,1.75rem);line-height:1.25}
.quick-view-more{font-weight:600;font-size:.95rem}
.quick-view-close{position:absolute;top:.6rem;right:.6rem;display:flex;align-items:center;justify-content:center;width:2.5rem;height:2.5rem;border:0;border-radius:50%;background:var(--surface);color:var(--text);cursor:pointer}
.quick-view-close:hover{background:var(--border)}
@media (max-width:${M}px){.quick-view-body{grid-template-columns:1fr}.quick-view-details{padding-right:0}.quick-view-media img{aspect-ratio:4/3}}
.search-form{display:flex;gap:.5rem;max-width:36rem;margin-bottom:2rem}
.search-form input{flex:1;min-width:0}
.search-results{list-style:none;padding:0;margin:1.25rem 0 0;display:flex;flex-direction:column;max-width:46rem;border-top:1px solid var(--border)}
.search-results li{padding:1.35rem 0;border-bottom:1px solid var(--border)}
.search-results li>p{margin:0}
.search-results .meta{font-size:.78rem;letter-spacing:.06em;text-transform:uppercase;margin-bottom:.35rem}
.search-results h2{font-size:1.25rem;line-height:1.3;margin:0 0 .35rem;text-wrap:pretty}
.search-results h2 a{color:var(--text);text-decoration:none}
.search-results h2 a:hover{color:var(--accent);text-decoration:underline}
.search-results li>p:last-child:not(.meta){color:var(--muted);font-size:.97rem}
.search-results mark{background:color-mix(in srgb,var(--accent) 18%,var(--bg));color:var(--text);border-radius:2px;padding:0 .08em}
.card-page{min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:2rem var(--gap);background:var(--surface)}
.card-page main{min-height:0;width:min(100%,30rem);background:var(--bg);border:1px solid var(--border);border-radius:calc(var(--radius) * 2);padding:clamp(1.5rem,5vw,2.75rem);box-shadow:0 18px 50px -30px rgba(0,0,0,.35)}
.card-page .site-title{display:block;text-align:center;margin-bottom:1.5rem}
.lock-screen{text-align:center}
.lock-screen-icon{display:grid;place-items:center;width:3.25rem;height:3.25rem;margin:0 auto 1.1rem;border-radius:50%;background:color-mix(in srgb,var(--accent) 12%,var(--bg));color:var(--accent)}
.lock-screen h1{font-size:clamp(1.6rem,5vw,2.1rem);margin-bottom:.6rem}
.lock-screen>p{color:var(--muted);font-size:.98rem;margin-bottom:1.5rem}
.lock-form{display:flex;flex-direction:column;gap:.6rem;text-align:left}
.lock-form input{width:100%}
.lock-form .button{margin-top:.35rem;padding-top:.9em;padding-bottom:.9em}
.lock-form .form-error{margin:0}
.form-error{color:#a4161a;font-weight:600}
.error-page,.not-found{text-align:center;padding-top:clamp(3rem,10vw,7rem);padding-bottom:clamp(3rem,10vw,7rem)}
.error-page h1,.not-found h1{max-width:24ch;margin-left:auto;margin-right:auto}
.not-found>.meta:first-child{display:inline-block;font-size:.8rem;font-weight:600;letter-spacing:.12em;text-transform:uppercase;color:var(--accent);margin-bottom:1rem}
.error-page p,.not-found p{color:var(--muted);max-width:34rem;margin:0 auto 1.5rem}
.splash{position:relative;min-height:100vh;display:flex;align-items:center;justify-content:center;text-align:center;color:#fff;overflow:hidden;background:#1d1f1e}
.splash>img.splash-bg{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;opacity:.62}
.splash::after{content:"";position:absolute;inset:0;background:radial-gradient(ellipse 70% 60% at 50% 50%,rgba(0,0,0,.38),rgba(0,0,0,0) 75%);pointer-events:none}
.splash .splash-content{position:relative;z-index:1;max-width:40rem;padding:2rem var(--gap);text-shadow:0 1px 3px rgba(0,0,0,.45)}
.splash .splash-content .button{text-shadow:none}
@media (max-width:${M}px){.splash .row-columns .block-button .button-block{justify-content:center}}
.splash h1{font-size:clamp(2.4rem,7vw,4.6rem);letter-spacing:.02em}
.splash a{color:#fff}
.splash .button{background:#fff;color:#1d1f1e}
.index-page ul{list-style:none;padding:0;display:grid;gap:1rem}
`;

let staticCss: { text: string; href: string } | undefined;

/** FNV-1a: a short, stable fingerprint for the stylesheet's URL (not a security hash). */
function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/**
 * The template, block and page styles shared by every site: one file, built once per isolate and served with a
 * fingerprinted URL so browsers keep it across pages and sites.
 */
export function sharedStylesheet(): { text: string; href: string } {
  if (!staticCss) {
    const text = (TEMPLATE + blockStyles + commercePageStyles + runtimeStyles + productBadgeStyles).replace(/\n\s*/g, '');
    staticCss = { text, href: `${STYLESHEET_PATH_PREFIX}${fingerprint(text)}.css` };
  }
  return staticCss;
}

export const STYLESHEET_PATH_PREFIX = '/_runtime/styles.';

const perSite = new WeakMap<SiteModel, string>();

/** A site's design variables, built once per snapshot version per isolate and inlined in each page. */
export function siteVariables(site: SiteModel): string {
  let css = perSite.get(site);
  if (css === undefined) {
    css = designVariables(site);
    perSite.set(site, css);
  }
  return css;
}

/** The stylesheet of pages that belong to no site (the local index of fixture sites, an unknown host). */
export function plainStylesheet(): string {
  return `:root{--bg:#fbfaf7;--text:#1f2421;--accent:#2f5d50;--accent-contrast:#fff;--muted:#5b615e;--border:#dcdcd6;--surface:#f3f2ee;--heading-font:Georgia,serif;--body-font:"Helvetica Neue",Arial,sans-serif;--content-width:900px;--radius:4px;--gap:24px}${TEMPLATE.replace(/\n\s*/g, '')}`;
}
