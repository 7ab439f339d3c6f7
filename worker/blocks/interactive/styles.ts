// CSS of the interactive, media and commerce blocks, scoped under each block's wrapper class (.block-{name}).
// The stylesheet builder strips newlines and indentation, so every line ends a selector list, a declaration or a rule.
import { BREAKPOINTS } from '../../../shared/limits.ts';

const M = BREAKPOINTS.mobileMax;
const CARD = ':is(.block-restaurant-booking,.block-restaurant-booking-v2,.block-wedding-registry,.block-appointment-scheduling)';
const SUMMARY = ':is(.block-summary,.block-summary-v2)';
const PRICED = ':is(.block-product,.block-summary,.block-summary-v2)';

/**
 * Rules for narrow blocks, written with %C after the block's root class: they apply to roots marked by their span
 * (is-compact or is-narrow, see compactClass) and, on mobile (§9), to every block. Container queries would say this
 * better, but the HTML checker's CSS validator rejects them.
 */
const narrow = (css: string, marker = 'is-compact') =>
  css.replaceAll('%C', `.${marker}`) + `@media (max-width:${M}px){${css.replaceAll('%C', '')}}`;

const shared = `
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
@media (max-width:${M}px){.block :is(.product-add-to-cart,.booking-submit,.newsletter-submit,.search-submit){min-height:calc(2.85 * 16px + 2px)}}
`;

const map = `
.block-map .map-block{position:relative;height:var(--map-height,300px);min-height:240px;border-radius:var(--radius);overflow:hidden;border:1px solid var(--border);--map-land:#ececea;--map-water:#d3d6d8;--map-road:#fff;--map-grid:#e0e0dd;--map-marker:#2b2b2b}
.block-map .map-style-original{--map-land:#efe9dc;--map-water:#aad3f2;--map-road:#fff;--map-grid:#e4dccb;--map-marker:#d93025}
.block-map .map-style-satellite{--map-land:#4b5b40;--map-water:#223d50;--map-road:rgba(255,255,255,.35);--map-grid:#55684a;--map-marker:#f2c94c}
.block-map .map-style-minimallight{--map-land:#f7f7f5;--map-water:#e2e8ed;--map-road:#fff;--map-grid:#efefeb;--map-marker:var(--accent)}
.block-map .map-style-minimaldark{--map-land:#2b2d2f;--map-water:#1c1e20;--map-road:#404346;--map-grid:#323437;--map-marker:#f4f4f4}
.block-map .map-style-minimalblue{--map-land:#dfe8f3;--map-water:#9dbadb;--map-road:#fff;--map-grid:#d2ddeb;--map-marker:#1f4e8c}
.block-map .map-canvas{position:absolute;inset:0;overflow:hidden;background-color:var(--map-land);background-image:radial-gradient(ellipse 34% 46% at 86% 12%,var(--map-water) 0 98%,transparent 100%),linear-gradient(var(--map-grid) 2px,transparent 2px),linear-gradient(90deg,var(--map-grid) 2px,transparent 2px);background-size:100% 100%,44px 44px,44px 44px}
.block-map .map-road{position:absolute;background:var(--map-road);box-shadow:0 0 0 1px var(--map-grid)}
.block-map .map-road-a{left:-10%;right:-10%;top:58%;height:12px;transform:rotate(-4deg)}
.block-map .map-road-b{top:-10%;bottom:-10%;left:38%;width:10px;transform:rotate(8deg)}
.block-map .map-road-c{left:-10%;width:140%;top:30%;height:7px;transform:rotate(24deg);opacity:.85}
.block-map .map-marker{position:absolute;left:50%;top:50%;transform:translate(-50%,-100%);color:var(--map-marker);filter:drop-shadow(0 3px 3px rgba(0,0,0,.35));line-height:0}
.block-map .map-card{position:absolute;left:1rem;bottom:1rem;max-width:min(20rem,calc(100% - 2rem));background:var(--bg);color:var(--text);padding:1rem 1.2rem;border-radius:var(--radius);box-shadow:0 10px 30px -12px rgba(0,0,0,.4);display:flex;flex-direction:column;gap:.35rem}
.block-map .map-card p{margin:0}
.block-map .map-card-title{font-family:var(--heading-font);font-weight:600;font-size:1.1rem;line-height:1.3}
.block-map .map-card-address{font-size:.92rem;color:var(--muted);display:flex;flex-direction:column}
.block-map .map-card-coordinates{font-variant-numeric:tabular-nums}
.block-map .map-card-link{display:inline-flex;align-items:center;gap:.4rem;font-size:.9rem;font-weight:600;margin-top:.25rem}
`;
const mapNarrow = narrow(`
.block-map .map-block%C{height:auto;min-height:0;display:flex;flex-direction:column}
.block-map .map-block%C .map-canvas{position:relative;inset:auto;height:220px}
.block-map .map-block%C .map-card{position:static;max-width:none;box-shadow:none;border-radius:0;border-top:1px solid var(--border)}
`);

const image = `
.block-image .image-block{margin:0;position:relative}
.block-image .image-block-media{display:block;border-radius:var(--radius);overflow:hidden;background:var(--surface)}
.block-image .image-block-img{width:100%;height:auto}
.block-image .image-block-lightbox{cursor:zoom-in}
.block-image a.image-block-media .image-block-img{transition:transform .4s ease}
.block-image a.image-block-media:hover .image-block-img{transform:scale(1.02)}
.block-image .image-block-caption{margin-top:.75rem;font-size:.92rem;color:var(--muted);display:flex;flex-direction:column;gap:.15rem}
.block-image .image-block-caption-title{color:var(--text)}
.block-image .image-block-title{font-size:clamp(1.35rem,2.4vw,1.85rem);margin:0 0 .4em}
.block-image .image-block-title-link{color:inherit;text-decoration:none}
.block-image .image-block-title-link:hover{text-decoration:underline}
.block-image .has-stretched-link .image-block-title-link::after{content:"";position:absolute;inset:0;z-index:1}
.block-image .image-block-description{margin:0;color:var(--muted);white-space:pre-line}
.block-image .image-block-poster{display:grid;border-radius:var(--radius);overflow:hidden;min-height:clamp(280px,38vw,540px);isolation:isolate;background:#1d1f1e}
.block-image .image-block-poster>*{grid-area:1/1}
.block-image .image-block-poster .image-block-media{border-radius:0;height:100%}
.block-image .image-block-poster .image-block-img{height:100%;max-height:min(78vh,680px);object-fit:cover}
.block-image .image-block-poster .image-block-text{align-self:end;padding:clamp(1.25rem,4vw,3rem);color:#fff;background:linear-gradient(to top,rgba(0,0,0,.78),rgba(0,0,0,.45) 70%,rgba(0,0,0,0));text-shadow:0 1px 2px rgba(0,0,0,.45)}
.block-image .image-block-poster .image-block-title{color:#fff}
.block-image .image-block-poster .image-block-description{color:#fff}
.block-image .image-block-card{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:var(--gap);align-items:center}
.block-image .image-block-overlap{display:grid;grid-template-columns:repeat(12,minmax(0,1fr));align-items:center}
.block-image .image-block-overlap .image-block-media{grid-column:1/9;grid-row:1}
.block-image .image-block-overlap .image-block-text{grid-column:7/13;grid-row:1;background:var(--bg);padding:clamp(1.25rem,3vw,2.5rem);border-radius:var(--radius);border:1px solid var(--border);box-shadow:0 24px 48px -28px rgba(0,0,0,.4)}
.block-image .image-block-collage{display:grid;grid-template-columns:repeat(12,minmax(0,1fr));align-items:center}
.block-image .image-block-collage::before{content:"";grid-column:4/13;grid-row:1;align-self:stretch;background:var(--surface);border-radius:var(--radius)}
.block-image .image-block-collage .image-block-media{grid-column:1/8;grid-row:1;margin:clamp(1.25rem,4vw,3rem) 0;box-shadow:0 20px 40px -24px rgba(0,0,0,.45)}
.block-image .image-block-collage .image-block-text{grid-column:8/13;grid-row:1;padding:clamp(1rem,3vw,2.5rem)}
.block-image .image-block-stack{display:flex;flex-direction:column;gap:1.25rem;text-align:center}
.block-image .image-block-stack .image-block-text{max-width:40rem;margin:0 auto}
`;
const imageNarrow =
  narrow(`
.block-image .image-block-card%C{grid-template-columns:1fr}
.block-image .image-block-overlap%C .image-block-media{grid-column:1/-1}
.block-image .image-block-overlap%C .image-block-text{grid-column:1/-1;grid-row:2;margin:-2.5rem 1rem 0}
.block-image .image-block-collage%C::before{grid-column:1/-1;grid-row:1/3}
.block-image .image-block-collage%C .image-block-media{grid-column:1/-1;margin:1rem 1rem 0}
.block-image .image-block-collage%C .image-block-text{grid-column:1/-1;grid-row:2;padding:1rem 1.25rem 1.25rem}
`) +
  narrow(
    `
.block-image .image-block%C .image-block-title{font-size:1.25rem}
.block-image .image-block-poster%C{min-height:240px}
.block-image .image-block%C .image-block-caption{font-size:.88rem}
`,
    'is-narrow',
  );

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

const form = `
.block-form .form-block{max-width:46rem}
.block-form .form-block-missing{color:var(--muted);padding:1rem 1.25rem;border:1px dashed var(--border);border-radius:var(--radius)}
.block-form .form-title{margin:0 0 .35em}
.block-form .form-description{color:var(--muted);white-space:pre-line}
.block-form .form-fields{display:flex;flex-direction:column;gap:1.4rem;margin:1.5rem 0}
.block-form .form-field{margin:0;padding:0;border:0;min-width:0;display:flex;flex-direction:column;gap:.4rem}
.block-form legend.form-label{padding:0;margin-bottom:0;float:left;width:100%}
.block-form legend.form-label+*{clear:both}
.block-form .form-label{font-weight:600;font-size:.95rem}
.block-form .form-field-description{margin:0;color:var(--muted);font-size:.88rem}
.block-form .form-control{width:100%;min-width:0}
.block-form textarea.form-control{resize:vertical;min-height:8.5rem}
.block-form .form-parts{display:flex;flex-wrap:wrap;gap:.75rem}
.block-form .form-part{display:flex;flex-direction:column;gap:.25rem;flex:1 1 11rem;min-width:0}
.block-form .form-part-xs{flex:0 1 4.75rem}
.block-form .form-part-s{flex:0 1 6.5rem}
.block-form .form-part-l{flex:1 1 14rem}
.block-form .form-part-full{flex:1 1 100%}
.block-form .form-part-label{font-weight:400;font-size:.8rem;color:var(--muted)}
.block-form .form-optional{font-style:italic}
.block-form .form-choices{display:flex;flex-direction:column;gap:.55rem}
.block-form .form-choice{display:flex;align-items:center;gap:.6rem}
.block-form .form-choice label,.block-form .form-likert-option label{font-weight:400;font-size:1rem;cursor:pointer}
.block-form input[type=checkbox],.block-form input[type=radio]{width:1.15rem;height:1.15rem;margin:0;padding:0;accent-color:var(--accent);flex:none;cursor:pointer}
.block-form .form-likert{display:flex;flex-direction:column;gap:.85rem}
.block-form .form-likert-question{border:0;margin:0;padding:1rem 1.1rem;background:var(--surface);border-radius:var(--radius);min-width:0}
.block-form .form-likert-statement{padding:0;margin-bottom:.75rem;font-weight:500;float:left;width:100%}
.block-form .form-likert-statement+*{clear:both}
.block-form .form-likert-scale{display:grid;grid-template-columns:repeat(5,minmax(0,1fr));gap:.5rem}
.block-form .form-likert-option{display:flex;flex-direction:column;align-items:center;gap:.4rem;text-align:center}
.block-form .form-likert-option label{font-size:.8rem;line-height:1.25}
.block-form .form-field-error{margin:0;color:#a4161a;font-size:.88rem;font-weight:600}
.block-form .form-message{padding:.75rem 1rem;border-radius:var(--radius);background:#fdecea;color:#8a1c14;font-weight:600;font-size:.95rem}
.block-form .form-actions{display:flex}
.block-form .form-submit{min-width:10rem}
.block-form .form-submission-html{padding:1.5rem;border-radius:var(--radius);background:var(--surface);border:1px solid var(--border)}
.block-form .form-submission-text{margin:0;font-size:1.1rem;white-space:pre-line}
.block-form .form-submission-text+.form-submission-owner-html{margin-top:1rem}
`;
const formNarrow = narrow(`
.block-form .form-block%C .form-likert-scale{grid-template-columns:1fr;gap:.45rem}
.block-form .form-block%C .form-likert-option{flex-direction:row;text-align:left;gap:.6rem}
.block-form .form-block%C .form-likert-option label{font-size:.95rem}
.block-form .form-block%C .form-submit{width:100%}
.block-form .form-block%C .form-part-xs{flex-basis:3.5rem}
.block-form .form-block%C .form-part-s{flex-basis:4.5rem}
`);

const priced = `
${PRICED} .product-price{margin:0;font-weight:600;display:flex;flex-wrap:wrap;align-items:baseline;gap:.2rem .6rem}
${PRICED} .original-price{color:var(--muted);font-weight:400}
${PRICED} .product-sold-out{font-size:.72rem;letter-spacing:.06em;text-transform:uppercase;background:var(--text);color:var(--bg);padding:.25em .65em;border-radius:99px;font-weight:600;align-self:center}
`;

const summary = `
${SUMMARY} .summary-header{display:flex;align-items:flex-end;justify-content:space-between;gap:1rem;margin-bottom:1.25rem}
${SUMMARY} .summary-heading{margin:0;font-size:clamp(1.4rem,2.4vw,1.75rem)}
${SUMMARY} .summary-items{list-style:none;margin:0;padding:0}
${SUMMARY} .summary-card{display:flex;flex-direction:column;gap:.9rem;height:100%}
${SUMMARY} .summary-thumbnail{display:block;overflow:hidden;border-radius:var(--radius);background:var(--surface);aspect-ratio:3/2}
${SUMMARY} .summary-products .summary-thumbnail{aspect-ratio:1}
${SUMMARY} .summary-thumbnail img{width:100%;height:100%;object-fit:cover;transition:transform .45s ease}
${SUMMARY} .summary-card:hover .summary-thumbnail img{transform:scale(1.03)}
${SUMMARY} .summary-content{display:flex;flex-direction:column;gap:.35rem;min-width:0}
${SUMMARY} .summary-meta{margin:0;color:var(--muted);font-size:.8rem;letter-spacing:.05em;text-transform:uppercase;display:flex;flex-wrap:wrap;gap:.25rem .75rem}
${SUMMARY} .summary-title{font-size:1.2rem;margin:0;line-height:1.3}
${SUMMARY} .summary-title a{color:var(--text);text-decoration:none}
${SUMMARY} .summary-title a:hover{color:var(--accent);text-decoration:underline}
${SUMMARY} .summary-excerpt{margin:0;color:var(--muted);font-size:.95rem;display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden}
${SUMMARY} .summary-design-grid .summary-items{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,240px),1fr));gap:2.25rem var(--gap)}
${SUMMARY} .summary-design-wall .summary-items{columns:3 220px;column-gap:var(--gap)}
${SUMMARY} .summary-design-wall .summary-item{break-inside:avoid;margin-bottom:2rem}
${SUMMARY} .summary-design-wall .summary-thumbnail{aspect-ratio:auto}
${SUMMARY} .summary-design-wall .summary-thumbnail img{height:auto}
${SUMMARY} .summary-design-list .summary-items{display:flex;flex-direction:column;gap:2rem}
${SUMMARY} .summary-design-list .has-thumbnail .summary-card{display:grid;grid-template-columns:minmax(0,2fr) minmax(0,3fr);gap:var(--gap);align-items:center}
${SUMMARY} .summary-design-list .summary-title{font-size:1.45rem}
${SUMMARY} .summary-track{position:relative;display:flex;gap:var(--gap);overflow-x:auto;scroll-snap-type:x mandatory;scroll-behavior:smooth;overscroll-behavior-x:contain;scrollbar-width:none;padding-bottom:4px}
${SUMMARY} .summary-track::-webkit-scrollbar{display:none}
${SUMMARY} .summary-track .summary-item{flex:0 0 calc((100% - 2 * var(--gap)) / 3);scroll-snap-align:start;min-width:0}
${SUMMARY} .summary-controls{display:flex;gap:.5rem;margin-left:auto}
${SUMMARY} .summary-control{width:40px;height:40px;padding:0;border-radius:50%;border:1px solid var(--border);background:var(--bg);color:var(--text);display:grid;place-items:center;cursor:pointer;transition:border-color .2s}
${SUMMARY} .summary-control:hover{border-color:var(--text)}
${SUMMARY} .summary-control:disabled{opacity:.4;cursor:default}
`;
const summaryNarrow =
  narrow(`
${SUMMARY} .summary-block%C .summary-track .summary-item{flex-basis:calc((100% - var(--gap)) / 2)}
${SUMMARY} .summary-design-list%C .has-thumbnail .summary-card{grid-template-columns:1fr}
`) + `@media (max-width:${M}px){${SUMMARY} .summary-block .summary-track .summary-item{flex-basis:82%}}`;

const product = `
.block-product .product-block{display:grid;gap:var(--gap)}
.block-product .product-block-wide{grid-template-columns:minmax(0,1fr) minmax(0,1fr);align-items:start}
.block-product .product-image-main{display:block;border-radius:var(--radius);overflow:hidden;background:var(--surface);aspect-ratio:1}
.block-product .product-image-main img{width:100%;height:100%;object-fit:cover}
.block-product .is-sold-out .product-image-main img{filter:grayscale(.5);opacity:.85}
.block-product .product-thumbs{list-style:none;padding:0;margin:.6rem 0 0;display:flex;gap:.5rem;flex-wrap:wrap}
.block-product .product-thumbs li{width:64px;aspect-ratio:1;border-radius:calc(var(--radius) / 2);overflow:hidden;background:var(--surface)}
.block-product .product-thumbs img{width:100%;height:100%;object-fit:cover}
.block-product .product-details{display:flex;flex-direction:column;gap:.8rem;min-width:0}
.block-product .product-title{margin:0;font-size:clamp(1.3rem,2vw,1.6rem);line-height:1.25;text-wrap:pretty}
.block-product .product-block-wide .product-title{font-size:clamp(1.5rem,2.6vw,2.05rem)}
.block-product .product-title a{color:var(--text);text-decoration:none}
.block-product .product-title a:hover{text-decoration:underline}
.block-product .product-price{font-size:1.2rem}
.block-product .product-note{margin:0;color:var(--muted);font-size:.92rem}
.block-product .product-excerpt{margin:0}
.block-product .product-purchase{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-end;margin-top:.4rem;padding-top:1.1rem;border-top:1px solid var(--border)}
.block-product .product-field{display:flex;flex-direction:column;gap:.35rem;flex:1 1 12rem;min-width:0}
.block-product .product-field-quantity{flex:0 0 6rem}
.block-product .product-control{width:100%}
.block-product .product-field:not(.product-field-quantity){flex-basis:100%}
.block-product .product-add-to-cart{flex:1 1 10rem}
@media (max-width:${M}px){.block-product .product-block-wide{grid-template-columns:1fr}}
`;

const video = `
.block-video .video-block{margin:0}
.block-video .video-frame{position:relative;padding-top:56.3%;border-radius:var(--radius);overflow:hidden;background:#121416}
.block-video .video-overlay{position:absolute;inset:0;display:grid;place-items:center}
.block-video .video-poster{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.block-video .video-poster-neutral{background:radial-gradient(circle at 28% 22%,#454b52,#16181b 72%);display:flex;align-items:flex-end;padding:1.25rem 1.5rem}
.block-video .video-poster-title{color:#fff;font-family:var(--heading-font);font-size:clamp(1rem,2.4vw,1.5rem);line-height:1.25;max-width:75%}
.block-video .video-play{position:relative;width:76px;height:76px;border-radius:50%;border:2px solid rgba(255,255,255,.85);padding:0;background:rgba(0,0,0,.6);color:#fff;display:grid;place-items:center;cursor:pointer;transition:transform .2s ease,background .2s ease}
.block-video .video-play:hover{background:var(--accent);color:var(--accent-contrast);transform:scale(1.06)}
.block-video .video-play .icon{margin-left:4px}
.block-video .video-provider{position:absolute;top:.85rem;right:.85rem;font-size:.72rem;font-weight:600;letter-spacing:.08em;text-transform:uppercase;color:#fff;background:rgba(0,0,0,.6);padding:.3em .75em;border-radius:99px}
.block-video .video-caption{display:flex;flex-wrap:wrap;align-items:baseline;gap:.25rem 1rem;margin-top:.7rem;font-size:.92rem}
.block-video .video-title{font-weight:600}
.block-video .video-source-link{margin-left:auto;font-size:.85rem}
.block-video .video-description{flex-basis:100%;order:3;color:var(--muted)}
.block-video .video-invalid{padding:2rem 1.5rem;border:1px dashed var(--border);border-radius:var(--radius);text-align:center;background:var(--surface)}
.block-video .video-invalid-text{margin:0;color:var(--muted)}
@media (max-width:${M}px){.block-video .video-play{width:60px;height:60px}}
`;

const embed = `
.block-embed .embed-block{position:relative}
.block-embed .embed-block[data-provider-name]:not(.embed-type-invalid)::before{content:"Loading " attr(data-provider-name) "…";content:"Loading " attr(data-provider-name) "…" / "";position:absolute;inset:0;display:grid;place-items:center;color:var(--muted);font-size:.85rem;letter-spacing:.04em;pointer-events:none}
.block-embed .embed-frame{position:relative;border-radius:var(--radius);overflow:hidden;background:color-mix(in srgb,var(--surface) 60%,transparent);border:1px solid var(--border)}
.block-embed .embed-frame iframe{position:relative;display:block;width:100%;border:0}
.block-embed .embed-frame iframe:not([height]){aspect-ratio:16/9;height:auto}
.block-embed .embed-invalid{padding:1.5rem;border:1px dashed var(--border);border-radius:var(--radius);text-align:center;background:var(--surface)}
.block-embed .embed-invalid-text{margin:0 0 .35rem;color:var(--muted)}
`;

const calendar = `
.block-calendar .calendar-header{display:flex;align-items:baseline;justify-content:space-between;flex-wrap:wrap;gap:.25rem 1rem;margin-bottom:1rem}
.block-calendar .calendar-month{margin:0}
.block-calendar .calendar-collection{margin:0;color:var(--muted);font-size:.9rem}
.block-calendar .calendar-grid{width:100%;border-collapse:collapse;table-layout:fixed}
.block-calendar .calendar-grid th{font-size:.75rem;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);font-weight:600;padding:.5rem .4rem;text-align:left;border-bottom:1px solid var(--border)}
.block-calendar .calendar-day{vertical-align:top;height:6.5rem;padding:.35rem;border:1px solid var(--border);overflow:hidden}
.block-calendar .calendar-day.is-outside{background:var(--surface)}
.block-calendar .calendar-day-number{display:inline-grid;place-items:center;width:1.8rem;height:1.8rem;font-size:.85rem;border-radius:50%}
.block-calendar .is-today .calendar-day-number{background:var(--accent);color:var(--accent-contrast);font-weight:700}
.block-calendar .calendar-day-events{list-style:none;margin:.2rem 0 0;padding:0;display:flex;flex-direction:column;gap:.4rem}
.block-calendar .calendar-event{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;font-size:.76rem;line-height:1.3;padding:.2rem .4rem 0;border-radius:3px;background:color-mix(in srgb,var(--accent) 12%,var(--bg));box-shadow:0 .2rem 0 color-mix(in srgb,var(--accent) 12%,var(--bg));color:var(--text);text-decoration:none;overflow:hidden;overflow-wrap:anywhere;border-left:3px solid var(--accent)}
.block-calendar .calendar-event:hover{background:color-mix(in srgb,var(--accent) 22%,var(--bg));box-shadow:0 .2rem 0 color-mix(in srgb,var(--accent) 22%,var(--bg))}
.block-calendar .calendar-event-time{font-weight:600}
.block-calendar .calendar-agenda{display:none;list-style:none;padding:0;margin:0;border-top:1px solid var(--border)}
.block-calendar .calendar-agenda-item{display:grid;grid-template-columns:5.5rem minmax(0,1fr);gap:1rem;padding:.9rem 0;border-bottom:1px solid var(--border)}
.block-calendar .calendar-agenda-date{font-weight:700;font-size:.8rem;text-transform:uppercase;letter-spacing:.04em;color:var(--accent);padding-top:.15rem}
.block-calendar .calendar-agenda-body{display:flex;flex-direction:column;gap:.15rem;min-width:0}
.block-calendar .calendar-agenda-title{font-weight:600;color:var(--text);text-decoration:none}
.block-calendar .calendar-agenda-title:hover{text-decoration:underline}
.block-calendar .calendar-agenda-time,.block-calendar .calendar-agenda-location{font-size:.88rem;color:var(--muted)}
`;
const calendarNarrow = narrow(`
.block-calendar .has-agenda%C .calendar-grid{display:none}
.block-calendar .has-agenda%C .calendar-agenda{display:block}
.block-calendar .calendar-block%C .calendar-day{height:3.25rem;padding:.2rem}
.block-calendar .calendar-block%C .calendar-grid th{padding:.4rem .2rem;font-size:.68rem}
`);

const search = `
.block-search .search-block{display:flex;gap:.5rem;max-width:40rem}
.block-search .search-field{position:relative;flex:1;min-width:0;display:block}
.block-search .search-icon{position:absolute;left:.8rem;top:50%;transform:translateY(-50%);color:var(--muted);pointer-events:none}
.block-search .search-input{width:100%;padding-left:2.5rem}
@media (max-width:${M}px){.block-search .search-submit{padding-left:1em;padding-right:1em}}
`;

const audio = `
.block-audio .audio-block{margin:0;padding:1rem 1.25rem;border:1px solid var(--border);border-radius:var(--radius);background:var(--surface);display:flex;flex-direction:column;gap:.85rem}
.block-audio .audio-header{display:flex;align-items:center;gap:.85rem}
:is(.block-audio,.block-audio-streaming) .audio-icon{width:44px;height:44px;border-radius:50%;display:grid;place-items:center;background:var(--accent);color:var(--accent-contrast);flex:none}
.block-audio .audio-text{display:flex;flex-direction:column;min-width:0;flex:1}
.block-audio .audio-title{font-weight:600}
.block-audio .audio-author{color:var(--muted);font-size:.9rem}
.block-audio .audio-duration{color:var(--muted);font-size:.85rem;font-variant-numeric:tabular-nums}
.block-audio .audio-player{width:100%;display:block}
.block-audio-streaming .audio-streaming-block{display:flex;align-items:center;flex-wrap:wrap;gap:1rem;padding:1.1rem 1.25rem;border:1px solid var(--border);border-radius:var(--radius);background:var(--surface)}
.block-audio-streaming .audio-streaming-icon{width:52px;height:52px}
.block-audio-streaming .audio-streaming-text{flex:1 1 12rem;min-width:0}
.block-audio-streaming .audio-streaming-provider{margin:0;font-size:.75rem;font-weight:600;letter-spacing:.08em;text-transform:uppercase;color:var(--muted)}
.block-audio-streaming .audio-streaming-title{margin:0;font-weight:600;font-size:1.1rem}
.block-album .album-block{display:grid;grid-template-columns:minmax(0,2fr) minmax(0,3fr);gap:var(--gap);align-items:start}
.block-album .album-cover img{width:100%;aspect-ratio:1;object-fit:cover;border-radius:var(--radius);box-shadow:0 18px 40px -22px rgba(0,0,0,.45)}
.block-album .album-header{margin-bottom:1rem}
.block-album .album-title{margin:0 0 .15em}
.block-album .album-artist{margin:0;font-size:1.1rem}
.block-album .album-summary{margin:.3rem 0 0;color:var(--muted);font-size:.88rem}
.block-album .album-tracks{list-style:none;margin:0 0 1rem;padding:0;border-top:1px solid var(--border)}
.block-album .album-track{display:grid;grid-template-columns:1.75rem minmax(0,1fr) auto;gap:.75rem;align-items:center;padding:.6rem .25rem;border-bottom:1px solid var(--border)}
.block-album .album-track-number{color:var(--muted);font-variant-numeric:tabular-nums;text-align:right;font-size:.88rem}
.block-album .album-track-title{color:var(--text);text-decoration:none}
.block-album .album-track-title:hover{color:var(--accent);text-decoration:underline}
.block-album .album-track.is-current .album-track-title{color:var(--accent);font-weight:600}
.block-album .album-track-duration{color:var(--muted);font-size:.88rem;font-variant-numeric:tabular-nums}
.block-album .album-player{width:100%;display:block}
`;
const albumNarrow = narrow(`
.block-album .album-block%C{grid-template-columns:1fr}
.block-album .album-block%C .album-cover{max-width:320px}
`);

const tourDates = `
.block-tour-dates .tour-dates-header{margin-bottom:1.25rem}
.block-tour-dates .tour-dates-title{margin:0}
.block-tour-dates .tour-dates-subtitle{margin:.2rem 0 0;color:var(--muted);text-transform:uppercase;letter-spacing:.1em;font-size:.8rem;font-weight:600}
.block-tour-dates .tour-dates-empty{color:var(--muted)}
.block-tour-dates .tour-dates-list{list-style:none;margin:0;padding:0;border-top:1px solid var(--border)}
.block-tour-dates .tour-date{display:grid;grid-template-columns:4.75rem minmax(0,1fr) auto;gap:1.25rem;align-items:center;padding:1rem 0;border-bottom:1px solid var(--border)}
.block-tour-dates .tour-date-when{display:flex;flex-direction:column;align-items:center;line-height:1.15;padding:.5rem .25rem;border-radius:var(--radius);background:var(--surface)}
.block-tour-dates .tour-date-month{text-transform:uppercase;font-size:.72rem;letter-spacing:.1em;font-weight:700;color:var(--accent)}
.block-tour-dates .tour-date-day{font-family:var(--heading-font);font-size:1.65rem;font-weight:600}
.block-tour-dates .tour-date-weekday{font-size:.7rem;color:var(--muted);white-space:nowrap}
.block-tour-dates .tour-date-where{display:flex;flex-direction:column;min-width:0}
.block-tour-dates .tour-date-venue{font-weight:600;font-size:1.05rem}
.block-tour-dates .tour-date-city{color:var(--muted);font-size:.92rem}
`;
const tourDatesNarrow = narrow(`
.block-tour-dates .tour-dates-block%C .tour-date{grid-template-columns:4.25rem minmax(0,1fr);gap:.5rem 1rem}
.block-tour-dates .tour-dates-block%C .tour-date-tickets{grid-column:2;justify-self:start}
`);

const newsletter = `
.block-newsletter .newsletter-inner{padding:clamp(1.5rem,4vw,2.75rem);background:var(--surface);border:1px solid var(--border);border-radius:var(--radius);text-align:center}
.block-newsletter .newsletter-title{margin:0 0 .4em}
.block-newsletter .newsletter-description{color:var(--muted);max-width:36rem;margin:0 auto 1.25rem;white-space:pre-line}
.block-newsletter .newsletter-form{max-width:36rem;margin:0 auto}
.block-newsletter .newsletter-fields{display:flex;flex-wrap:wrap;gap:.6rem}
.block-newsletter .newsletter-field{flex:1 1 14rem;min-width:0}
.block-newsletter .newsletter-field-name{flex:1 1 calc(50% - .3rem)}
.block-newsletter .newsletter-input{width:100%}
.block-newsletter .newsletter-submit{flex:0 0 auto}
.block-newsletter .newsletter-message{margin:.75rem 0 0;color:#8a1c14;font-weight:600}
.block-newsletter .newsletter-disclaimer{margin:.9rem 0 0;font-size:.8rem;color:var(--muted)}
.block-newsletter .newsletter-submitted p{margin:0;font-weight:600;font-size:1.1rem}
@media (max-width:${M}px){.block-newsletter .newsletter-submit{flex:1 1 100%}}
.block-newsletter .is-small .newsletter-inner{padding:1.25rem 1rem}
.block-newsletter .is-small .newsletter-fields{flex-direction:column}
.block-newsletter .is-small .newsletter-field{flex:none}
.block-newsletter .is-small .newsletter-submit{width:100%}
`;

const donation = `
.block-donation .donation-block{padding:clamp(1.5rem,4vw,2.75rem);border:1px solid var(--border);border-radius:var(--radius);background:var(--surface);text-align:center}
.block-donation .donation-title{margin:0 0 .4em}
.block-donation .donation-description{color:var(--muted);max-width:38rem;margin:0 auto 1.25rem;white-space:pre-line}
.block-donation .donation-amounts{list-style:none;margin:0 0 1.5rem;padding:0;display:flex;flex-wrap:wrap;justify-content:center;gap:.5rem}
.block-donation .donation-amount{padding:.45em 1.1em;border:1px solid var(--border);border-radius:99px;background:var(--bg);font-weight:600;font-variant-numeric:tabular-nums}
@media (max-width:${M}px){.block-donation .donation-button{display:block}}
`;

const button = `
.block-button .button-block{display:flex}
.block-button .button-align-left{justify-content:flex-start}
.block-button .button-align-center{justify-content:center}
.block-button .button-align-right{justify-content:flex-end}
.block-button .button-block-link{max-width:100%;text-align:center}
@media (max-width:${M}px){.block-button .button-size-large{padding:.9em 1.6em}.row-columns .block-button .button-align-right{justify-content:flex-start}}
`;

const chart = `
.block-chart .chart-block{margin:0}
.block-chart .chart-title{font-size:1.35rem;margin:0 0 .75rem}
.block-chart .chart-svg{display:block;width:100%;height:auto;max-height:420px}
.block-chart .chart-pie .chart-svg{max-width:340px;margin:0 auto}
.block-chart .chart-gridline{stroke:var(--border);stroke-width:1}
.block-chart .chart-baseline{stroke:var(--muted)}
.block-chart .chart-axis-text{fill:var(--muted);font-size:13px;font-family:var(--body-font)}
.block-chart .chart-axis-title{fill:var(--muted);font-size:12px;font-family:var(--body-font)}
.block-chart .chart-fill{fill:var(--c)}
.block-chart .chart-stroke{stroke:var(--c)}
.block-chart .chart-point{stroke:var(--bg);stroke-width:2}
.block-chart .chart-slice{stroke:var(--bg);stroke-width:2}
.block-chart .chart-empty{fill:var(--surface);stroke:var(--border)}
.block-chart .chart-c0{--c:var(--accent)}
.block-chart .chart-c1{--c:#d9773a}
.block-chart .chart-c2{--c:#4a7fc1}
.block-chart .chart-c3{--c:#c9a227}
.block-chart .chart-c4{--c:#8a5cb0}
.block-chart .chart-c5{--c:#2f9c91}
.block-chart .chart-c6{--c:#cf5479}
.block-chart .chart-c7{--c:#6b7280}
.block-chart .chart-legend{list-style:none;margin:1rem 0 0;padding:0;display:flex;flex-wrap:wrap;justify-content:center;gap:.4rem 1.25rem;font-size:.88rem}
.block-chart .chart-legend li{display:flex;align-items:center;gap:.45rem}
@media (max-width:${M}px){.block-chart .chart-axis-text{font-size:16px}.block-chart .chart-axis-title{font-size:15px}}
.block-chart .chart-swatch{width:.85rem;height:.85rem;border-radius:3px;background:var(--c)}
`;

const cards = `
${CARD} :is(.booking-block,.registry-block,.appointments-block){padding:clamp(1.25rem,3.5vw,2.25rem);border:1px solid var(--border);border-radius:var(--radius);background:var(--surface)}
${CARD} :is(.booking-eyebrow,.registry-eyebrow,.appointments-eyebrow){margin:0 0 .3rem;font-size:.75rem;letter-spacing:.1em;text-transform:uppercase;color:var(--muted);font-weight:600}
${CARD} :is(.booking-title,.registry-title,.appointments-title){margin:0 0 1.1rem;font-size:clamp(1.35rem,2.4vw,1.75rem);text-wrap:pretty}
${CARD} .booking-fields{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,9.5rem),1fr));gap:.85rem;align-items:end}
${CARD} .booking-field{display:flex;flex-direction:column;gap:.35rem;min-width:0}
${CARD} .booking-control{width:100%;min-width:0;height:calc(2.85em + 2px)}
${CARD} .booking-submit{width:100%}
${CARD} .registry-list{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,15rem),1fr));gap:.75rem}
${CARD} .registry-link{display:flex;align-items:center;gap:.75rem;padding:1rem 1.1rem;border:1px solid var(--border);border-radius:var(--radius);background:var(--bg);color:var(--text);text-decoration:none;transition:border-color .2s,box-shadow .2s}
${CARD} .registry-link:hover{border-color:var(--accent);box-shadow:0 6px 18px -12px rgba(0,0,0,.35)}
${CARD} .registry-text{display:flex;flex-direction:column;flex:1;min-width:0}
${CARD} .registry-name{font-weight:600}
${CARD} .registry-host{color:var(--muted);font-size:.82rem}
${CARD} .registry-link .icon{color:var(--accent)}
${CARD} .appointments-list{list-style:none;margin:0 0 1.25rem;padding:0;border-top:1px solid var(--border)}
${CARD} .appointment-type{display:flex;align-items:baseline;justify-content:space-between;flex-wrap:wrap;gap:.25rem 1rem;padding:.8rem 0;border-bottom:1px solid var(--border)}
${CARD} .appointment-name{font-weight:600}
${CARD} .appointment-meta{display:flex;gap:1rem;color:var(--muted);font-size:.92rem}
${CARD} .appointment-price{color:var(--text);font-weight:600}
`;

export const interactiveBlockStyles = [
  shared,
  map,
  mapNarrow,
  image,
  imageNarrow,
  gallery,
  galleryNarrow,
  form,
  formNarrow,
  priced,
  summary,
  summaryNarrow,
  product,
  video,
  embed,
  calendar,
  calendarNarrow,
  search,
  audio,
  albumNarrow,
  tourDates,
  tourDatesNarrow,
  newsletter,
  donation,
  button,
  chart,
  cards,
].join('');
