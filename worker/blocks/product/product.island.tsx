// The product block's and the product page's purchase panel in the browser: variant, price, quantity, Add To Cart.
import { ProductPurchase } from './purchase.client.tsx';
import type { PurchaseProps } from './purchase.view.tsx';

export default function ProductIsland(props: PurchaseProps) {
  return <ProductPurchase {...props} />;
}
