// The cart badge in the browser: the number of items in the visitor's cart, read after load (only when the hasCart
// cookie says there is a cart) and kept in step with every change another island makes, through the page's one jotai
// store (client/ui/cart.ts): adding from a product changes it without a reload.
import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { cartAtom, loadCart } from '../../../client/ui/cart.ts';
import { CartBadgeView, type CartBadgeProps } from './cart-badge.view.tsx';

export default function CartBadgeIsland(props: CartBadgeProps) {
  const [cart, setCart] = useAtom(cartAtom);
  // the first render is the server's (no number); what only this visitor's browser knows comes after
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    void loadCart(setCart);
  }, [setCart]);
  return <CartBadgeView {...props} count={mounted && cart ? cart.totalQuantity : null} />;
}
