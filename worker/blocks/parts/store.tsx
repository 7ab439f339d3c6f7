// The store currency and the §3 price line, shared by the product, summary, donation and appointment blocks.
import { priceDisplay } from '../../../shared/pricing.ts';
import type { Product } from '../../../shared/snapshot/schema.ts';
import { PriceLineView } from '../../../shared/ui/price-line.tsx';
import { useRender } from '../../kit/context.tsx';

/** The store currency of §3: storeSettings.selectedCurrency, USD by default. */
export function useStoreCurrency(): string {
  return useRender().site.settings.storeSettings.selectedCurrency || 'USD';
}

/** §3 Price display of a product in the store currency (the view is shared with the islands that draw prices). */
export function PriceLine({ product, className }: { product: Product; className?: string }) {
  const currency = useStoreCurrency();
  return <PriceLineView price={priceDisplay(product, currency)} className={className} />;
}
