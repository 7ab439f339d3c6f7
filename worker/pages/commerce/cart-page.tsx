// The cart pages (SHOW_CART and COMMERCE_CART_V2, §2): the visitor's cart, read before the page renders (the page is
// never cached), drawn by the cart island's view, with the store's shipping note and currency below. The island wakes at
// the visitor's first press, focus or key in the cart (a press before it is alive is replayed once it is): a page that
// is only looked at loads no React, and every change works as a plain form post until then.
import { emptyCart } from '../../../shared/cart.ts';
import { STORE_PAGES } from '../../../shared/store-api.ts';
import { useRender } from '../../kit/context.tsx';
import { Island } from '../../kit/island.tsx';
import { cartIsland, type CartPageProps } from './cart.view.tsx';
import { CurrencyNote, PlainText, useStore } from '../../kit/store.tsx';

function CartPage({ version }: { version: 1 | 2 }) {
  const { route, site } = useRender();
  const store = useStore();
  const data = route.store;
  const props: CartPageProps = {
    version,
    cart: data?.cart ?? emptyCart(site.website.id, store.currency),
    cartUrl: STORE_PAGES.cart,
    checkoutUrl: STORE_PAGES.gotoCheckout,
    shopUrl: store.shopUrl,
    coupons: store.settings.coupons.length > 0,
    message: data?.form?.message ?? data?.unavailable ?? null,
    alert: data?.alert ?? null,
  };
  return (
    <div className={version === 2 ? 'wrap page-body commerce-page commerce-cart-v2' : 'wrap page-body commerce-page commerce-cart'}>
      <Island island={cartIsland} props={props} when="visible" />
      <footer className="commerce-cart-notes">
        <PlainText className="commerce-shipping-note" text={store.settings.shippingNote} />
        <CurrencyNote currency={store.currency} />
      </footer>
    </div>
  );
}

/** SHOW_CART: the classic cart, one column. */
export function CartBody() {
  return <CartPage version={1} />;
}

/** COMMERCE_CART_V2: items on the left, an order summary on the right (stacked on mobile). */
export function CartV2Body() {
  return <CartPage version={2} />;
}
