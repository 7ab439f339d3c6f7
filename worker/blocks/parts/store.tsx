// The store currency as the donation and appointment blocks read it while they render.
import { useRender } from '../../kit/context.tsx';
import { storeCurrency } from '../../kit/store.tsx';

/** The store currency of §3: storeSettings.selectedCurrency, USD by default. */
export function useStoreCurrency(): string {
  return storeCurrency(useRender().site);
}
