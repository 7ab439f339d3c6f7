// The cart pages' view (SHOW_CART, one column; COMMERCE_CART_V2, items beside an order summary), props only: the
// visitor's cart as the edge priced it, its notices, quantities, removal, discount code, totals, the empty state and
// the way to checkout. The page is never cached, so the cart comes in the props. Without script it is one form that
// posts to /cart; the island (cart.island.tsx) changes the cart through the cart API without a reload.
import type { ChangeEvent, FormEvent, MouseEvent, Ref } from 'react';
import type { CartLine, ShoppingCart } from '../../../shared/cart.ts';
import { islandRef } from '../../../shared/islands/protocol.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { Icon } from '../../../shared/ui/icon.tsx';
import { Img } from '../../../shared/ui/img.tsx';
import { Figures, SummaryBox } from './summary.view.tsx';

export interface CartPageProps {
  version: 1 | 2;
  cart: ShoppingCart;
  cartUrl: string;
  /** §2 /commerce/goto-checkout */
  checkoutUrl: string;
  shopUrl: string;
  /** the store has discount codes: the field is offered */
  coupons: boolean;
  /** what a plain-HTML post came back with */
  message: string | null;
  /** §2's alert when checkout was asked for without the cart cookies */
  alert: string | null;
}

export interface CartLive {
  cart: ShoppingCart;
  busy: boolean;
  message: { kind: 'error' | 'info'; text: string } | null;
  alert: string | null;
  /** the island reads what the visitor did before it woke from the form (client/islands/form-state.ts) */
  formRef: Ref<HTMLFormElement>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** what the quantity field shows: what the visitor is typing, else the cart's */
  quantityOf: (line: CartLine) => string;
  onQuantity: (line: CartLine, event: ChangeEvent<HTMLInputElement>) => void;
  onCheckout: (event: MouseEvent<HTMLAnchorElement>) => void;
}

const items = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

function Line({ line, live }: { line: CartLine; live?: CartLive | undefined }) {
  const name = line.variantLabel ? `${line.title} (${line.variantLabel})` : line.title;
  const max = line.maxQuantity ?? undefined;
  return (
    <li className={cx('commerce-line', !line.available && 'is-unavailable')} data-entry-id={line.id}>
      <div className="commerce-line-image">
        {line.image ? <Img image={line.image} sizes="96px" displayWidth={96} alt="" /> : <span className="commerce-line-image-empty" />}
      </div>
      <div className="commerce-line-text">
        <p className="commerce-line-title">{line.url ? <a href={line.url}>{line.title}</a> : line.title}</p>
        {line.variantLabel && <p className="commerce-line-variant">{line.variantLabel}</p>}
        <p className="commerce-line-unit">
          {line.display.originalUnitPrice && (
            <del className="commerce-line-original">
              <span className="commerce-visually-hidden">Was </span>
              {line.display.originalUnitPrice}
            </del>
          )}{' '}
          <span>{line.display.unitPrice} each</span>
        </p>
        {!line.available && <p className="commerce-line-status">Not available</p>}
        <button type="submit" name="intent" value={`remove:${line.id}`} className="commerce-link-button" disabled={live?.busy}>
          Remove<span className="commerce-visually-hidden"> {name}</span>
        </button>
      </div>
      <div className="commerce-line-quantity">
        <label className="commerce-visually-hidden" htmlFor={`quantity-${line.id}`}>
          Quantity of {name}
        </label>
        <div className="commerce-stepper">
          <button
            type="submit"
            name="intent"
            value={`decrease:${line.id}`}
            aria-label={`One fewer ${name}`}
            disabled={live?.busy || line.requestedQuantity <= 1}
          >
            −
          </button>
          <input
            id={`quantity-${line.id}`}
            name={`quantity-${line.id}`}
            type="number"
            inputMode="numeric"
            min={0}
            max={max}
            step={1}
            {...(live
              ? { value: live.quantityOf(line), onChange: (e) => live.onQuantity(line, e) }
              : { defaultValue: String(line.requestedQuantity) })}
          />
          <button
            type="submit"
            name="intent"
            value={`increase:${line.id}`}
            aria-label={`One more ${name}`}
            disabled={live?.busy || !line.available || (max !== undefined && line.requestedQuantity >= max)}
          >
            +
          </button>
        </div>
      </div>
      <p className="commerce-line-total">{line.display.lineTotal}</p>
    </li>
  );
}

function Totals({ cart, live, props }: { cart: ShoppingCart; live?: CartLive | undefined; props: CartPageProps }) {
  const blocked = !cart.canCheckout;
  return (
    <div className="commerce-cart-totals">
      <Figures
        rows={[
          { key: 'subtotal', label: 'Subtotal', value: cart.display.subtotal },
          ...(cart.discountCents > 0
            ? [
                {
                  key: 'discount',
                  label: `Discount (${cart.validCoupons.map((c) => c.code).join(', ')})`,
                  value: `−${cart.display.discount}`,
                  className: 'commerce-totals-discount',
                },
              ]
            : []),
        ]}
        // before shipping and tax, the total says something only when a discount came off the subtotal
        total={cart.discountCents > 0 ? cart.display.grandTotal : undefined}
      />
      <p className="commerce-summary-note">
        {cart.requiresShipping ? 'Shipping and taxes are calculated at checkout.' : 'Taxes, if any, are calculated at checkout.'}
      </p>
      {props.coupons && (
        <div className="commerce-coupon">
          <label htmlFor="cart-coupon">Discount code</label>
          <div className="commerce-coupon-row">
            <input id="cart-coupon" name="code" type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} />
            <button type="submit" name="intent" value="coupon" className="commerce-button commerce-button-secondary" disabled={live?.busy}>
              Apply
            </button>
          </div>
          {cart.coupons.length > 0 && (
            <ul className="commerce-coupons">
              {cart.coupons.map((code) => (
                <li key={code}>
                  <span className="commerce-coupon-code">{code}</span>
                  <button
                    type="submit"
                    name="intent"
                    value={`remove-coupon:${code}`}
                    className="commerce-link-button"
                    disabled={live?.busy}
                  >
                    Remove<span className="commerce-visually-hidden"> discount code {code}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {blocked ? (
        <button type="button" className="commerce-button commerce-button-block" disabled>
          Checkout
        </button>
      ) : (
        <a className="commerce-button commerce-button-block" href={props.checkoutUrl} onClick={live?.onCheckout}>
          Checkout
        </a>
      )}
    </div>
  );
}

export function CartView({ live, ...props }: CartPageProps & { live?: CartLive }) {
  const cart = live?.cart ?? props.cart;
  const message = live ? live.message : props.message ? { kind: 'error' as const, text: props.message } : null;
  const alert = live ? live.alert : props.alert;
  const empty = cart.entries.length === 0;
  const v2 = props.version === 2;
  const heading = v2 ? (
    <h1 className="commerce-title">
      Cart <span className="commerce-cart-count">({items(cart.totalQuantity)})</span>
    </h1>
  ) : (
    <h1 className="commerce-title">Shopping Cart</h1>
  );
  const notices = (
    <div className="commerce-messages">
      {alert && (
        <p className="commerce-alert" role="alert">
          {alert}
        </p>
      )}
      {message && (
        <p
          className={cx('commerce-notice', message.kind === 'error' && 'commerce-notice-error')}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
      {cart.notices.length > 0 && (
        <ul className="commerce-notices" aria-label="Changes to your cart">
          {cart.notices.map((n, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of text that hold no state; a list changes as a whole
            <li key={i}>{n.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
  if (empty) {
    return (
      <div className={cx('commerce-cart-body', v2 && 'commerce-cart-body-v2')} aria-busy={live?.busy || undefined}>
        {heading}
        {notices}
        <div className="commerce-cart-empty">
          <Icon name="bag" size={56} />
          <p className="commerce-cart-empty-text">Your cart is empty.</p>
          <a className="commerce-button" href={props.shopUrl}>
            Continue Shopping
          </a>
        </div>
      </div>
    );
  }
  const lines = (
    <ul className="commerce-lines">
      {cart.entries.map((line) => (
        <Line key={line.id} line={line} live={live} />
      ))}
    </ul>
  );
  return (
    <form
      className={cx('commerce-cart-body', v2 && 'commerce-cart-body-v2')}
      method="post"
      action={props.cartUrl}
      onSubmit={live?.onSubmit}
      aria-busy={live?.busy || undefined}
      ref={live?.formRef}
    >
      {/* the default button: Enter in a quantity field updates the cart */}
      <button type="submit" name="intent" value="update" className="commerce-visually-hidden" tabIndex={-1} aria-hidden="true">
        Update Cart
      </button>
      {heading}
      {notices}
      {v2 ? (
        <div className="commerce-cart-v2-grid">
          <section className="commerce-cart-v2-items" aria-label="Items">
            {lines}
          </section>
          <SummaryBox id="cart-summary-heading">
            <Totals cart={cart} live={live} props={props} />
          </SummaryBox>
        </div>
      ) : (
        <>
          {lines}
          <Totals cart={cart} live={live} props={props} />
        </>
      )}
      <div className="commerce-cart-actions">
        {/* with script too: it sends a typed quantity at once instead of after the pause in typing */}
        <button type="submit" name="intent" value="update" className="commerce-button commerce-button-secondary">
          Update Cart
        </button>
        <a className="commerce-continue" href={props.shopUrl}>
          Continue Shopping
        </a>
      </div>
    </form>
  );
}

export const cartIsland = islandRef('cart', CartView);
