// The product badge's styles (product-badge.tsx): a small card fixed in a bottom corner, in the site's own colours so
// it reads in a light design and a dark one alike, clear of the other overlays of §4: the announcement and mobile
// information bars are at the top of the page, the platform badge in the footer (which gains room below it, so the
// card never covers its end), the cookie notice keeps its corner (the card takes the other one, and on a screen too
// narrow for both it waits until the notice is answered), and the licensed-assets bar keeps the bottom edge.
import { DIALOG } from '../../shared/dialogs.ts';
import { BREAKPOINTS } from '../../shared/limits.ts';

/** Where both the cookie notice (24rem and its margins) and the card fit side by side. */
const BESIDE_COOKIE_NOTICE_MIN = 800;

export const productBadgeStyles = `
.product-badge{position:fixed;bottom:16px;z-index:${DIALOG.zIndexBase - 30};box-sizing:border-box;width:max-content;max-width:min(21rem,calc(100vw - 32px));background:var(--bg);color:var(--text);border:1px solid color-mix(in srgb,var(--text) 22%,var(--bg));border-radius:var(--radius);box-shadow:0 16px 40px -18px rgba(0,0,0,.5);font:.85rem/1.35 var(--body-font)}
.product-badge-right{right:16px}
.product-badge-left{left:16px}
.product-badge-closed .product-badge{display:none}
.product-badge-link{display:flex;align-items:center;gap:.8rem;padding:.6rem .9rem .6rem .6rem;color:inherit;text-decoration:none;border-radius:inherit}
.product-badge:has(.product-badge-close:not([hidden])) .product-badge-link{padding-right:2.75rem}
.product-badge-image{flex:none;width:56px;height:56px;object-fit:cover;border-radius:calc(var(--radius) * .75);background:var(--surface)}
.product-badge-text{min-width:0}
.product-badge-text p{margin:0}
.product-badge-label{font-size:.68rem;font-weight:700;letter-spacing:.08em;text-transform:uppercase;color:var(--accent)}
.product-badge-name{font-weight:600;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden}
.product-badge-link:hover .product-badge-name{text-decoration:underline;text-underline-offset:.18em}
.product-badge .product-price{display:flex;flex-wrap:wrap;align-items:baseline;gap:0 .5rem;margin-top:.1rem}
.product-badge :is(.sale-price,.product-price-text){font-weight:600}
.product-badge .original-price{color:var(--muted)}
.product-badge .product-sold-out{align-self:center;font-size:.65rem;font-weight:600;letter-spacing:.06em;text-transform:uppercase;background:var(--text);color:var(--bg);padding:.15em .55em;border-radius:99px}
.product-badge-close{position:absolute;top:4px;right:4px;display:grid;place-items:center;width:32px;height:32px;padding:0;border:0;border-radius:50%;background:transparent;color:var(--muted);cursor:pointer}
.product-badge-close:hover{background:var(--surface);color:var(--text)}
.product-badge-close[hidden]{display:none}
html:not(.product-badge-closed) body:has(>.product-badge)>.site-footer{padding-bottom:calc(3rem + 6.5rem)}
body:has(>.licensed-assets-bar)>.product-badge{bottom:calc(16px + 3rem)}
@media (max-width:${BESIDE_COOKIE_NOTICE_MIN}px){body:has(>.cookie-notice:is(.bottom-left,.bottom-right):not([hidden]))>.product-badge{display:none}}
@media (max-width:${BREAKPOINTS.mobileMax}px){.product-badge{bottom:12px;max-width:calc(100vw - 24px)}.product-badge-right{right:12px}.product-badge-left{left:12px}.product-badge-image{width:48px;height:48px}.product-badge-link{gap:.65rem;padding:.5rem .75rem .5rem .5rem}body:has(>.licensed-assets-bar)>.product-badge{bottom:calc(12px + 5rem)}}
@media print{.product-badge{display:none}}
`;
