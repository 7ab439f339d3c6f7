// The product block's CSS: images, details, the purchase row, and the two-column form of wide blocks.
import { MOBILE_MAX } from '../parts/styles.ts';

export const styles = `
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
@media (max-width:${MOBILE_MAX}px){.block-product .product-block-wide{grid-template-columns:1fr}}
`;
