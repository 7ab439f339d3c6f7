// The gallery block's CSS: the eight designs, the scroll-snapping track and its controls, thumbnails, narrow galleries.
import { narrow } from '../parts/styles.ts';

const gallery = `
.block-gallery .gallery{position:relative}
.block-gallery .gallery-slides{list-style:none;margin:0;padding:0}
.block-gallery .gallery-slide{margin:0;min-width:0}
.block-gallery .gallery-slide-figure{margin:0;position:relative;height:100%}
.block-gallery .gallery-slide-media{display:block;overflow:hidden;background:var(--surface);aspect-ratio:var(--gallery-aspect)}
.block-gallery .gallery-slide-img{width:100%;height:100%}
.block-gallery .gallery-crop .gallery-slide-img{object-fit:cover}
.block-gallery .gallery-fit .gallery-slide-img{object-fit:contain}
.block-gallery a.gallery-slide-media .gallery-slide-img{transition:transform .35s ease,opacity .35s ease}
.block-gallery a.gallery-slide-media:hover .gallery-slide-img{transform:scale(1.03)}
.block-gallery .gallery-lightbox-link{cursor:zoom-in}
.block-gallery .gallery-slide-play{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%);width:56px;height:56px;border-radius:50%;display:grid;place-items:center;background:rgba(0,0,0,.6);color:#fff;pointer-events:none}
.block-gallery .gallery-slide-meta{display:flex;flex-direction:column;gap:.15rem;font-size:.92rem}
.block-gallery .gallery-slide-title{font-weight:600}
.block-gallery .gallery-slide-meta.is-capped{overflow-y:auto;overscroll-behavior:contain}
.block-gallery .gallery-slide-excerpt{color:var(--muted);display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.block-gallery .gallery-design-grid .gallery-slides{display:grid;grid-template-columns:repeat(var(--gallery-per-row),minmax(0,1fr));gap:var(--gallery-gutter)}
.block-gallery .gallery-design-autogrid .gallery-slides{display:grid;grid-template-columns:repeat(auto-fill,minmax(var(--gallery-column-min),1fr));gap:var(--gallery-gutter)}
.block-gallery .gallery-design-autocolumns .gallery-slides{column-width:var(--gallery-column-width);column-gap:var(--gallery-gutter)}
.block-gallery .gallery-design-autocolumns .gallery-slide{break-inside:avoid;margin-bottom:var(--gallery-gutter)}
.block-gallery .gallery-design-list .gallery-slides{display:flex;flex-direction:column;gap:clamp(1.5rem,4vw,3rem)}
.block-gallery .gallery-design-list .gallery-slide-figure{display:grid;grid-template-columns:var(--gallery-list-image) minmax(0,1fr);gap:var(--gap);align-items:center}
.block-gallery .gallery-design-list .gallery-slide-media{border-radius:var(--radius)}
.block-gallery .gallery-design-list .gallery-slide-title{font-family:var(--heading-font);font-size:1.35rem}
.block-gallery .gallery-design-list .gallery-slide-excerpt{-webkit-line-clamp:6;font-size:1rem}
.block-gallery .gallery-stage{position:relative}
.block-gallery .gallery-track{position:relative;display:flex;gap:var(--gallery-gutter);overflow-x:auto;scroll-snap-type:x mandatory;scroll-behavior:smooth;overscroll-behavior-x:contain;scrollbar-width:none}
.block-gallery .gallery-track::-webkit-scrollbar{display:none}
.block-gallery .gallery-track .gallery-slide{flex:0 0 100%;scroll-snap-align:center}
.block-gallery .gallery-design-slideshow .gallery-slide-media,.block-gallery .gallery-design-stacked .gallery-slide-media{border-radius:var(--radius)}
.block-gallery .gallery-design-slideshow .gallery-slide-meta,.block-gallery .gallery-design-stacked .gallery-slide-meta{position:absolute;left:0;right:0;bottom:0;padding:2.5rem 1.25rem 1rem;color:#fff;background:linear-gradient(to top,rgba(0,0,0,.72),rgba(0,0,0,0));border-radius:0 0 var(--radius) var(--radius);text-shadow:0 1px 2px rgba(0,0,0,.4)}
.block-gallery :is(.gallery-design-slideshow,.gallery-design-stacked) .gallery-slide-excerpt{color:#fff}
.block-gallery :is(.gallery-meta-top,.gallery-meta-top-left,.gallery-meta-top-right):is(.gallery-design-slideshow,.gallery-design-stacked) .gallery-slide-meta{top:0;bottom:auto;padding:1rem 1.25rem 2.5rem;background:linear-gradient(to bottom,rgba(0,0,0,.72),rgba(0,0,0,0));border-radius:var(--radius) var(--radius) 0 0}
.block-gallery :is(.gallery-meta-top,.gallery-meta-bottom,.gallery-meta-center):is(.gallery-design-slideshow,.gallery-design-stacked) .gallery-slide-meta{text-align:center;align-items:center}
.block-gallery :is(.gallery-meta-top-right,.gallery-meta-bottom-right):is(.gallery-design-slideshow,.gallery-design-stacked) .gallery-slide-meta{text-align:right;align-items:flex-end}
.block-gallery .gallery-meta-center:is(.gallery-design-slideshow,.gallery-design-stacked) .gallery-slide-meta{top:50%;bottom:auto;transform:translateY(-50%);background:rgba(0,0,0,.55);padding:1rem 1.25rem;border-radius:0}
.block-gallery .gallery-design-carousel .gallery-track .gallery-slide{flex-basis:calc((100% - (var(--gallery-per-row) - 1) * var(--gallery-gutter)) / var(--gallery-per-row));scroll-snap-align:start}
.block-gallery .gallery-design-carousel .gallery-slide-media{border-radius:calc(var(--radius) / 2)}
.block-gallery .gallery-design-carousel .gallery-slide-meta{padding-top:.6rem}
@media (max-width:723px){.block-gallery .gallery-design-carousel .gallery-track .gallery-slide{flex-basis:calc((100% - (var(--gallery-per-row-md) - 1) * var(--gallery-gutter)) / var(--gallery-per-row-md))}}
@media (max-width:479px){.block-gallery .gallery-design-carousel .gallery-track .gallery-slide{flex-basis:calc((100% - (var(--gallery-per-row-sm) - 1) * var(--gallery-gutter)) / var(--gallery-per-row-sm))}}
.block-gallery .gallery-design-slider .gallery-track .gallery-slide{flex:0 0 auto;height:min(var(--gallery-strip-height),70vw);max-width:100%}
.block-gallery .gallery-design-slider .gallery-slide-media{height:100%;aspect-ratio:auto}
.block-gallery .gallery-design-slider .gallery-slide-img{width:auto;height:100%;object-fit:cover}
.block-gallery .gallery-design-slider .gallery-slide-meta{display:none}
.block-gallery .gallery-controls{position:absolute;inset:0;display:flex;justify-content:space-between;align-items:center;padding:0 .75rem;pointer-events:none}
.block-gallery .gallery-design-carousel .gallery-controls{bottom:3rem}
.block-gallery .gallery-control{pointer-events:auto;width:44px;height:44px;border-radius:50%;border:0;padding:0;background:rgba(255,255,255,.92);color:#1f2421;display:grid;place-items:center;cursor:pointer;box-shadow:0 2px 12px rgba(0,0,0,.22);transition:transform .2s ease}
.block-gallery .gallery-control:hover{transform:scale(1.06)}
.block-gallery .gallery-control:disabled{opacity:.35;cursor:default;transform:none}
.block-gallery .gallery-thumbnails{position:relative;list-style:none;margin:.75rem 0 0;padding:0;display:flex;gap:6px}
.block-gallery .gallery-thumbnails-images{overflow-x:auto;scrollbar-width:thin}
.block-gallery .gallery-thumbnails-images li{flex:0 0 calc((100% - (var(--gallery-thumbs-per-row) - 1) * 6px) / var(--gallery-thumbs-per-row));min-width:56px}
.block-gallery .gallery-thumbnails-images .gallery-thumbnail{display:block;aspect-ratio:3/2;overflow:hidden;border-radius:calc(var(--radius) / 2);opacity:.6;transition:opacity .2s}
.block-gallery .gallery-square-thumbs .gallery-thumbnails-images .gallery-thumbnail{aspect-ratio:1}
.block-gallery .gallery-thumbnails-images .gallery-thumbnail:hover,.block-gallery .gallery-thumbnails-images .gallery-thumbnail[aria-current=true]{opacity:1}
.block-gallery .gallery-thumbnail-img{width:100%;height:100%;object-fit:cover}
.block-gallery .gallery-thumbnails-dots{justify-content:center;flex-wrap:wrap;gap:2px}
.block-gallery .gallery-thumbnails-dots .gallery-thumbnail{display:grid;place-items:center;width:24px;height:24px}
.block-gallery .gallery-thumbnails-dots .gallery-thumbnail::before{content:"";width:9px;height:9px;border-radius:50%;background:color-mix(in srgb,var(--text) 30%,var(--bg));transition:background .2s,transform .2s}
.block-gallery .gallery-thumbnails-dots .gallery-thumbnail[aria-current=true]::before{background:var(--text);transform:scale(1.2)}
`;
const galleryNarrow = narrow(`
.block-gallery .gallery-design-grid%C .gallery-slides{grid-template-columns:repeat(2,minmax(0,1fr))}
.block-gallery .gallery-design-list%C .gallery-slide-figure{grid-template-columns:1fr}
.block-gallery .gallery%C .gallery-control{width:38px;height:38px}
.block-gallery .gallery%C:is(.gallery-design-slideshow,.gallery-design-stacked) .gallery-slide-meta{position:static;transform:none;padding:.65rem 0 0;background:none;color:var(--text);text-shadow:none;text-align:left;align-items:flex-start}
.block-gallery .gallery%C:is(.gallery-design-slideshow,.gallery-design-stacked) .gallery-slide-excerpt{color:var(--muted)}
`);

/**
 * Once the island runs (.is-live): the tracks move by script (swipes, keys, controls) instead of free scrolling, a
 * slideshow fades between slides stacked in one cell, and the controls that only script can work appear.
 */
const galleryLive = `
.block-gallery site-island:not([data-island-state=hydrated]) :is(.gallery-controls,.gallery-pause){display:none}
.block-gallery .gallery.is-live .gallery-track{overflow-x:hidden;scroll-snap-type:none;scroll-behavior:auto;touch-action:pan-y}
.block-gallery .gallery.is-live.gallery-transition-fade .gallery-track{display:grid;overflow:hidden}
.block-gallery .gallery.is-live.gallery-transition-fade .gallery-track>.gallery-slide{grid-area:1/1;opacity:0;visibility:hidden;transition:opacity var(--gallery-transition,.4s) ease,visibility 0s linear var(--gallery-transition,.4s)}
.block-gallery .gallery.is-live.gallery-transition-fade .gallery-track>.gallery-slide.is-active{opacity:1;visibility:visible;transition:opacity var(--gallery-transition,.4s) ease}
.block-gallery .gallery.is-live.gallery-design-slideshow .gallery-slide-media{cursor:pointer}
.block-gallery .gallery.is-live .gallery-lightbox-link{cursor:zoom-in}
.block-gallery .gallery-slide-video{position:relative}
.block-gallery .gallery-slide-video iframe,.block-gallery .gallery-slide-video object{position:absolute;inset:0;width:100%;height:100%;border:0}
.block-gallery a.gallery-slide-media:has(.gallery-slide-play){position:relative}
.block-gallery .gallery-pause{position:absolute;top:.75rem;right:.75rem;z-index:1;border:0;border-radius:99px;padding:.35em .9em;background:rgba(255,255,255,.92);color:#1f2421;font:600 .78rem/1.2 var(--body-font);cursor:pointer;box-shadow:0 2px 10px rgba(0,0,0,.2)}
@media (prefers-reduced-motion:reduce){.block-gallery .gallery.is-live .gallery-track>.gallery-slide{transition:none!important}}
`;

export const styles = gallery + galleryNarrow + galleryLive;
