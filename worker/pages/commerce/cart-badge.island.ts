// The cart badge in the browser, a plain island (no React: a page whose only island is the badge loads none): the
// number of items in the visitor's cart, read after load (only when the hasCart cookie says there is a cart) and kept
// in step with every change another island makes through the page's one jotai store (client/ui/cart.ts): adding from
// a product changes it without a reload. On every page of a store, it also sends the store events the page shows
// (Checkout Started, Checkout Completed: client/ui/cart.ts).
import type { ShoppingCart } from '../../../shared/cart.ts';
import { pageStore } from '../../../client/islands/store.ts';
import { cartAtom, loadCart, recordStorePage } from '../../../client/ui/cart.ts';
import { cartBadgeCount, cartBadgeName } from './cart-badge-text.ts';
import type { CartBadgeProps } from './cart-badge.view.tsx';

export function mount(element: Element, props: CartBadgeProps): void {
  const link = element.querySelector<HTMLAnchorElement>('.cart-badge');
  if (!link) throw new Error('cart badge: no .cart-badge link in the island');
  const name = link.querySelector('.visually-hidden');
  const number = link.querySelector('.cart-badge-count');
  // the same text and class the server's view (cart-badge.view.tsx) draws for this count
  const draw = (cart: ShoppingCart | null) => {
    const count = cart ? cart.totalQuantity : null;
    link.classList.toggle('has-items', !!count);
    if (name) name.textContent = cartBadgeName(count);
    if (number) number.textContent = cartBadgeCount(count);
  };
  pageStore.sub(cartAtom, () => draw(pageStore.get(cartAtom)));
  draw(pageStore.get(cartAtom));
  void loadCart((cart) => pageStore.set(cartAtom, cart));
  recordStorePage(props.affiliatePixelUrl);
}
