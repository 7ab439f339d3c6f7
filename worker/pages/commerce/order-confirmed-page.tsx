// The ORDER_CONFIRMED page (§2 page type 202): the order of ?orderId=, shown only to the browser that placed it (its
// signed receipt) or the store's owner; anyone else learns only that it cannot be shown here. Never cached.
import type { OrderView } from '../../../shared/store-api.ts';
import { countryName } from '../../../shared/countries.ts';
import { useRender } from '../../kit/context.tsx';
import { formatCommerceDateTime, PlainText, useStore } from '../../kit/store.tsx';
import { Figures, SummaryLines } from './summary.view.tsx';

export function OrderConfirmedBody() {
  const { route, site } = useRender();
  const store = useStore();
  const order = route.store?.order;
  const contactEmail = store.settings.contactEmail;
  const contact = contactEmail && (
    <p className="commerce-contact">
      Questions about your order? Write to <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
      {order ? ' and mention your order number.' : '.'}
    </p>
  );
  if (!order) {
    return (
      <div className="wrap page-body commerce-page commerce-confirmed">
        <CheckIcon />
        <h1 className="commerce-title">Order confirmation</h1>
        <p className="commerce-muted">
          {route.store?.unavailable ??
            'This order can only be shown in the browser it was placed in. If it is yours, the store has your order and its details.'}
        </p>
        {contact}
        <a className="commerce-button" href={store.shopUrl}>
          Continue Shopping
        </a>
      </div>
    );
  }
  return (
    <div className="wrap page-body commerce-page commerce-confirmed commerce-order">
      <CheckIcon />
      <h1 className="commerce-title">Thank you for your order</h1>
      <p className="commerce-order-id">
        Order number <strong>{order.number}</strong>
        <span className="commerce-order-date"> · {formatCommerceDateTime(new Date(order.created), site.website.timeZone)}</span>
      </p>
      {order.giftCard ? (
        <p className="commerce-confirmed-text">
          A {order.giftCard.amount} gift card for {order.giftCard.recipientName} ({order.giftCard.recipientEmail}) is paid for. Its code is
          kept for {order.giftCard.recipientName}, with your message.
        </p>
      ) : (
        <PlainText className="commerce-confirmed-text" text={store.settings.orderConfirmedText} />
      )}
      <p className="commerce-muted">Placed with the e-mail address {order.customer.email}.</p>
      <OrderDetails order={order} />
      {contact}
      <a className="commerce-button" href={store.shopUrl}>
        Continue Shopping
      </a>
    </div>
  );
}

/** The order's lines, figures, address and payment. */
function OrderDetails({ order }: { order: OrderView }) {
  const address = order.shippingAddress;
  return (
    <section className="commerce-order-details" aria-labelledby="order-summary-heading">
      <h2 className="commerce-summary-title" id="order-summary-heading">
        Order Summary
      </h2>
      <SummaryLines
        lines={order.lines.map((l) => ({
          key: `${l.productId}:${l.sku}`,
          title: l.title,
          meta: `${l.variantLabel ? `${l.variantLabel} · ` : ''}Qty ${l.quantity} × ${l.display.unitPrice}`,
          total: l.display.lineTotal,
          image: l.image,
        }))}
      />
      <Figures
        rows={[
          { key: 'subtotal', label: 'Subtotal', value: order.display.subtotal },
          ...(order.discountCents > 0
            ? [{ key: 'discount', label: `Discount (${order.coupons.join(', ')})`, value: `−${order.display.discount}` }]
            : []),
          ...(order.shippingOption
            ? [{ key: 'shipping', label: `Shipping (${order.shippingOption.name})`, value: order.shippingOption.display }]
            : []),
          ...order.taxes.map((t) => ({ key: `tax:${t.name}`, label: t.name, value: t.display })),
        ]}
        total={order.display.grandTotal}
      />
      <div className="commerce-order-facts">
        {address && (
          <div>
            <h3>Shipping to</h3>
            <address>
              {order.customer.firstName} {order.customer.lastName}
              <br />
              {address.address1}
              {address.address2 && (
                <>
                  <br />
                  {address.address2}
                </>
              )}
              <br />
              {[address.city, address.region, address.zip].filter(Boolean).join(', ')}
              <br />
              {countryName(address.country)}
            </address>
          </div>
        )}
        <div>
          <h3>Payment</h3>
          <p>{order.payment.testMode ? 'A test payment: nothing was charged.' : 'Paid.'}</p>
        </div>
      </div>
    </section>
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
