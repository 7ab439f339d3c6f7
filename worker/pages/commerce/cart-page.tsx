// The cart pages (SHOW_CART and COMMERCE_CART_V2): the server renders the empty cart the snapshot alone can give; the cart
// island fills in the visitor's cart from its cookie.
import { BagIcon, CurrencyNote, GOTO_CHECKOUT_URL, PlainText, Totals, useStore, type StoreView } from './store.tsx';

/** What the cart island needs to take over: the currency, the cart version and where checkout starts. */
function islandProps(store: StoreView, version: 1 | 2) {
  return {
    'data-island': 'cart',
    'data-currency': store.currency,
    'data-cart-version': String(version),
    'data-checkout-url': GOTO_CHECKOUT_URL,
    'data-express-checkout': String(store.settings.expressCheckout),
    'data-shop-url': store.shopUrl,
  };
}

function EmptyCart({ shopUrl }: { shopUrl: string }) {
  return (
    <div className="commerce-cart-empty">
      <BagIcon />
      <p className="commerce-cart-empty-text">Your cart is empty.</p>
      <a className="commerce-button" href={shopUrl}>
        Continue Shopping
      </a>
    </div>
  );
}

/** SHOW_CART: the classic cart, one column. */
export function CartBody() {
  const store = useStore();
  return (
    <div className="wrap page-body commerce-page commerce-cart">
      <h1 className="commerce-title">Shopping Cart</h1>
      <div className="commerce-cart-island" {...islandProps(store, 1)}>
        <EmptyCart shopUrl={store.shopUrl} />
      </div>
      <footer className="commerce-cart-notes">
        <PlainText className="commerce-shipping-note" text={store.settings.shippingNote} />
        <CurrencyNote currency={store.currency} />
      </footer>
    </div>
  );
}

/** COMMERCE_CART_V2: items on the left, an order summary sidebar on the right (stacked on mobile). */
export function CartV2Body() {
  const store = useStore();
  return (
    <div className="wrap page-body commerce-page commerce-cart-v2" {...islandProps(store, 2)}>
      <h1 className="commerce-title">
        Cart <span className="commerce-cart-count">(0 items)</span>
      </h1>
      <div className="commerce-cart-v2-grid">
        <section className="commerce-cart-v2-items" aria-labelledby="cart-items-heading">
          <h2 className="commerce-visually-hidden" id="cart-items-heading">
            Items
          </h2>
          <EmptyCart shopUrl={store.shopUrl} />
        </section>
        <aside className="commerce-summary" aria-labelledby="cart-summary-heading">
          <h2 className="commerce-summary-title" id="cart-summary-heading">
            Order Summary
          </h2>
          <Totals rows={[]} total={{ label: 'Subtotal', cents: 0 }} money={store.money} />
          <p className="commerce-summary-note">Shipping and taxes are calculated at checkout.</p>
          <button type="button" className="commerce-button commerce-button-block" disabled>
            Checkout
          </button>
          <PlainText className="commerce-shipping-note" text={store.settings.shippingNote} />
          <CurrencyNote currency={store.currency} />
        </aside>
      </div>
    </div>
  );
}
