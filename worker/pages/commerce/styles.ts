// Styles of the commerce and special pages (cart, checkout, confirmations, donation, unsubscribe, popup overlay, e-mail preview).
/**
 * The Place Order button names the total of the shipping option that is checked, without script: one rule per place in
 * the list of options (a store offers a handful to one destination; past 12 the button keeps the total it was drawn with; one rule wins over the one that hides it by being more specific).
 */
const ORDER_TOTAL_RULES = Array.from(
  { length: 12 },
  (_, i) =>
    `.commerce-page .commerce-checkout-form:has(.commerce-shipping-options > .commerce-option:nth-child(${i + 1}) > input:checked) .commerce-place-order .commerce-order-total:nth-child(${i + 1}) { display: inline; }`,
).join('\n');

export const commercePageStyles = `
.commerce-page {
  max-width: var(--content-width, 1100px);
  margin: 0 auto;
  color: var(--text);
  font-family: var(--body-font);
  overflow-wrap: anywhere;
}
/* Site-chrome pages sit in the template's .wrap.page-body; this gives them the top space of its page headers. */
.commerce-page.page-body { padding-top: clamp(2rem, 6vw, 4.5rem); }
.commerce-page .commerce-title {
  font-family: var(--heading-font);
  font-size: clamp(1.9rem, 1.4rem + 2vw, 2.75rem);
  line-height: 1.15;
  letter-spacing: -0.01em;
  margin: 0 0 calc(var(--gap, 24px) * 0.75);
}
.commerce-page p { line-height: 1.6; }
.commerce-page a:not(.commerce-button) { color: var(--accent); text-underline-offset: 0.18em; }
.commerce-page .commerce-intro { margin: 0 0 var(--gap, 24px); font-size: 1.075rem; max-width: 65ch; }
.commerce-page .commerce-intro p { margin: 0 0 0.75em; }
.commerce-page .commerce-muted { color: var(--muted); }
.commerce-page .commerce-small { font-size: 0.9rem; }
.commerce-page .commerce-break { overflow-wrap: anywhere; }
.commerce-page .commerce-visually-hidden,
.commerce-popup .commerce-visually-hidden {
  position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}

/* Buttons */
.commerce-page .commerce-button,
.commerce-popup .commerce-button {
  display: inline-flex; align-items: center; justify-content: center; gap: 0.5em;
  min-height: 48px; padding: 0.75em 1.6em;
  border: 1px solid var(--accent); border-radius: var(--radius, 6px);
  background: var(--accent); color: var(--accent-contrast);
  font: inherit; font-weight: 600; letter-spacing: 0.02em; text-decoration: none;
  cursor: pointer; transition: filter 0.15s ease, transform 0.15s ease;
}
.commerce-page .commerce-button:hover,
.commerce-popup .commerce-button:hover { filter: brightness(1.08); }
.commerce-page .commerce-button:focus-visible,
.commerce-popup .commerce-button:focus-visible { outline: 3px solid var(--accent); outline-offset: 3px; }
.commerce-page .commerce-button:disabled { opacity: 0.45; cursor: not-allowed; filter: none; }
.commerce-page .commerce-button-block { display: flex; width: 100%; }

/* Notes, totals, summary */
.commerce-page .commerce-currency-note,
.commerce-page .commerce-shipping-note { color: var(--muted); font-size: 0.9rem; margin: 0.5em 0 0; }
.commerce-page .commerce-shipping-note p { margin: 0 0 0.4em; }
.commerce-page .commerce-notice {
  margin: 0 0 var(--gap, 24px); padding: 0.9em 1.1em;
  border: 1px solid var(--border); border-left: 4px solid var(--accent); border-radius: var(--radius, 6px);
  background: var(--surface);
}
.commerce-page .commerce-totals { margin: 0; padding: 0; }
.commerce-page .commerce-totals-row {
  display: flex; justify-content: space-between; gap: 1em;
  padding: 0.55em 0; border-bottom: 1px solid var(--border);
}
.commerce-page .commerce-totals-row dt { color: var(--muted); }
.commerce-page .commerce-totals-row dd { margin: 0; font-variant-numeric: tabular-nums; }
.commerce-page .commerce-totals-total { border-bottom: 0; padding-top: 0.8em; font-weight: 700; font-size: 1.1rem; }
.commerce-page .commerce-totals-total dt { color: var(--text); }
.commerce-page .commerce-summary {
  align-self: start; padding: calc(var(--gap, 24px) * 1.1);
  background: var(--surface); border: 1px solid var(--border); border-radius: calc(var(--radius, 6px) * 2);
  display: flex; flex-direction: column; gap: 0.9rem; min-width: 0;
}
.commerce-page .commerce-summary-title { font-family: var(--heading-font); font-size: 1.25rem; margin: 0; }
.commerce-page .commerce-summary-note,
.commerce-page .commerce-summary-empty { margin: 0; color: var(--muted); font-size: 0.92rem; }
.commerce-page .commerce-summary .commerce-currency-note { margin: 0; }

/* Messages */
.commerce-page .commerce-messages:empty { display: none; }
.commerce-page .commerce-messages { display: flex; flex-direction: column; gap: 0.75rem; margin: 0 0 var(--gap, 24px); }
.commerce-page .commerce-messages > * { margin: 0; }
.commerce-page .commerce-notice-error { border-left-color: #a4262c; }
.commerce-page .commerce-alert {
  padding: 0.9em 1.1em; border-radius: var(--radius, 6px); border: 1px solid #a4262c;
  background: color-mix(in srgb, #a4262c 7%, var(--bg)); color: var(--text); font-weight: 600;
}
.commerce-page .commerce-notices {
  list-style: none; margin: 0; padding: 0.8em 1.1em;
  border: 1px solid var(--border); border-left: 4px solid #b7791f; border-radius: var(--radius, 6px); background: var(--surface);
}
.commerce-page .commerce-notices li + li { margin-top: 0.35em; }
.commerce-page .commerce-link-button {
  padding: 0; border: 0; background: none; color: var(--muted); font: inherit; font-size: 0.88rem;
  text-decoration: underline; text-underline-offset: 0.18em; cursor: pointer;
}
.commerce-page .commerce-link-button:hover { color: var(--text); }
.commerce-page .commerce-button-secondary { background: var(--bg); color: var(--accent); }
.commerce-page .commerce-button-secondary:hover { background: var(--surface); filter: none; }

/* Cart lines (both versions) */
.commerce-page .commerce-lines { list-style: none; margin: 0; padding: 0; border-top: 1px solid var(--border); }
.commerce-page .commerce-line {
  display: grid; grid-template-columns: 96px minmax(0, 1fr) auto 7rem; gap: 0.5rem 1.25rem; align-items: center;
  padding: 1.1rem 0; border-bottom: 1px solid var(--border);
}
.commerce-page .commerce-line-image img,
.commerce-page .commerce-line-image-empty {
  display: block; width: 96px; height: 96px; object-fit: cover; border-radius: var(--radius, 6px); background: var(--surface);
}
.commerce-page .commerce-line-text { min-width: 0; display: flex; flex-direction: column; align-items: flex-start; gap: 0.15rem; }
.commerce-page .commerce-line-text p { margin: 0; }
.commerce-page .commerce-line-title { font-weight: 600; line-height: 1.35; }
.commerce-page .commerce-line-title a { color: var(--text); text-decoration: none; }
.commerce-page .commerce-line-title a:hover { text-decoration: underline; }
.commerce-page .commerce-line-variant,
.commerce-page .commerce-line-unit { color: var(--muted); font-size: 0.9rem; }
.commerce-page .commerce-line-original { margin-right: 0.35em; }
.commerce-page .commerce-line-status { color: #a4262c; font-size: 0.85rem; font-weight: 600; }
.commerce-page .commerce-line-text .commerce-link-button { margin-top: 0.35rem; }
.commerce-page .commerce-line-total { margin: 0; text-align: right; font-weight: 600; font-variant-numeric: tabular-nums; }
.commerce-page .is-unavailable .commerce-line-image,
.commerce-page .is-unavailable .commerce-line-total { opacity: 0.5; }
.commerce-page .commerce-stepper {
  display: inline-flex; align-items: stretch; border: 1px solid var(--border); border-radius: var(--radius, 6px); overflow: hidden;
}
.commerce-page .commerce-stepper button {
  width: 2.4rem; border: 0; background: var(--surface); color: var(--text); font: inherit; font-size: 1.1rem; cursor: pointer;
}
.commerce-page .commerce-stepper button:disabled { color: var(--muted); cursor: not-allowed; opacity: 0.6; }
.commerce-page .commerce-stepper input {
  width: 3.4rem; min-height: 42px; padding: 0.3em; border: 0; border-left: 1px solid var(--border); border-right: 1px solid var(--border);
  border-radius: 0; text-align: center; font: inherit; font-variant-numeric: tabular-nums; -moz-appearance: textfield;
}
.commerce-page .commerce-stepper input::-webkit-inner-spin-button,
.commerce-page .commerce-stepper input::-webkit-outer-spin-button { -webkit-appearance: none; margin: 0; }
.commerce-page .commerce-cart-body[aria-busy=true] .commerce-lines { opacity: 0.6; transition: opacity 0.15s ease; }
.commerce-page .commerce-cart-actions {
  display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 1rem; margin-top: var(--gap, 24px);
}
.commerce-page .commerce-continue { font-weight: 600; }
.commerce-page .commerce-coupon { display: flex; flex-direction: column; gap: 0.4rem; }
.commerce-page .commerce-coupon label { font-size: 0.92rem; font-weight: 600; }
.commerce-page .commerce-coupon-row { display: flex; gap: 0.5rem; }
.commerce-page .commerce-coupon-row input {
  flex: 1 1 auto; min-width: 0; min-height: 44px; padding: 0.5em 0.75em; text-transform: uppercase;
  border: 1px solid var(--border); border-radius: var(--radius, 6px); font: inherit; background: var(--bg); color: var(--text);
}
.commerce-page .commerce-coupon-row .commerce-button { flex: none; min-height: 44px; padding: 0.5em 1.1em; white-space: nowrap; }
.commerce-page .commerce-coupons { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; }
.commerce-page .commerce-coupons li { display: flex; align-items: center; gap: 0.5rem; }
.commerce-page .commerce-coupon-code {
  padding: 0.15em 0.6em; border-radius: 99px; background: var(--accent); color: var(--accent-contrast);
  font-size: 0.82rem; font-weight: 700; letter-spacing: 0.04em;
}
.commerce-page .commerce-totals-discount dd { color: var(--accent); }
.commerce-page .commerce-totals-detail { font-size: 0.85em; }

/* Cart (v1) */
.commerce-cart { max-width: 820px; }
.commerce-cart .commerce-cart-totals {
  display: flex; flex-direction: column; gap: 0.9rem; margin: var(--gap, 24px) 0 0 auto; max-width: 360px;
}
.commerce-page .commerce-cart-empty {
  display: flex; flex-direction: column; align-items: center; text-align: center; gap: 1rem;
  padding: calc(var(--gap, 24px) * 2) 0; border-top: 1px solid var(--border); border-bottom: 1px solid var(--border);
}
.commerce-page .commerce-cart-empty .icon-bag { color: var(--muted); }
.commerce-page .commerce-cart-empty-text { margin: 0; font-size: 1.15rem; }
.commerce-page .commerce-cart-notes { margin-top: 1.5rem; text-align: center; }

/* Cart (v2) */
.commerce-page .commerce-cart-count { font-size: 0.55em; font-weight: 400; color: var(--muted); vertical-align: middle; }
.commerce-page .commerce-cart-v2-grid {
  display: grid; grid-template-columns: minmax(0, 1fr) minmax(280px, 360px); gap: calc(var(--gap, 24px) * 1.5); align-items: start;
}
.commerce-page .commerce-cart-v2-items { min-width: 0; }
.commerce-page .commerce-cart-v2-grid .commerce-cart-totals { display: flex; flex-direction: column; gap: 0.9rem; }

/* Checkout */
.commerce-page .commerce-checkout-grid {
  display: grid; grid-template-columns: minmax(0, 1fr) minmax(280px, 380px); gap: calc(var(--gap, 24px) * 1.5); align-items: start;
}
.commerce-page .commerce-checkout-form,
.commerce-page .commerce-donate-form { display: flex; flex-direction: column; gap: var(--gap, 24px); min-width: 0; }
.commerce-page .commerce-checkout-form > .commerce-notice,
.commerce-page .commerce-donate-form > .commerce-notice { margin: 0; }
.commerce-page .commerce-fieldset {
  margin: 0; padding: var(--gap, 24px); min-width: 0;
  border: 1px solid var(--border); border-radius: calc(var(--radius, 6px) * 1.5);
}
.commerce-page .commerce-legend {
  padding: 0 0.4em; margin-left: -0.4em;
  font-family: var(--heading-font); font-size: 1.15rem; font-weight: 700;
}
.commerce-page .commerce-fieldset > p { margin: 0.25em 0 0; }
.commerce-page .commerce-field-grid { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 1rem; }
.commerce-page .commerce-field { display: flex; flex-direction: column; gap: 0.35rem; min-width: 0; }
.commerce-page .commerce-field-wide { grid-column: 1 / -1; }
.commerce-page .commerce-field label { font-size: 0.92rem; font-weight: 600; }
.commerce-page .commerce-optional { font-weight: 400; color: var(--muted); }
.commerce-page .commerce-field input {
  width: 100%; box-sizing: border-box; min-height: 46px; padding: 0.6em 0.8em;
  font: inherit; color: var(--text); background: var(--bg);
  border: 1px solid var(--border); border-radius: var(--radius, 6px);
}
.commerce-page .commerce-field input:focus-visible,
.commerce-page .commerce-check input:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; border-color: var(--accent); }
.commerce-page .commerce-check { display: flex; align-items: center; gap: 0.6rem; margin-top: 1rem; }
.commerce-page .commerce-check input { width: 18px; height: 18px; margin: 0; accent-color: var(--accent); flex: none; }
.commerce-page .commerce-secure { display: flex; align-items: center; gap: 0.5rem; margin: 0; color: var(--muted); }
.commerce-page .commerce-lock-icon { flex: none; color: var(--accent); }

.commerce-page .commerce-field input,
.commerce-page .commerce-field select,
.commerce-page .commerce-field textarea {
  width: 100%; box-sizing: border-box; min-height: 46px; padding: 0.6em 0.8em;
  font: inherit; color: var(--text); background: var(--bg);
  border: 1px solid var(--border); border-radius: var(--radius, 6px);
}
.commerce-page .commerce-field textarea { min-height: 5.5em; resize: vertical; }
.commerce-page .commerce-field select:focus-visible,
.commerce-page .commerce-field textarea:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; border-color: var(--accent); }
.commerce-page .commerce-field.has-error input,
.commerce-page .commerce-field.has-error select,
.commerce-page .commerce-field.has-error textarea { border-color: #a4262c; box-shadow: 0 0 0 1px #a4262c; }
.commerce-page .commerce-field-error { margin: 0; color: #a4262c; font-size: 0.88rem; font-weight: 600; }
.commerce-page .commerce-options { display: flex; flex-direction: column; gap: 0.6rem; }
.commerce-page .commerce-option { position: relative; }
.commerce-page .commerce-option input { position: absolute; top: 1.05rem; left: 1rem; margin: 0; accent-color: var(--accent); width: 18px; height: 18px; }
.commerce-page .commerce-option label {
  display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 0.15rem 1rem; align-items: baseline;
  padding: 0.85rem 1rem 0.85rem 2.75rem; border: 1px solid var(--border); border-radius: var(--radius, 6px);
  cursor: pointer; font-weight: 400;
}
.commerce-page .commerce-option input:checked + label { border-color: var(--accent); box-shadow: 0 0 0 1px var(--accent); background: var(--surface); }
.commerce-page .commerce-option input:focus-visible + label { outline: 3px solid var(--accent); outline-offset: 2px; }
.commerce-page .commerce-option-name { font-weight: 600; }
.commerce-page .commerce-option-price { font-weight: 600; font-variant-numeric: tabular-nums; text-align: right; }
.commerce-page .commerce-option-description { grid-column: 1; grid-row: 2; color: var(--muted); font-size: 0.88rem; }
.commerce-page .commerce-pricing { margin: 0.75rem 0 0; font-size: 0.9rem; }
.commerce-page .commerce-option-total { grid-column: 1 / -1; color: var(--muted); font-size: 0.88rem; font-variant-numeric: tabular-nums; }
.commerce-page .commerce-shipping-note { margin: 0.75rem 0 0; font-size: 0.9rem; }
.commerce-page .commerce-order-total { display: none; }
.commerce-page .commerce-order-total.is-chosen { display: inline; }
.commerce-page .commerce-checkout-form:has(.commerce-shipping-options > .commerce-option:nth-child(-n+12) > input:checked) .commerce-order-total.is-chosen { display: none; }
${ORDER_TOTAL_RULES}
.commerce-page .commerce-test-payment {
  display: flex; flex-direction: column; gap: 0.75rem; padding: 1rem 1.1rem;
  border: 2px dashed #b7791f; border-radius: var(--radius, 6px); background: color-mix(in srgb, #b7791f 6%, var(--bg));
}
.commerce-page .commerce-test-payment > p { margin: 0; }
.commerce-page .commerce-test-badge {
  align-self: flex-start; padding: 0.15em 0.7em; border-radius: 99px; background: #7a4d0d; color: #fff;
  font-size: 0.75rem; font-weight: 700; letter-spacing: 0.08em; text-transform: uppercase;
}
.commerce-page .commerce-place-order { min-height: 54px; font-size: 1.05rem; }
.commerce-page .commerce-checkout-form[aria-busy=true] .commerce-place-order { cursor: progress; }
.commerce-page .commerce-checkout-empty { display: flex; flex-direction: column; gap: 0.75rem; max-width: 640px; }
.commerce-page .commerce-checkout-empty > p { margin: 0; }
.commerce-page .commerce-summary-lines { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 0.85rem; }
.commerce-page .commerce-summary-line { display: flex; align-items: center; gap: 0.75rem; }
.commerce-page .commerce-summary-image { flex: none; width: 56px; height: 56px; object-fit: cover; border-radius: var(--radius, 6px); background: var(--bg); }
.commerce-page .commerce-summary-line-text { flex: 1 1 auto; min-width: 0; display: flex; flex-direction: column; line-height: 1.35; }
.commerce-page .commerce-summary-line-title { font-weight: 600; font-size: 0.95rem; }
.commerce-page .commerce-summary-line-meta { color: var(--muted); font-size: 0.85rem; }
.commerce-page .commerce-summary-line-total { flex: none; font-weight: 600; font-variant-numeric: tabular-nums; }

/* Confirmations */
.commerce-confirmed { max-width: 640px; text-align: center; }
.commerce-page .commerce-check-icon { color: var(--accent); margin: 0 auto var(--gap, 24px); display: block; }
.commerce-page .commerce-order-id {
  display: inline-block; margin: 0 0 var(--gap, 24px); padding: 0.4em 1em;
  background: var(--surface); border: 1px solid var(--border); border-radius: 999px; overflow-wrap: anywhere;
}
.commerce-page .commerce-confirmed-text { margin: 0 auto var(--gap, 24px); max-width: 56ch; }
.commerce-page .commerce-confirmed-text p { margin: 0 0 0.75em; }
.commerce-page .commerce-contact { margin: 0 0 calc(var(--gap, 24px) * 1.25); }
.commerce-confirmed .commerce-button { margin-top: 0.5rem; }

.commerce-order { max-width: 720px; }
.commerce-page .commerce-order-date { color: var(--muted); }
.commerce-page .commerce-order-details {
  margin: 0 0 var(--gap, 24px); padding: calc(var(--gap, 24px) * 1.1); text-align: left;
  background: var(--surface); border: 1px solid var(--border); border-radius: calc(var(--radius, 6px) * 2);
  display: flex; flex-direction: column; gap: 0.9rem;
}
.commerce-page .commerce-order-facts { display: grid; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); gap: 1rem; }
.commerce-page .commerce-order-facts h3 { margin: 0 0 0.3rem; font-size: 0.8rem; letter-spacing: 0.08em; text-transform: uppercase; color: var(--muted); }
.commerce-page .commerce-order-facts address,
.commerce-page .commerce-order-facts p { margin: 0; font-style: normal; line-height: 1.5; }

/* Donation */
.commerce-donate { max-width: 680px; }
.commerce-page .commerce-amounts { display: grid; grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); gap: 0.75rem; }
.commerce-page .commerce-amount { position: relative; }
.commerce-page .commerce-amount input { position: absolute; opacity: 0; inset: 0; margin: 0; width: 100%; height: 100%; cursor: pointer; }
.commerce-page .commerce-amount label {
  display: flex; align-items: center; justify-content: center; min-height: 52px; padding: 0.5em;
  border: 1px solid var(--border); border-radius: var(--radius, 6px); background: var(--bg);
  font-weight: 600; text-align: center; cursor: pointer; transition: border-color 0.15s ease, background 0.15s ease;
}
.commerce-page .commerce-amount input:checked + label { border-color: var(--accent); background: var(--accent); color: var(--accent-contrast); }
.commerce-page .commerce-amount input:focus-visible + label { outline: 3px solid var(--accent); outline-offset: 2px; }
.commerce-page .commerce-other-amount { margin-top: 1rem; }

/* Newsletter unsubscribe (minimal chrome: a narrow card) */
.commerce-unsubscribe { max-width: 440px; text-align: center; }
.commerce-unsubscribe .commerce-unsubscribe-form { display: flex; flex-direction: column; gap: 1rem; text-align: left; margin-bottom: 1rem; }
.commerce-unsubscribe .commerce-form-error { color: #8a1c14; font-weight: 600; }
.commerce-unsubscribe .commerce-form-error:empty { display: none; }

/* Popup overlay, drawn over a dimmed stage. The minimal chrome's narrow card would squeeze it, so on this page type the
   card gives way to the stage. */
.page-type-popup-overlay main:has(.commerce-popup-stage) {
  width: min(100%, 64rem); padding: 0; background: none; border: 0; box-shadow: none;
}
.commerce-popup-none { max-width: 440px; text-align: center; }
.commerce-popup-stage {
  display: grid; place-items: center; min-height: min(640px, 80vh); padding: clamp(16px, 4vw, 48px);
  background: rgb(0 0 0 / 0.55); border-radius: calc(var(--radius, 6px) * 2); box-sizing: border-box;
}
.commerce-popup {
  position: relative; box-sizing: border-box; width: 100%; max-width: 760px; overflow: hidden;
  background: var(--bg); color: var(--text); font-family: var(--body-font);
  border-radius: calc(var(--radius, 6px) * 2); box-shadow: 0 24px 64px rgb(0 0 0 / 0.35);
}
.commerce-popup-card.has-image { display: grid; grid-template-columns: minmax(0, 5fr) minmax(0, 6fr); }
.commerce-popup-card .commerce-popup-media img { display: block; width: 100%; height: 100%; min-height: 280px; object-fit: cover; }
.commerce-popup-full { max-width: 960px; min-height: 420px; display: grid; }
.commerce-popup-full .commerce-popup-media { position: absolute; inset: 0; }
.commerce-popup-full .commerce-popup-media img { width: 100%; height: 100%; object-fit: cover; }
.commerce-popup-full.has-image .commerce-popup-media::after { content: ''; position: absolute; inset: 0; background: rgb(0 0 0 / 0.6); }
.commerce-popup-full.has-image { color: #fff; }
.commerce-popup-full .commerce-popup-content { position: relative; align-self: center; text-align: center; max-width: 560px; margin: 0 auto; }
.commerce-popup-content { padding: clamp(24px, 5vw, 48px); min-width: 0; }
.commerce-popup-title {
  font-family: var(--heading-font); font-size: clamp(1.6rem, 1.2rem + 1.6vw, 2.25rem); line-height: 1.15; margin: 0 0 0.6em;
  overflow-wrap: anywhere;
}
.commerce-popup-body p { margin: 0 0 1em; line-height: 1.6; }
.commerce-popup-form { margin-top: 1.25rem; }
.commerce-popup-form[hidden], .commerce-popup-submitted[hidden] { display: none; }
.commerce-popup-lock { margin: 0; padding: 0; border: 0; min-width: 0; }
.commerce-popup-fields { display: flex; gap: 0.5rem; flex-wrap: wrap; align-items: flex-end; }
.commerce-popup-lock:disabled .commerce-button { opacity: 0.75; cursor: progress; }
.commerce-popup-form .form-item { flex: 1 1 200px; min-width: 0; display: flex; flex-direction: column; gap: 0.3rem; text-align: left; }
.commerce-popup-form .form-item-name { flex-basis: 100%; }
.commerce-popup-form .form-field { margin: 0; padding: 0; border: 0; min-width: 0; }
.commerce-popup-form .form-parts { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.commerce-popup-form .form-part { flex: 1 1 140px; min-width: 0; }
.commerce-popup-form .form-control { width: 100%; }
.commerce-popup-form .form-field-error { margin: 0; font-size: 0.88rem; font-weight: 600; color: #a4161a; }
.commerce-popup-full.has-image .commerce-popup-form .form-field-error,
.commerce-popup-full.has-image .commerce-popup-message { color: #ffd7d2; }
.commerce-popup-form .is-error input { border-color: #a4161a; box-shadow: 0 0 0 1px #a4161a; }
.commerce-popup-message { margin: 0 0 0.75rem; font-weight: 600; color: #8a1c14; }
.commerce-popup-message:empty { display: none; }
.commerce-popup-message p { margin: 0; }
.commerce-popup-message:focus { outline: 2px solid currentColor; outline-offset: 2px; }
.commerce-popup-submitted p { margin: 1.25rem 0 0; font-weight: 600; font-size: 1.1rem; }
.commerce-popup-submitted:focus { outline: none; }
/* The site-wide popup: a modal <dialog> over a dimmed page, sized by its card (FULL fills the window). */
dialog.popup-overlay {
  padding: 0; border: 0; background: transparent; color: inherit; overflow: auto;
  width: min(760px, calc(100vw - 32px)); max-width: none; max-height: calc(100dvh - 32px);
}
dialog.popup-overlay-full { width: min(960px, calc(100vw - 32px)); }
dialog.popup-overlay::backdrop { background: rgb(0 0 0 / 0.55); }
/* it takes the focus as it opens (for screen readers): its controls, not the card, show where the keyboard is */
dialog.popup-overlay:focus { outline: none; }
dialog.popup-overlay .commerce-popup { max-width: none; }
@media (prefers-reduced-motion: no-preference) {
  dialog.popup-overlay[open] { animation: popup-overlay-in 0.3s ease-out; }
}
/* movement only: text keeps its contrast at every moment of the entrance */
@keyframes popup-overlay-in { from { transform: translateY(16px); } }
.commerce-popup-form input {
  flex: 1 1 200px; min-width: 0; min-height: 48px; padding: 0.6em 0.9em; box-sizing: border-box;
  font: inherit; color: var(--text); background: var(--bg);
  border: 1px solid var(--border); border-radius: var(--radius, 6px);
}
.commerce-popup-form input:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
.commerce-popup-form .commerce-button { flex: 0 0 auto; }
.commerce-popup-close {
  position: absolute; top: 12px; right: 12px; z-index: 1;
  display: grid; place-items: center; width: 40px; height: 40px; padding: 0;
  border: 0; border-radius: 50%; background: var(--bg); color: var(--text); cursor: pointer;
  box-shadow: 0 2px 8px rgb(0 0 0 / 0.2);
}
.commerce-popup-close:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }

@media (max-width: 900px) {
  .commerce-page .commerce-cart-v2-grid,
  .commerce-page .commerce-checkout-grid { grid-template-columns: minmax(0, 1fr); }
  .commerce-page .commerce-checkout-grid .commerce-summary { order: -1; }
}
@media (max-width: 432px) {
  .commerce-page .commerce-field-grid { grid-template-columns: minmax(0, 1fr); }
  .commerce-page .commerce-fieldset { padding: 16px; }
  .commerce-page .commerce-summary { padding: 18px; }
  .commerce-page .commerce-line { grid-template-columns: 72px minmax(0, 1fr) auto; }
  .commerce-page .commerce-line-image img,
  .commerce-page .commerce-line-image-empty { width: 72px; height: 72px; }
  .commerce-page .commerce-line-quantity { grid-column: 2; }
  .commerce-page .commerce-line-total { grid-column: 3; grid-row: 2; align-self: center; }
  .commerce-cart .commerce-cart-totals { max-width: none; }
  .commerce-page .commerce-option label { grid-template-columns: minmax(0, 1fr); }
  .commerce-page .commerce-option-price { text-align: left; }
  .commerce-page .commerce-option-description { grid-row: auto; }
  .commerce-page .commerce-amounts { grid-template-columns: repeat(2, minmax(0, 1fr)); }
}
@media (max-width: 640px) {
  .commerce-popup-card.has-image { grid-template-columns: minmax(0, 1fr); }
  .commerce-popup-card .commerce-popup-media img { min-height: 0; max-height: 220px; }
  .commerce-popup-form .commerce-button { flex: 1 1 100%; }
}

/* E-mail preview: one centred 600px column, as mail clients show it */
.email-preview {
  min-height: 100vh; box-sizing: border-box; padding: 24px 12px 40px;
  background: #f1f1ef; color: #1f1f1f;
  font-family: var(--body-font, -apple-system, BlinkMacSystemFont, 'Helvetica Neue', Arial, sans-serif);
  font-size: 16px; line-height: 1.55; overflow-wrap: anywhere;
}
.email-preview a { color: #1f1f1f; }
.email-preview .email-top { max-width: 600px; margin: 0 auto 12px; text-align: center; font-size: 13px; color: #555; }
.email-preview .email-top p { margin: 0 0 8px; }
.email-preview .email-preview-badge {
  display: inline-block; margin-right: 6px; padding: 2px 8px; border-radius: 999px;
  background: #1f1f1f; color: #fff; font-size: 11px; font-weight: 700; letter-spacing: 0.08em; text-transform: uppercase;
}
.email-preview .email-browser-link a { color: #555; }
.email-preview .email-card {
  display: block; max-width: 600px; margin: 0 auto; box-sizing: border-box; padding: 40px 32px;
  background: #fff; border-radius: 8px; box-shadow: 0 1px 3px rgb(0 0 0 / 0.08);
}
.email-preview .email-brand { text-align: center; margin-bottom: 28px; }
.email-preview .email-logo { max-width: 200px; max-height: 80px; width: auto; height: auto; }
.email-preview .email-brand-name {
  margin: 0; font-family: var(--heading-font, Georgia, serif); font-size: 22px; font-weight: 700; letter-spacing: 0.04em;
}
.email-preview .email-heading {
  margin: 0 0 16px; text-align: center; font-family: var(--heading-font, Georgia, serif); font-size: 28px; line-height: 1.2;
}
.email-preview .email-text { margin: 0 0 16px; text-align: center; color: #333; }
.email-preview .email-text p { margin: 0 0 12px; }
.email-preview .email-meta { margin: 0 0 28px; text-align: center; font-size: 14px; color: #595959; }
.email-preview .email-subheading {
  margin: 0 0 8px; padding-bottom: 8px; border-bottom: 2px solid #1f1f1f;
  font-size: 13px; letter-spacing: 0.1em; text-transform: uppercase;
}
.email-preview .email-lines { list-style: none; margin: 0; padding: 0; }
.email-preview .email-line { display: flex; align-items: center; gap: 16px; padding: 14px 0; border-bottom: 1px solid #e4e4e4; }
.email-preview .email-line-image { flex: none; width: 64px; height: 64px; object-fit: cover; border-radius: 4px; background: #eee; }
.email-preview .email-line-image-empty { display: block; }
.email-preview .email-line-text { flex: 1 1 auto; min-width: 0; display: flex; flex-direction: column; }
.email-preview .email-line-title { font-weight: 600; }
.email-preview .email-line-variant,
.email-preview .email-line-qty { font-size: 14px; color: #595959; }
.email-preview .email-line-price { flex: none; font-weight: 600; font-variant-numeric: tabular-nums; }
.email-preview .email-totals { margin: 16px 0 24px; }
.email-preview .email-totals div { display: flex; justify-content: space-between; gap: 12px; padding: 4px 0; }
.email-preview .email-totals dt { color: #595959; }
.email-preview .email-totals dd { margin: 0; font-variant-numeric: tabular-nums; }
.email-preview .email-totals .email-totals-total { margin-top: 6px; padding-top: 10px; border-top: 1px solid #e4e4e4; font-weight: 700; font-size: 18px; }
.email-preview .email-totals .email-totals-total dt { color: #1f1f1f; }
.email-preview .email-contact { margin: 24px 0 0; text-align: center; font-size: 14px; color: #595959; }
.email-preview .email-gift-card {
  margin: 24px auto; max-width: 360px; padding: 28px 24px; border-radius: 14px; text-align: center;
  background: linear-gradient(135deg, #1f1f1f, #474747); color: #fff;
}
.email-preview .email-gift-card p { margin: 0; }
.email-preview .email-gift-card-store { font-size: 13px; letter-spacing: 0.12em; text-transform: uppercase; opacity: 0.9; }
.email-preview .email-gift-card-amount { margin: 10px 0 16px !important; font-size: 40px; font-weight: 700; }
.email-preview .email-gift-card-code-label { display: block; font-size: 12px; opacity: 0.9; margin-bottom: 4px; }
.email-preview .email-gift-card-code code { font-size: 17px; letter-spacing: 0.12em; }
.email-preview .email-cta { text-align: center; margin: 0; }
.email-preview .email-button {
  display: inline-block; padding: 12px 28px; border-radius: 6px; background: #1f1f1f; color: #fff; font-weight: 700; text-decoration: none;
}
.email-preview .email-footer { max-width: 600px; margin: 24px auto 0; text-align: center; font-size: 13px; color: #595959; }
.email-preview .email-footer p { margin: 0 0 4px; font-weight: 600; }
.email-preview .email-footer-address { font-style: normal; white-space: pre-line; }
@media (max-width: 432px) {
  .email-preview .email-card { padding: 28px 18px; }
  .email-preview .email-heading { font-size: 24px; }
  .email-preview .email-line { gap: 12px; }
  .email-preview .email-line-image { width: 48px; height: 48px; }
}
`;
