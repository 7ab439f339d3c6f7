// The product block's CSS (images, details, the two-column form of wide blocks) and the purchase panel's, which the
// product page and the product list's quick view share: price line, variant, quantity, Add To Cart and its message.
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
.product-purchase{display:flex;flex-direction:column;gap:.8rem;min-width:0}
.product-purchase .product-price{margin:0;font-size:1.2rem;font-weight:600;display:flex;flex-wrap:wrap;align-items:baseline;gap:.2rem .6rem}
.product-purchase .original-price{color:var(--muted);font-weight:400}
.product-purchase .product-sold-out{font-size:.72rem;letter-spacing:.06em;text-transform:uppercase;background:var(--text);color:var(--bg);padding:.25em .65em;border-radius:99px;font-weight:600;align-self:center}
.product-purchase .product-note{margin:0;color:var(--muted);font-size:.92rem}
.product-purchase .product-excerpt{margin:0}
.product-purchase-form{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-end;margin:.4rem 0 0;padding-top:1.1rem;border-top:1px solid var(--border)}
.product-field{display:flex;flex-direction:column;gap:.35rem;min-width:0}
.product-field-variant{flex:1 1 100%}
.product-field-quantity{flex:0 0 6rem}
.product-control{width:100%;min-height:calc(2.85em + 2px)}
.product-add-to-cart{flex:1 1 10rem;min-height:calc(2.85em + 2px);font-size:1rem;transition:background-color .2s,opacity .2s}
.product-add-to-cart:disabled{opacity:.55;cursor:not-allowed}
.product-add-to-cart.is-adding{opacity:.75;cursor:progress}
.product-add-to-cart.is-added{background:var(--text);color:var(--bg)}
.product-purchase-message{flex:1 1 100%;margin:0;font-size:.92rem;line-height:1.45}
.product-purchase-message:empty{display:none}
.product-purchase-message.is-error{color:#a4262c}
.product-purchase-message a{font-weight:600}
@media (max-width:${MOBILE_MAX}px){.block-product .product-block-wide{grid-template-columns:1fr}}
`;
