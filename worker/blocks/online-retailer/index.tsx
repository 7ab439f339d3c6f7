// Block type 46, online retailer: product cards (cover, title, author, price) that link out to the retailer's store.
import * as z from 'zod';
import { href, image } from '../../../shared/snapshot/common.ts';
import { Img } from '../../../shared/ui/img.tsx';
import { Link } from '../../kit/ui.tsx';
import { defineBlock, type BlockProps } from '../define.ts';
import { NewWindowHint } from '../parts/elements.tsx';
import { text } from '../parts/schema.ts';
import { IN_BLOCK } from '../parts/styles.ts';

const schema = z.object({
  retailerName: text(100),
  products: z
    .array(z.object({ title: text(200), price: text(40), url: href, image: image.optional(), author: text(200).optional() }))
    .min(1)
    .max(20),
});
type OnlineRetailerData = z.output<typeof schema>;

function OnlineRetailerBlock({ data }: BlockProps<OnlineRetailerData>) {
  return (
    <ul className="cb-retail" aria-label={`Products from ${data.retailerName}`}>
      {data.products.map((product, i) => (
        <li className="cb-retail-card" key={`${product.url}-${i}`}>
          <div className="cb-retail-media">
            {product.image ? (
              <Img image={product.image} alt="" sizes="(max-width: 432px) 45vw, 220px" displayWidth={220} className="cb-retail-img" />
            ) : (
              <span className="cb-retail-placeholder" aria-hidden="true">
                {product.title.charAt(0)}
              </span>
            )}
          </div>
          <div className="cb-retail-body">
            {/* The title link's ::after covers the card, so the whole card is one link with the title as its name. */}
            <Link href={product.url} newWindow className="cb-retail-title">
              {product.title}
              <NewWindowHint />
            </Link>
            {product.author && <span className="cb-retail-author">{product.author}</span>}
            <span className="cb-retail-price">{product.price}</span>
            <span className="cb-retail-store" aria-hidden="true">
              {data.retailerName} ↗
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

const styles = `
${IN_BLOCK} .cb-retail{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,160px),1fr));gap:1rem}
${IN_BLOCK} .cb-retail-card{position:relative;display:flex;flex-direction:column;border:1px solid var(--border);border-radius:calc(var(--radius) * 2);overflow:hidden;background:var(--bg);transition:box-shadow .2s,transform .2s}
${IN_BLOCK} .cb-retail-card:hover{box-shadow:0 16px 36px -24px rgba(0,0,0,.5);transform:translateY(-2px)}
${IN_BLOCK} .cb-retail-card:has(:focus-visible){outline:3px solid var(--accent);outline-offset:2px}
${IN_BLOCK} .cb-retail-media{aspect-ratio:4/5;background:var(--surface);display:flex;align-items:center;justify-content:center;overflow:hidden}
${IN_BLOCK} .cb-retail-img{width:100%;height:100%;object-fit:cover}
${IN_BLOCK} .cb-retail-placeholder{font:600 2.6rem/1 var(--heading-font);color:var(--muted)}
${IN_BLOCK} .cb-retail-body{flex:1;display:flex;flex-direction:column;gap:.2rem;padding:.85rem 1rem 1rem;min-width:0}
${IN_BLOCK} .cb-retail-title{color:var(--text);font-weight:600;line-height:1.3;text-decoration:none}
${IN_BLOCK} .cb-retail-title::after{content:"";position:absolute;inset:0}
${IN_BLOCK} .cb-retail-title:focus-visible{outline:0}
${IN_BLOCK} .cb-retail-card:hover .cb-retail-title{color:var(--accent)}
${IN_BLOCK} .cb-retail-author{color:var(--muted);font-size:.88rem}
${IN_BLOCK} .cb-retail-price{font-weight:700;margin-top:.3rem;font-variant-numeric:tabular-nums}
${IN_BLOCK} .cb-retail-store{margin-top:auto;padding-top:.5rem;font-size:.72rem;font-weight:700;letter-spacing:.08em;text-transform:uppercase;color:var(--accent)}
`;

export default defineBlock({
  code: 46,
  name: 'online_retailer',
  schema,
  Component: OnlineRetailerBlock,
  styles,
  images: (data) => data.products.flatMap((product) => (product.image ? [product.image] : [])),
});
