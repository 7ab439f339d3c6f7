// CSS that several block types share; the stylesheet (worker/render/styles.ts) puts it ahead of every block's own CSS.
// One rule per line: the stylesheet is minified by deleting line breaks and the indentation after them.
import { BREAKPOINTS } from '../../../shared/limits.ts';

/**
 * The list, card and text blocks' rules start with this: inside a block wrapper at zero specificity (:where), on their
 * own cb- classes. The other blocks scope their rules under their wrapper's class, .block-{name}.
 */
export const IN_BLOCK = ':where(.block)';
/** §9: at this width or less every block takes the full width. */
export const MOBILE_MAX = BREAKPOINTS.mobileMax;

/**
 * Rules for narrow blocks, written with %C after the block's root class: they apply to roots marked by their span
 * (is-compact or is-narrow, see compactClass) and, on mobile (§9), to every block. Container queries would say this
 * better, but the HTML checker's CSS validator rejects them.
 */
export const narrow = (css: string, marker = 'is-compact') =>
  `${css.replaceAll('%C', `.${marker}`)}@media (max-width:${MOBILE_MAX}px){${css.replaceAll('%C', '')}}`;

/** Headings, dates, excerpts, post lists, cards, owner HTML and code, grouped posts, photo grids and timelines. */
const lists = `
${IN_BLOCK} .cb-heading{font-size:1.35rem;margin:0 0 .9rem;letter-spacing:.005em}
${IN_BLOCK} h3.cb-heading{font-size:1.12rem;margin-bottom:.7rem}
${IN_BLOCK} .cb-heading a{color:var(--text);text-decoration:none}
${IN_BLOCK} .cb-heading a:hover{color:var(--accent);text-decoration:underline}
${IN_BLOCK} .cb-heading-sub{font:500 .8rem/1 var(--body-font);letter-spacing:.06em;text-transform:uppercase;color:var(--muted);margin-left:.6rem;white-space:nowrap}
${IN_BLOCK} .cb-empty{color:var(--muted);font-style:italic;margin:0}
${IN_BLOCK} .cb-more{margin:1.1rem 0 0;font-size:.95rem}
${IN_BLOCK} .cb-more a{font-weight:600;text-decoration:none}
${IN_BLOCK} .cb-more a:hover{text-decoration:underline}
${IN_BLOCK} .cb-more a::after{content:" →";content:" →" / ""}
${IN_BLOCK} .cb-date{display:block;color:var(--muted);font-size:.85rem;line-height:1.4}
${IN_BLOCK} .cb-excerpt{color:var(--muted);font-size:.95rem;line-height:1.55;margin:.3rem 0 0;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:3;overflow:hidden}
${IN_BLOCK} .cb-posts{list-style:none;margin:0;padding:0;display:grid;gap:1.1rem}
${IN_BLOCK} .cb-post{position:relative;display:flex;gap:1rem;align-items:flex-start}
${IN_BLOCK} .cb-post-thumb{flex:0 0 auto;width:120px;height:auto;aspect-ratio:4/3;object-fit:cover;border-radius:var(--radius);background:var(--surface)}
${IN_BLOCK} .cb-post-text{min-width:0;flex:1;display:flex;flex-direction:column;gap:.15rem}
${IN_BLOCK} .cb-post-title{color:var(--text);font-family:var(--heading-font);font-weight:600;font-size:1.1rem;line-height:1.3;text-decoration:none}
${IN_BLOCK} .cb-post-title::after{content:"";position:absolute;inset:0}
${IN_BLOCK} .cb-post:hover .cb-post-title{color:var(--accent);text-decoration:underline}
${IN_BLOCK} .cb-posts-rich{gap:0}
${IN_BLOCK} .cb-posts-rich .cb-post{padding:1.1rem 0;border-top:1px solid var(--border)}
${IN_BLOCK} .cb-posts-rich .cb-post:first-child{border-top:0;padding-top:0}
${IN_BLOCK} .cb-posts-rich .cb-post:last-child{padding-bottom:0}
${IN_BLOCK} .cb-posts-index{gap:.9rem}
${IN_BLOCK} .cb-posts-index .cb-post{align-items:center;gap:.85rem}
${IN_BLOCK} .cb-posts-index .cb-post-thumb{width:64px;aspect-ratio:1}
${IN_BLOCK} .cb-posts-index .cb-post-title{font-size:1rem}
${IN_BLOCK} .cb-posts-compact{gap:.55rem}
${IN_BLOCK} .cb-posts-compact .cb-post-title{font-family:var(--body-font);font-size:.98rem;font-weight:500}
${IN_BLOCK} .cb-posts-compact .cb-date{font-size:.8rem}
${IN_BLOCK} .cb-card{display:flex;flex-direction:column;gap:.35rem;padding:1.25rem 1.4rem;border:1px solid var(--border);border-radius:calc(var(--radius) * 2);background:var(--surface);color:var(--text);text-decoration:none;min-width:0}
.row-columns>.block:has(>.cb-card){align-self:stretch;display:flex;flex-direction:column}
.row-columns>.block>.cb-card{flex:1 0 auto}
${IN_BLOCK} .cb-card-link{transition:border-color .2s,box-shadow .2s,transform .2s}
${IN_BLOCK} .cb-card-link:hover{border-color:var(--accent);box-shadow:0 14px 32px -22px rgba(0,0,0,.45);transform:translateY(-1px)}
${IN_BLOCK} .cb-card-title{font-family:var(--heading-font);font-size:1.2rem;font-weight:600;line-height:1.3;color:var(--text);margin:0}
${IN_BLOCK} .cb-card-link:hover .cb-card-title{color:var(--accent)}
${IN_BLOCK} .cb-card-text{color:var(--muted);font-size:.95rem;line-height:1.55}
${IN_BLOCK} .cb-card-meta{font-size:.85rem;font-weight:600;color:var(--accent);letter-spacing:.02em;overflow-wrap:anywhere;margin:0}
${IN_BLOCK} .cb-card-arrow{display:inline-block;transition:transform .2s}
${IN_BLOCK} .cb-card-link:hover .cb-card-arrow{transform:translateX(3px)}
${IN_BLOCK} .cb-owner-html>:first-child{margin-top:0}
${IN_BLOCK} .cb-owner-html>:last-child{margin-bottom:0}
${IN_BLOCK} .cb-owner-html img,${IN_BLOCK} .cb-owner-html video,${IN_BLOCK} .cb-owner-html iframe{max-width:100%;height:auto}
${IN_BLOCK} .cb-owner-html table{display:block;max-width:100%;overflow-x:auto;border-collapse:collapse;margin:0 0 1.25em}
${IN_BLOCK} .cb-owner-html dl{margin:0 0 1em;display:grid;gap:.2rem}
${IN_BLOCK} .cb-owner-html dt{font-weight:600}
${IN_BLOCK} .cb-owner-html dd{margin:0 0 .6rem;color:var(--muted)}
${IN_BLOCK} .cb-owner-html th,${IN_BLOCK} .cb-owner-html td{padding:.45rem .75rem;border-bottom:1px solid var(--border);text-align:left}
${IN_BLOCK} .cb-owner-html pre{overflow-x:auto;max-width:100%}
${IN_BLOCK} .cb-owner-html h2,${IN_BLOCK} .cb-markdown h2{font-size:clamp(1.4rem,2.4vw,1.75rem)}
${IN_BLOCK} .cb-markdown pre,${IN_BLOCK} .cb-code{margin:0 0 1em;padding:1.1rem 1.25rem;border-radius:calc(var(--radius) * 2);background:color-mix(in srgb,var(--text) 93%,var(--bg));color:var(--bg);overflow-x:auto;font:.88rem/1.6 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;tab-size:2}
${IN_BLOCK} .cb-markdown pre code,${IN_BLOCK} .cb-code code{font:inherit;background:none;border:0;padding:0;color:inherit}
${IN_BLOCK} .cb-groups{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,240px),1fr));gap:1.75rem var(--gap)}
${IN_BLOCK} .cb-group-heading{display:flex;align-items:baseline;justify-content:space-between;gap:.75rem;margin:0 0 .7rem;padding-bottom:.45rem;border-bottom:1px solid var(--border);font:700 1rem/1.35 var(--body-font)}
${IN_BLOCK} .cb-group-heading a{color:var(--text);text-decoration:none;min-width:0}
${IN_BLOCK} .cb-group-heading a:hover{color:var(--accent);text-decoration:underline}
${IN_BLOCK} .cb-group-count{flex:none;font-size:.75rem;font-weight:600;color:var(--muted);background:var(--surface);border:1px solid var(--border);border-radius:99px;padding:.05em .6em;white-space:nowrap}
${IN_BLOCK} .cb-group .cb-more{margin-top:.6rem;font-size:.88rem}
${IN_BLOCK} .cb-group-months{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.35rem 1rem;font-size:.92rem}
${IN_BLOCK} .cb-group-months a{color:var(--text)}
${IN_BLOCK} .cb-photo-grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,140px),1fr));gap:6px}
${IN_BLOCK} .cb-photo-link{display:block;aspect-ratio:1;overflow:hidden;border-radius:var(--radius);background:var(--surface)}
${IN_BLOCK} .cb-photo-img{width:100%;height:100%;object-fit:cover;transition:transform .4s ease,opacity .2s}
${IN_BLOCK} .cb-photo-link:hover .cb-photo-img{transform:scale(1.04);opacity:.92}
${IN_BLOCK} .cb-feed-list{list-style:none;margin:0 0 0 7px;padding:0 0 0 1.25rem;border-left:2px solid var(--border);display:grid;gap:1.2rem}
${IN_BLOCK} .cb-feed-entry{position:relative}
${IN_BLOCK} .cb-feed-entry::before{content:"";position:absolute;left:calc(-1.25rem - 7px);top:.45em;width:12px;height:12px;border-radius:50%;background:var(--bg);border:2px solid var(--accent)}
${IN_BLOCK} .cb-feed-text{margin:0 0 .3rem;white-space:pre-line}
${IN_BLOCK} .cb-feed-title{display:flex;gap:.45rem;align-items:flex-start;margin:0 0 .2rem;font-weight:600}
${IN_BLOCK} .cb-feed-sub{font-weight:400;color:var(--muted)}
${IN_BLOCK} .cb-feed-meta{margin:0;color:var(--muted);font-size:.85rem;text-decoration:none}
${IN_BLOCK} a.cb-feed-meta:hover{color:var(--accent);text-decoration:underline}
${IN_BLOCK} .cb-feed-meta .cb-date{display:inline}
${IN_BLOCK} .cb-pin{flex:none;color:var(--accent);margin-top:.2em}
`;

/**
 * The same on phones (§9). Emitted after every block's own CSS (see the registry), where the stylesheet always had them:
 * they win over a block's rules of the same specificity (a menu's title takes the heading size of phones too).
 */
export const partPhoneStyles = `
@media (max-width:${MOBILE_MAX}px){
${IN_BLOCK} .cb-post-thumb{width:88px}
${IN_BLOCK} .cb-heading{font-size:1.25rem}
${IN_BLOCK} .cb-card{padding:1.1rem 1.15rem}
}
`;

/** Hidden parts, required marks, icons, button sizes and the height of controls beside their buttons. */
const controls = `
.block [hidden]{display:none!important}
.block .required-mark{color:var(--accent)}
.block .icon{display:inline-block;vertical-align:middle;flex:none}
.block .button[disabled]{opacity:.5;cursor:not-allowed}
.block .button-size-small{padding:.55em 1.1em;font-size:.85rem}
.block .button-size-large{padding:1em 2.25em;font-size:1.05rem}
.block .button.secondary{background:transparent}
.block :is(.form-control,.product-control,.booking-control,.newsletter-input,.search-input){min-height:calc(2.85em + 2px)}
/* buttons beside a control match its height (body text is 17px, 16px on mobile) */
.block :is(.product-add-to-cart,.booking-submit,.newsletter-submit,.search-submit){min-height:calc(2.85 * 17px + 2px)}
@media (max-width:${MOBILE_MAX}px){.block :is(.product-add-to-cart,.booking-submit,.newsletter-submit,.search-submit){min-height:calc(2.85 * 16px + 2px)}}
`;

/** The price line of products and summaries (PriceLineView), the card look of bookings, registries and appointments, audio icons. */
const cards = `
.block .product-price{margin:0;font-weight:600;display:flex;flex-wrap:wrap;align-items:baseline;gap:.2rem .6rem}
.block .original-price{color:var(--muted);font-weight:400}
.block .product-sold-out{font-size:.72rem;letter-spacing:.06em;text-transform:uppercase;background:var(--text);color:var(--bg);padding:.25em .65em;border-radius:99px;font-weight:600;align-self:center}
.block :is(.booking-block,.registry-block,.appointments-block){padding:clamp(1.25rem,3.5vw,2.25rem);border:1px solid var(--border);border-radius:var(--radius);background:var(--surface)}
.block :is(.booking-eyebrow,.registry-eyebrow,.appointments-eyebrow){margin:0 0 .3rem;font-size:.75rem;letter-spacing:.1em;text-transform:uppercase;color:var(--muted);font-weight:600}
.block :is(.booking-title,.registry-title,.appointments-title){margin:0 0 1.1rem;font-size:clamp(1.35rem,2.4vw,1.75rem);text-wrap:pretty}
.block .audio-icon{width:44px;height:44px;border-radius:50%;display:grid;place-items:center;background:var(--accent);color:var(--accent-contrast);flex:none}
`;

export const partStyles = lists + controls + cards;
