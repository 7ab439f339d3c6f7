// The lightbox's styles (client/ui/lightbox.tsx), in the shared stylesheet with the blocks that open it (gallery,
// image): §9 overlay opacity 0.95, the overlay fading in over 0.35 s, the content over 0.6 s, then the close button;
// light and dark themes; fade on desktop, a scrolling strip on phones.
import { BREAKPOINTS } from '../../../shared/limits.ts';

const M = BREAKPOINTS.mobileMax;

export const lightboxStyles = `
body.lightbox-open{overflow:hidden}
.lightbox{position:fixed;inset:0;width:100vw;height:100dvh;max-width:none;max-height:none;margin:0;padding:0;border:0;background:transparent;color:var(--lb-text);overflow:hidden;--lb-text:#f4f3ef;--lb-overlay:rgba(14,16,15,.95);--lb-control:rgba(255,255,255,.12)}
.lightbox.lightbox-light{--lb-text:#1f2421;--lb-overlay:rgba(250,249,246,.95);--lb-control:rgba(0,0,0,.07)}
.lightbox::backdrop{background:var(--lb-overlay,rgba(14,16,15,.95));animation:lightbox-fade .35s ease-out both}
.lightbox.lightbox-light::backdrop{background:rgba(250,249,246,.95)}
.lightbox-stage{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;padding:64px 100px}
.lightbox-item{margin:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:.9rem;max-width:100%;max-height:100%;min-height:0}
.lightbox-image{display:block;max-width:100%;max-height:calc(100dvh - 180px);width:auto;height:auto;object-fit:contain;cursor:pointer}
.lightbox-meta{display:flex;flex-wrap:wrap;justify-content:center;align-items:baseline;gap:.25rem 1rem;text-align:center;font:15px/1.5 var(--body-font);max-width:46rem}
.lightbox-title{font-weight:600}
.lightbox-description{opacity:.85}
.lightbox-position{opacity:.7;font-variant-numeric:tabular-nums}
.lightbox-control,.lightbox-close{position:absolute;display:flex;align-items:center;justify-content:center;width:48px;height:48px;border:0;border-radius:50%;background:var(--lb-control);color:var(--lb-text);cursor:pointer}
.lightbox-control:hover,.lightbox-close:hover{background:color-mix(in srgb,var(--lb-control),var(--lb-text) 14%)}
.lightbox-control:disabled{opacity:.3;cursor:default}
.lightbox-previous{left:24px;top:calc(50% - 24px)}
.lightbox-next{right:24px;top:calc(50% - 24px)}
.lightbox-close{top:16px;right:16px}
@media (prefers-reduced-motion:no-preference){.lightbox.is-overlay .lightbox-stage{opacity:0}.lightbox.is-content .lightbox-stage,.lightbox.lightbox-fade .lightbox-item{animation:lightbox-fade .6s ease-out both}.lightbox:not(.is-controls) .lightbox-close{opacity:0}.lightbox.is-controls .lightbox-close{animation:lightbox-fade .3s ease-out both}}
@keyframes lightbox-fade{from{opacity:0}}
@media (max-width:${M}px){.lightbox-stage{padding:56px 0 24px}.lightbox-strip{display:flex;width:100%;height:100%;overflow-x:auto;scroll-snap-type:x mandatory;overscroll-behavior:contain;scrollbar-width:none}.lightbox-strip::-webkit-scrollbar{display:none}.lightbox-strip>.lightbox-item{flex:0 0 100%;scroll-snap-align:start;padding:0 12px}.lightbox-image{max-height:calc(100dvh - 170px);cursor:default}.lightbox-control{display:none}.lightbox-close{top:8px;right:8px}}
`;
