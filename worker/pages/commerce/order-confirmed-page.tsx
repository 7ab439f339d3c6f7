// The ORDER_CONFIRMED page: the thank-you after payment, with the order number from ?orderId= and the store's contact.
import { useRender } from '../../render/context.tsx';
import { PlainText, useStore } from './store.tsx';

// An order id is short; anything longer is not one of ours and is not worth echoing back.
const MAX_ORDER_ID_LENGTH = 64;

export function OrderConfirmedBody() {
  const { url } = useRender();
  const store = useStore();
  const orderId = url.searchParams.get('orderId')?.trim().slice(0, MAX_ORDER_ID_LENGTH);
  const contactEmail = store.settings.contactEmail;
  return (
    <div className="wrap page-body commerce-page commerce-confirmed">
      <CheckIcon />
      <h1 className="commerce-title">Thank you for your order</h1>
      {orderId && (
        <p className="commerce-order-id">
          Order number <strong>{orderId}</strong>
        </p>
      )}
      <PlainText className="commerce-confirmed-text" text={store.settings.orderConfirmedText} />
      <p className="commerce-muted">A confirmation has been sent to the e-mail address you gave at checkout.</p>
      {contactEmail && (
        <p className="commerce-contact">
          Questions about your order? Write to <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
          {orderId ? ' and mention your order number.' : '.'}
        </p>
      )}
      <a className="commerce-button" href={store.shopUrl}>
        Continue Shopping
      </a>
    </div>
  );
}

/** A round check mark over the confirmation; decorative. */
export function CheckIcon() {
  return (
    <svg className="commerce-check-icon" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <path d="M14 24.5l6.5 6.5L34 17.5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
