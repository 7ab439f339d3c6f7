// The image block's CSS: its six layouts, captions and stretched title links, and their narrow forms.
import { pinStyles } from '../../../shared/ui/pin-it.tsx';
import { narrow } from '../parts/styles.ts';

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
.block-image .image-block-poster{grid-template-columns:minmax(0,1fr)}
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

// the pin overlay over the collage's image, which sits below the block's top edge
const pin = `${pinStyles}.block-image .image-block-collage>.pin-it{top:calc(clamp(1.25rem,4vw,3rem) + .75rem)}\n`;

// text shrunk to its minimum (image-fit.island.ts): a word that still does not fit is hyphenated where it can be
const fitted = `.block-image [data-text-size=min]{hyphens:auto;line-height:1.3}\n`;

export const styles = image + imageNarrow + pin + fitted;
