// The store currency and the §3 price line, shared by the product, summary, donation and appointment blocks.
import { priceDisplay } from '../../../shared/pricing.ts';
import type { Product } from '../../../shared/snapshot/schema.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { useRender } from '../../render/context.tsx';

/** The store currency of §3: storeSettings.selectedCurrency, USD by default. */
export function useStoreCurrency(): string {
  return useRender().site.settings.storeSettings.selectedCurrency || 'USD';
}

/** §3 Price display: 'from {money}' when prices vary, else the sale price then the original price, and 'Sold Out'. */
export function PriceLine({ product, className }: { product: Product; className?: string }) {
  const currency = useStoreCurrency();
  const price = priceDisplay(product, currency);
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
