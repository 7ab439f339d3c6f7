// The CHECKOUT page: contact, shipping address, shipping method and payment, with the order summary of the (empty) cart.
import type { ReactNode } from 'react';
import { CART_URL, CurrencyNote, PlainText, Totals, useStore } from './store.tsx';

interface FieldProps {
  id: string;
  label: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete: string;
  required?: boolean;
  /** spans both columns of the address grid */
  wide?: boolean;
  inputMode?: 'text' | 'numeric';
}

function Field({ id, label, type = 'text', autoComplete, required = true, wide = false, inputMode }: FieldProps) {
  return (
    <div className={wide ? 'commerce-field commerce-field-wide' : 'commerce-field'}>
      <label htmlFor={id}>
        {label}
        {!required && <span className="commerce-optional"> (optional)</span>}
      </label>
      <input
        id={id}
        name={id.replace(/^checkout-/, '')}
        type={type}
        autoComplete={autoComplete}
        required={required}
        inputMode={inputMode}
      />
    </div>
  );
}

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="commerce-fieldset">
      <legend className="commerce-legend">{legend}</legend>
      {children}
    </fieldset>
  );
}

export function CheckoutBody() {
  const store = useStore();
  const { settings, money } = store;
  return (
    <div className="wrap page-body commerce-page commerce-checkout">
      <h1 className="commerce-title">Checkout</h1>
      <PlainText className="commerce-intro" text={settings.checkoutText} />
      <p className="commerce-notice" id="checkout-empty-notice">
        Your cart is empty. <a href={CART_URL}>Return to your cart</a> to add items before you check out.
      </p>
      <div className="commerce-checkout-grid">
        <form
          className="commerce-checkout-form"
          method="post"
          action="/checkout"
          data-island="checkout"
          data-currency={store.currency}
          data-express-checkout={String(settings.expressCheckout)}
          data-cart-url={CART_URL}
        >
          <Section legend="Contact">
            <div className="commerce-field-grid">
              <Field id="checkout-email" label="Email address" type="email" autoComplete="email" wide />
            </div>
            <div className="commerce-check">
              <input id="checkout-marketing" name="marketing" type="checkbox" value="true" />
              <label htmlFor="checkout-marketing">Keep me up to date on news and offers</label>
            </div>
          </Section>
          <Section legend="Shipping Address">
            <div className="commerce-field-grid">
              <Field id="checkout-firstName" label="First name" autoComplete="shipping given-name" />
              <Field id="checkout-lastName" label="Last name" autoComplete="shipping family-name" />
              <Field id="checkout-address1" label="Address line 1" autoComplete="shipping address-line1" wide />
              <Field id="checkout-address2" label="Address line 2" autoComplete="shipping address-line2" required={false} wide />
              <Field id="checkout-city" label="City" autoComplete="shipping address-level2" />
              <Field id="checkout-state" label="State or province" autoComplete="shipping address-level1" />
              <Field id="checkout-zip" label="ZIP or postal code" autoComplete="shipping postal-code" />
              <Field id="checkout-country" label="Country" autoComplete="shipping country-name" />
              <Field id="checkout-phone" label="Phone" type="tel" autoComplete="shipping tel" required={false} wide />
            </div>
          </Section>
          <Section legend="Shipping Method">
            <p className="commerce-muted">Shipping options and their cost depend on the address the order goes to.</p>
          </Section>
          <Section legend="Payment">
            <p className="commerce-secure">
              <LockIcon />
              <span>Payment is taken securely on the next step.</span>
            </p>
          </Section>
          <button type="submit" className="commerce-button commerce-button-block" disabled aria-describedby="checkout-empty-notice">
            Continue to Payment
          </button>
        </form>
        <aside className="commerce-summary" aria-labelledby="checkout-summary-heading">
          <h2 className="commerce-summary-title" id="checkout-summary-heading">
            Order Summary
          </h2>
          <p className="commerce-summary-empty">Your cart is empty.</p>
          <Totals
            rows={[
              { label: 'Subtotal', cents: 0 },
              { label: 'Shipping', cents: 0 },
              { label: 'Tax', cents: 0 },
            ]}
            total={{ label: 'Total', cents: 0 }}
            money={money}
          />
          <CurrencyNote currency={store.currency} />
        </aside>
      </div>
    </div>
  );
}

function LockIcon() {
  return (
    <svg className="commerce-lock-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M6 10h12v10H6z M8.5 10V7a3.5 3.5 0 0 1 7 0v3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
