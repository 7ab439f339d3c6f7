// The CSS of what the site-wide visitor runtime draws (client/entries/site.ts): dialogs (§4, §9 width 350, padding
// 20), the system error panel (§8), the cookie notice in its four positions (§9), tooltips (§9 width 250), the announcement bar's close
// button the licensed-assets bar and the beta-features panel. It lives in the shared stylesheet, so the script carries no CSS.
// Motion (§4 Panels, §9 Timings), for visitors who have not asked for less: a confirmation or alert fades and scales
// in and out (0.3 s, from and to 0.94), the system error panel and the cookie notice fade (0.3 s), the information
// pop-up slides in from the right (0.2 s). A closed dialog stays drawn while it hides (allow-discrete), then the
// dialogs' code removes it (client/lib/dialogs.ts).
import { DIALOG, PANEL_MOTION } from '../../shared/dialogs.ts';
import { TOOLTIP } from '../../shared/tooltip.ts';

const { fadeMs, scaleMs, slideMs, scaleHidden } = PANEL_MOTION;

export const runtimeStyles = `
.site-dialog{box-sizing:border-box;width:${DIALOG.width}px;max-width:calc(100vw - 32px);padding:${DIALOG.padding}px;background:var(--bg);color:var(--text);border:1px solid var(--border);border-radius:var(--radius);box-shadow:0 18px 50px -20px rgba(0,0,0,.45);font:15px/1.5 var(--body-font)}
.site-dialog::backdrop{background:rgba(20,22,21,.45)}
.site-dialog.no-overlay::backdrop{background:transparent}
.site-dialog h2{margin:0 0 .35em;font:600 1.15rem/1.3 var(--heading-font)}
.site-dialog p{margin:0 0 1em}
.site-dialog-information{position:fixed;inset:20px 20px auto auto;margin:0;z-index:${DIALOG.zIndexBase}}
.site-dialog-buttons{display:flex;justify-content:flex-end;flex-wrap:wrap;gap:.6em}
.site-dialog-buttons button,.cookie-notice button{background:var(--accent);color:var(--accent-contrast);border:2px solid var(--accent);border-radius:var(--button-radius,4px);padding:.5em 1.15em;font:600 .9rem/1.2 var(--body-font);cursor:pointer}
.site-dialog-buttons button.secondary{background:transparent;color:var(--text);border-color:var(--border)}
.site-error-panel{width:100vw;max-width:none;height:100vh;max-height:none;margin:0;border:0;border-radius:0;align-items:center;justify-content:center;padding:32px}
.site-error-panel[open]{display:flex}
.site-error-panel>div{max-width:34rem}
.site-error-panel h2{font-size:clamp(1.6rem,4vw,2.2rem)}
.site-error-key{font:.8rem/1.4 ui-monospace,monospace;color:var(--muted);word-break:break-all}
.cookie-notice{position:fixed;z-index:${DIALOG.zIndexBase - 10};box-sizing:border-box;width:min(24rem,calc(100vw - 32px));margin:16px;padding:16px 18px;background:var(--bg);color:var(--text);border:1px solid var(--border);border-radius:var(--radius);box-shadow:0 18px 50px -20px rgba(0,0,0,.45);font-size:.9rem;line-height:1.5}
.cookie-notice p{margin:0 0 .8em}
.cookie-notice.top-left{top:0;left:0}.cookie-notice.top-right{top:0;right:0}.cookie-notice.bottom-left{bottom:0;left:0}.cookie-notice.bottom-right{bottom:0;right:0}
.announcement-bar{position:relative}
.announcement-bar.is-dismissable{padding-right:3em}
.announcement-close{position:absolute;top:50%;right:.5em;transform:translateY(-50%);width:2.2em;height:2.2em;display:inline-flex;align-items:center;justify-content:center;background:transparent;color:inherit;border:0;border-radius:50%;font-size:1.1rem;line-height:1;cursor:pointer}.announcement-close[hidden]{display:none}
.announcement-close:hover{background:rgba(255,255,255,.18)}
.announcement-dismissed .announcement-bar{display:none}
.licensed-assets-bar{position:sticky;bottom:0;z-index:${DIALOG.zIndexBase - 20};display:flex;flex-wrap:wrap;gap:.4em 1em;align-items:center;justify-content:center;padding:.6em var(--gap);background:#1f2421;color:#fff;font-size:.85rem;text-align:center}
.site-beta-panel{width:30rem;max-height:calc(100vh - 32px);overflow:auto}
.site-beta-panel fieldset{border:1px solid var(--border);border-radius:var(--radius);margin:0 0 .8em;padding:.4em .9em .6em}
.site-beta-panel legend{font-weight:600;padding:0 .3em}
.site-beta-panel label{display:block;padding:.2em 0;font-weight:400}
.site-beta-panel label small{display:block;margin-left:1.6em;color:var(--muted);font-size:.8rem}
.item-engagement{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.8rem 1.5rem;margin:1.5rem 0;padding:1rem 0;border-top:1px solid var(--border);border-bottom:1px solid var(--border)}
.like-button{display:inline-flex;align-items:center;gap:.45em;padding:.4em .9em;border:1px solid var(--border);border-radius:99px;background:var(--bg);color:var(--text);font:600 .9rem/1.2 var(--body-font);cursor:pointer}
.like-button svg{fill:none;stroke:currentColor;stroke-width:1.8}
.like-button[aria-pressed=true]{border-color:var(--accent);color:var(--accent)}
.like-button[aria-pressed=true] svg{fill:currentColor}
.like-button:disabled{cursor:default}
.like-count{font-variant-numeric:tabular-nums;color:var(--muted)}
.share-buttons{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem .9rem;font-size:.9rem}
.share-label{color:var(--muted)}
.share-link{background:none;border:0;padding:0;font:inherit;color:var(--accent);cursor:pointer;text-decoration:underline;text-underline-offset:.18em}
.site-tooltip{position:fixed;z-index:${DIALOG.zIndexBase - 5};box-sizing:border-box;max-width:${TOOLTIP.width}px;width:max-content;padding:.4em .65em;border-radius:4px;background:#1f2421;color:#fff;font:500 .8rem/1.35 var(--body-font);pointer-events:none;box-shadow:0 8px 20px -10px rgba(0,0,0,.5)}
.relative-age{color:var(--muted)}.relative-date{display:none}@media (scripting:none){.relative-when,.relative-age{display:none}.relative-date{display:inline}}
@media (prefers-reduced-motion:no-preference){
.site-dialog,.site-dialog::backdrop{transition:opacity ${fadeMs}ms ease,transform ${scaleMs}ms ease,overlay ${fadeMs}ms allow-discrete,display ${fadeMs}ms allow-discrete}
.site-dialog:not([open]),.site-dialog:not([open])::backdrop{opacity:0}
.site-dialog:not(.site-error-panel,.site-dialog-information):not([open]){transform:scale(${scaleHidden})}
.site-dialog-information{transition-duration:${slideMs}ms}
.site-dialog-information:not([open]){transform:translateX(1rem)}
@starting-style{.site-dialog[open],.site-dialog[open]::backdrop{opacity:0}.site-dialog[open]:not(.site-error-panel,.site-dialog-information){transform:scale(${scaleHidden})}.site-dialog-information[open]{transform:translateX(1rem)}}
.cookie-notice,.site-tooltip{transition:opacity ${fadeMs}ms ease}
@starting-style{.site-tooltip{opacity:0}}
@starting-style{.cookie-notice{opacity:0}}
}
`;
