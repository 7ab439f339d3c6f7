// The §3 price line from a worked-out price display (shared/pricing.ts priceDisplay): 'from {money}', the sale price
// then the original price marked as such, and 'Sold Out'. Props only, for server components and island views alike.
import type { PriceDisplay } from '../pricing.ts';
import { cx } from './cx.ts';
import { VisuallyHidden } from './visually-hidden.tsx';

export function PriceLineView({ price, className }: { price: PriceDisplay; className?: string | undefined }) {
  return (
    <p className={cx('product-price', `product-price-${price.kind}`, className)}>
      {price.kind === 'sale' ? (
        <>
          <span className="sale-price">
            <VisuallyHidden>Sale price: </VisuallyHidden>
            {price.text}
          </span>{' '}
          <del className="original-price">
            <VisuallyHidden>Original price: </VisuallyHidden>
            {price.originalText}
          </del>
        </>
      ) : (
        <span className="product-price-text">{price.text}</span>
      )}
      {price.soldOut && (
        <>
          {' '}
          <span className="product-sold-out">Sold Out</span>
        </>
      )}
    </p>
  );
}
