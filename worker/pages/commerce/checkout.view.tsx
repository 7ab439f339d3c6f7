// The checkout's view (CHECKOUT, and §2's gift-card purchase page), props only: the visitor's details, where the goods
// go (the US zip rule of §5 where the country is the US), the shipping options for that destination, the payment
// (the test provider, clearly labelled: no card details are ever asked for) and the order summary with every figure
// the edge priced. Without script the form posts to its page; the island checks fields as they are typed, re-prices for
// the destination and places the order through the API.
import type { ChangeEvent, FocusEvent, FormEvent, ReactNode } from 'react';
import type { ShoppingCart } from '../../../shared/cart.ts';
import type { PaymentsMode } from '../../../shared/store-api.ts';
import { checkoutAddressLabels } from '../../../shared/checkout.ts';
import { COUNTRIES, countryName } from '../../../shared/countries.ts';
import { islandRef } from '../../../shared/islands/protocol.ts';
import type { Image } from '../../../shared/snapshot/common.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { Figures, Payment, SummaryBox, SummaryLines, type FigureRow } from './summary.view.tsx';

export interface GiftCardChoice {
  productId: string;
  title: string;
  image: Image | null;
  amounts: { sku: string; label: string; price: string; cents: number }[];
}

export interface CheckoutProps {
  mode: 'cart' | 'gift-card';
  /** where the form posts without script */
  action: string;
  cart: ShoppingCart | null;
  giftCard: GiftCardChoice | null;
  /** the gift card's amount chosen in the URL (§2 sku) */
  sku: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  message: string | null;
  /** the payment provider takes no money: the page says so */
  payments: PaymentsMode;
  /** a gift card purchase sent twice is one purchase */
  idempotencyKey: string;
  cartUrl: string;
  shopUrl: string;
}

export interface CheckoutLive {
  cart: ShoppingCart | null;
  values: Record<string, string>;
  errors: Record<string, string>;
  message: { kind: 'error' | 'info'; text: string } | null;
  busy: boolean;
  /** re-pricing for a new destination or shipping option */
  pricing: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
  onBlur: (event: FocusEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

interface FieldDef {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete: string;
  required?: boolean;
  wide?: boolean;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
}

type Ctx = { values: Record<string, string>; errors: Record<string, string>; live?: CheckoutLive | undefined };

const fieldId = (name: string) => `checkout-${name}`;

/** A field's value: what the island holds, else what was sent back, else empty (uncontrolled without the island). */
function valueProps(ctx: Ctx, name: string) {
  const value = (ctx.live ? ctx.live.values : ctx.values)[name] ?? '';
  return ctx.live ? { value, onChange: ctx.live.onChange, onBlur: ctx.live.onBlur } : { defaultValue: value };
}

function FieldError({ ctx, name }: { ctx: Ctx; name: string }) {
  const error = (ctx.live ? ctx.live.errors : ctx.errors)[name];
  return error ? (
    <p className="commerce-field-error" id={`${fieldId(name)}-error`}>
      {error}
    </p>
  ) : null;
}

function errorProps(ctx: Ctx, name: string) {
  const error = (ctx.live ? ctx.live.errors : ctx.errors)[name];
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId(name)}-error` } : {};
}

function Field({ def, ctx }: { def: FieldDef; ctx: Ctx }) {
  const required = def.required ?? true;
  return (
    <div
      className={cx(
        'commerce-field',
        def.wide && 'commerce-field-wide',
        (ctx.live ? ctx.live.errors : ctx.errors)[def.name] && 'has-error',
      )}
    >
      <label htmlFor={fieldId(def.name)}>
        {def.label}
        {!required && <span className="commerce-optional"> (optional)</span>}
      </label>
      <input
        id={fieldId(def.name)}
        name={def.name}
        type={def.type ?? 'text'}
        autoComplete={def.autoComplete}
        required={required}
        inputMode={def.inputMode}
        maxLength={200}
        {...errorProps(ctx, def.name)}
        {...valueProps(ctx, def.name)}
      />
      <FieldError ctx={ctx} name={def.name} />
    </div>
  );
}

function Section({ legend, children, className }: { legend: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={cx('commerce-fieldset', className)}>
      <legend className="commerce-legend">{legend}</legend>
      {children}
    </fieldset>
  );
}

function Summary({ cart, giftCard, sku }: { cart: ShoppingCart | null; giftCard: GiftCardChoice | null; sku: string }) {
  if (giftCard) {
    const amount = giftCard.amounts.find((a) => a.sku === sku) ?? giftCard.amounts[0];
    return (
      <>
        <SummaryLines
          lines={[
            {
              key: giftCard.productId,
              title: giftCard.title,
              meta: 'For its recipient',
              total: amount?.price ?? '',
              image: giftCard.image,
            },
          ]}
        />
        <Figures rows={[]} total={amount?.price} />
      </>
    );
  }
  if (!cart) return null;
  const rows: FigureRow[] = [{ key: 'subtotal', label: 'Subtotal', value: cart.display.subtotal }];
  if (cart.discountCents > 0) {
    rows.push({
      key: 'discount',
      label: `Discount (${cart.validCoupons.map((c) => c.code).join(', ')})`,
      value: `−${cart.display.discount}`,
      className: 'commerce-totals-discount',
    });
  }
  if (cart.requiresShipping) {
    const option = cart.selectedShippingOption;
    rows.push({
      key: 'shipping',
      label: <>Shipping{option && <span className="commerce-totals-detail"> ({option.name})</span>}</>,
      value: !option ? 'From your address' : cart.shippingCostCents === 0 ? 'Free' : cart.display.shippingCost,
    });
  }
  for (const rule of cart.applicableTaxRules) rows.push({ key: rule.id, label: rule.name, value: rule.display.amount });
  return (
    <>
      <SummaryLines
        lines={cart.entries
          .filter((l) => l.quantity > 0)
          .map((l) => ({
            key: l.id,
            title: l.title,
            meta: `${l.variantLabel ? `${l.variantLabel} · ` : ''}Qty ${l.quantity}`,
            total: l.display.lineTotal,
            image: l.image,
          }))}
      />
      <Figures rows={rows} total={cart.display.grandTotal} />
    </>
  );
}

export function CheckoutView({ live, ...props }: CheckoutProps & { live?: CheckoutLive }) {
  const cart = live ? live.cart : props.cart;
  const ctx: Ctx = { values: props.values, errors: props.errors, live };
  const values = live ? live.values : props.values;
  const gift = props.mode === 'gift-card' ? props.giftCard : null;
  const sku = values.sku || props.sku;
  const message = live ? live.message : props.message ? { kind: 'error' as const, text: props.message } : null;
  const busy = !!live?.busy;

  if (!gift && !cart?.canCheckout) {
    return (
      <div className="commerce-checkout-empty">
        {message && (
          <p className="commerce-notice commerce-notice-error" role="alert">
            {message.text}
          </p>
        )}
        {cart?.notices.map((n, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of text that hold no state; a list changes as a whole
          <p className="commerce-notice" key={i}>
            {n.message}
          </p>
        ))}
        <p className="commerce-notice">
          {cart?.entries.length ? 'Nothing in your cart can be ordered right now.' : 'Your cart is empty.'}{' '}
          <a href={props.cartUrl}>Return to your cart</a> {cart?.entries.length ? 'to change it.' : 'to add items before you check out.'}
        </p>
      </div>
    );
  }

  const shipping = !gift && !!cart?.requiresShipping;
  const total = gift ? (gift.amounts.find((a) => a.sku === sku) ?? gift.amounts[0])?.price : cart?.display.grandTotal;
  const payment = values.testPaymentOutcome || 'approve';
  // the destination's names for a region and a postal code (shared/address-rules.ts), following the country chosen
  const labels = checkoutAddressLabels(values.country);
  // the option the visitor checked, while the destination still offers it (a post for another country sends back one
  // of the first country's)
  const chosenOption =
    cart?.shippingOptions.find((o) => o.id === values.shippingOptionId)?.id ?? cart?.selectedShippingOption?.id ?? values.shippingOptionId;
  // each option's total, shown beside it and on the button for the option that is checked: the page says what the
  // order costs before its button, with script or without
  const optionTotals = shipping && cart?.shippingLocation && cart.shippingOptions.every((o) => o.display.total) ? cart.shippingOptions : [];
  return (
    <div className="commerce-checkout-grid">
      <form
        className="commerce-checkout-form"
        method="post"
        action={props.action}
        onSubmit={live?.onSubmit}
        aria-busy={busy || undefined}
        aria-describedby={message ? 'checkout-message' : undefined}
      >
        {message && (
          <p
            id="checkout-message"
            className={cx('commerce-notice', message.kind === 'error' && 'commerce-notice-error')}
            role={message.kind === 'error' ? 'alert' : 'status'}
          >
            {message.text}
          </p>
        )}
        {!gift &&
          cart?.notices.map((n, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of text that hold no state; a list changes as a whole
            <p className="commerce-notice" key={i}>
              {n.message}
            </p>
          ))}
        {gift && (
          <Section legend="Gift Card">
            <input type="hidden" name="idempotencyKey" value={props.idempotencyKey} />
            <div className="commerce-field-grid">
              <div className="commerce-field commerce-field-wide">
                <label htmlFor={fieldId('sku')}>Amount</label>
                <select id={fieldId('sku')} name="sku" {...(live ? { value: sku, onChange: live.onChange } : { defaultValue: sku })}>
                  {gift.amounts.map((a) => (
                    <option key={a.sku} value={a.sku}>
                      {a.label || a.price}
                    </option>
                  ))}
                </select>
              </div>
              <Field ctx={ctx} def={{ name: 'recipientName', label: "Recipient's name", autoComplete: 'off' }} />
              <Field
                ctx={ctx}
                def={{ name: 'recipientEmail', label: "Recipient's email address", type: 'email', autoComplete: 'off', inputMode: 'email' }}
              />
              <div className={cx('commerce-field commerce-field-wide', (live ? live.errors : props.errors).message && 'has-error')}>
                <label htmlFor={fieldId('message')}>
                  Message<span className="commerce-optional"> (optional)</span>
                </label>
                <textarea
                  id={fieldId('message')}
                  name="message"
                  rows={3}
                  maxLength={1000}
                  {...errorProps(ctx, 'message')}
                  {...valueProps(ctx, 'message')}
                />
                <FieldError ctx={ctx} name="message" />
              </div>
            </div>
          </Section>
        )}
        <Section legend={gift ? 'Your Details' : 'Contact'}>
          <div className="commerce-field-grid">
            <Field
              ctx={ctx}
              def={{ name: 'email', label: 'Email address', type: 'email', autoComplete: 'email', wide: true, inputMode: 'email' }}
            />
            <Field
              ctx={ctx}
              def={{ name: 'firstName', label: 'First name', autoComplete: shipping ? 'shipping given-name' : 'given-name' }}
            />
            <Field
              ctx={ctx}
              def={{ name: 'lastName', label: 'Last name', autoComplete: shipping ? 'shipping family-name' : 'family-name' }}
            />
          </div>
          {!gift && (
            <div className="commerce-check">
              <input
                id={fieldId('acceptsMarketing')}
                name="acceptsMarketing"
                type="checkbox"
                value="true"
                {...(live
                  ? { checked: values.acceptsMarketing === 'true', onChange: live.onChange }
                  : { defaultChecked: values.acceptsMarketing === 'true' })}
              />
              <label htmlFor={fieldId('acceptsMarketing')}>Keep me up to date on news and offers</label>
            </div>
          )}
        </Section>
        {shipping && cart && (
          <>
            <Section legend="Shipping Address">
              <div className="commerce-field-grid">
                <Field ctx={ctx} def={{ name: 'address1', label: 'Address line 1', autoComplete: 'shipping address-line1', wide: true }} />
                <Field
                  ctx={ctx}
                  def={{ name: 'address2', label: 'Address line 2', autoComplete: 'shipping address-line2', wide: true, required: false }}
                />
                <Field ctx={ctx} def={{ name: 'city', label: 'City', autoComplete: 'shipping address-level2' }} />
                <Field ctx={ctx} def={{ name: 'region', label: labels.region, autoComplete: 'shipping address-level1', required: false }} />
                <Field
                  ctx={ctx}
                  def={{ name: 'zip', label: labels.zip, autoComplete: 'shipping postal-code', required: labels.zipRequired }}
                />
                <div className={cx('commerce-field', (live ? live.errors : props.errors).country && 'has-error')}>
                  <label htmlFor={fieldId('country')}>Country</label>
                  <select
                    id={fieldId('country')}
                    name="country"
                    required
                    autoComplete="shipping country"
                    {...errorProps(ctx, 'country')}
                    {...valueProps(ctx, 'country')}
                  >
                    <option value="">Choose a country</option>
                    {COUNTRIES.map(([code, name]) => (
                      <option key={code} value={code}>
                        {name}
                      </option>
                    ))}
                  </select>
                  <FieldError ctx={ctx} name="country" />
                </div>
                <Field
                  ctx={ctx}
                  def={{
                    name: 'phone',
                    label: 'Phone',
                    type: 'tel',
                    autoComplete: 'shipping tel',
                    wide: true,
                    required: false,
                    inputMode: 'tel',
                  }}
                />
              </div>
            </Section>
            <Section legend="Shipping Method">
              {cart.shippingOptions.length === 0 ? (
                <p className="commerce-muted">
                  {cart.shippingLocation ? 'This store does not ship to this country.' : 'Shipping is free.'}
                </p>
              ) : !cart.shippingLocation ? (
                <p className="commerce-muted">
                  Choose the country the order goes to, and its shipping options and their cost show here: the total with shipping is shown
                  to you before the order is placed.
                </p>
              ) : (
                <div className="commerce-options commerce-shipping-options" role="radiogroup" aria-label="Shipping method">
                  {cart.shippingOptions.map((option) => (
                    <div className="commerce-option" key={option.id}>
                      <input
                        id={`shipping-${option.id}`}
                        type="radio"
                        name="shippingOptionId"
                        value={option.id}
                        {...(live
                          ? { checked: chosenOption === option.id, onChange: live.onChange }
                          : { defaultChecked: chosenOption === option.id })}
                      />
                      <label htmlFor={`shipping-${option.id}`}>
                        <span className="commerce-option-name">{option.name}</span>
                        {option.description && <span className="commerce-option-description">{option.description}</span>}
                        <span className="commerce-option-price">{option.costCents === 0 ? 'Free' : option.display.cost}</span>
                        {option.display.total && <span className="commerce-option-total">Order total {option.display.total}</span>}
                      </label>
                      {option.totalCents !== undefined && (
                        <input type="hidden" name={`expectedTotalCents.${option.id}`} value={String(option.totalCents)} />
                      )}
                    </div>
                  ))}
                </div>
              )}
              {cart.shippingLocation && cart.shippingOptions.length > 0 && (
                <p className="commerce-muted commerce-shipping-note">
                  Shipping and totals are for delivery to {countryName(cart.shippingLocation.country)}. If your order goes to another
                  country, its shipping and total are shown to you before the order is placed.
                </p>
              )}
              {cart.shippingLocation && <input type="hidden" name="pricedCountry" value={cart.shippingLocation.country} />}
              {live?.pricing && (
                <p className="commerce-muted commerce-pricing" role="status">
                  Updating the total…
                </p>
              )}
            </Section>
          </>
        )}
        <Section legend="Payment" className="commerce-payment">
          <Payment
            mode={props.payments}
            idBase="payment"
            chosen={payment === 'decline' ? 'decline' : 'approve'}
            onChange={live?.onChange}
            payer="store"
          />
        </Section>
        {!gift && cart && <input type="hidden" name="expectedTotalCents" value={String(cart.grandTotalCents)} />}
        <button
          type="submit"
          className="commerce-button commerce-button-block commerce-place-order"
          disabled={busy || props.payments === 'unavailable'}
        >
          {busy ? (
            'Placing your order...'
          ) : optionTotals.length > 1 ? (
            <>
              Place Order ·{' '}
              <span className="commerce-order-totals">
                {optionTotals.map((o) => (
                  <span key={o.id} className={cx('commerce-order-total', o.id === chosenOption && 'is-chosen')}>
                    {o.display.total}
                  </span>
                ))}
              </span>
            </>
          ) : (
            `${gift ? 'Buy Gift Card' : 'Place Order'} · ${total}`
          )}
        </button>
      </form>
      <SummaryBox id="checkout-summary-heading">
        <Summary cart={cart} giftCard={gift} sku={sku} />
        {!gift && (
          <p className="commerce-summary-note">
            <a href={props.cartUrl}>Edit your cart</a>
          </p>
        )}
      </SummaryBox>
    </div>
  );
}

export const checkoutIsland = islandRef('checkout', CheckoutView);
