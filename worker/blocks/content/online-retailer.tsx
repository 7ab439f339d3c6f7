// The online-retailer block: product cards (cover, title, author, price) that link out to the retailer's store.
import { Img } from '../../../shared/ui/img.tsx';
import { Link } from '../../render/ui.tsx';
import type { BlockProps } from '../types.ts';
import { NewWindowHint } from './parts.tsx';

export function OnlineRetailerBlock({ data }: BlockProps<'online_retailer'>) {
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
