// The product badge's close button, props only: drawn hidden, since without script there is nothing to press, and
// shown by its plain island (product-badge.island.ts), which hides the badge and remembers it for this browser.
import { islandRef } from '../../shared/islands/protocol.ts';
import { Icon } from '../../shared/ui/icon.tsx';

export interface ProductBadgeCloseProps {
  /** the product the badge features: a close is remembered for it alone */
  productId: string;
}

export function ProductBadgeCloseView(_: ProductBadgeCloseProps) {
  return (
    <button type="button" className="product-badge-close" aria-label="Dismiss featured product" hidden>
      <Icon name="close" size={18} />
    </button>
  );
}

export const productBadgeIsland = islandRef('product-badge', ProductBadgeCloseView);
