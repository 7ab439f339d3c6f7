// The store's wire protocol between the islands and the edge, defined once: the cart API's paths, its cookies, and the
// shapes of orders and contributions as their buyer (or the site's owner) reads them. The cart itself is
// shared/cart.ts's ShoppingCart.
import type { CartLine, ShoppingCart } from './cart.ts';

/** §2: the cart is named by this cookie (HttpOnly: only the edge reads it). */
export const CART_COOKIE = 'CART';
/** §2: 'true' while the visitor's cart holds entries; read by the browser (the cart badge, goto-checkout). */
export const HAS_CART_COOKIE = 'hasCart';
/** Proof that this browser placed an order or gave a contribution: its confirmation page shows it only then. */
export const RECEIPT_COOKIE = 'ss_receipts';

export const STORE_API = {
  cart: '/api/commerce/cart',
  entries: '/api/commerce/cart/entries',
  entry: (entryId: string) => `/api/commerce/cart/entries/${encodeURIComponent(entryId)}`,
  shipping: '/api/commerce/cart/shipping',
  coupons: '/api/commerce/cart/coupons',
  coupon: (code: string) => `/api/commerce/cart/coupons/${encodeURIComponent(code)}`,
  orders: '/api/commerce/orders',
  order: (orderId: string) => `/api/commerce/orders/${encodeURIComponent(orderId)}`,
  giftCards: '/api/commerce/gift-cards',
  contribution: (contributionId: string) => `/api/commerce/contributions/${encodeURIComponent(contributionId)}`,
  donations: '/api/commerce/donations',
  /** GET ?productId=…: what is left of the product's variants that have a count (Availability) */
  availability: '/api/commerce/availability',
} as const;

/**
 * What is left now of a product's variants that are sold from a count (physical and service products; unlimited
 * variants, digital products and gift cards are never listed). The purchase panel reads it after the page has loaded
 * and when a variant is picked, so a page cached before a sale never offers what cannot be bought.
 */
export interface Availability {
  productId: string;
  variants: { sku: string; left: number }[];
}

/** A variant or product that has none left: the cart's refusal, and the purchase panel's before it asks the cart. */
export const soldOutMessage = (name: string) => `${name} is sold out.`;

/** The store's pages (§2 routes; the spec is silent on the cart's own URL). */
export const STORE_PAGES = {
  cart: '/cart',
  checkout: '/checkout',
  gotoCheckout: '/commerce/goto-checkout',
  giftCard: '/checkout/giftcard',
  orderConfirmed: '/commerce/order-confirmed',
  donate: '/commerce/donate',
  contributionConfirmed: '/commerce/contribution-confirmed',
} as const;

/** §2, §8: /commerce/goto-checkout without the cart cookies. */
export const GOTO_CHECKOUT_ALERT = 'Either your session has expired or you do not have cookies enabled. We cannot continue to checkout.';

export const orderConfirmedUrl = (orderId: string) => `${STORE_PAGES.orderConfirmed}?orderId=${encodeURIComponent(orderId)}`;
export const contributionConfirmedUrl = (donatePageId: string, contributionId: string) =>
  `${STORE_PAGES.contributionConfirmed}?donatePageId=${encodeURIComponent(donatePageId)}&contributionId=${encodeURIComponent(contributionId)}`;
/** §2: /checkout/giftcard?websiteId={id}&giftCardProductId={id}&sku={sku} */
export const giftCardUrl = (websiteId: string, productId: string, sku: string) =>
  `${STORE_PAGES.giftCard}?websiteId=${encodeURIComponent(websiteId)}&giftCardProductId=${encodeURIComponent(productId)}&sku=${encodeURIComponent(sku)}`;

/** The answer of every call that changes the cart. */
export interface CartAnswer {
  cart: ShoppingCart;
  /** the line an add went to */
  entryId?: string | undefined;
}

export type OrderState = 'pending' | 'paid' | 'failed' | 'expired';

/**
 * How a page that takes money is paid: the test provider (nothing charged, the page says so), a real provider (the
 * embedded one, or the product origin's), or none at all (an unknown PAYMENT_PROVIDER): the page says payments are
 * not available and offers no button.
 */
export type PaymentsMode = 'test' | 'provider' | 'unavailable';

/** What a page and a refused payment say when no payment provider is configured (PAYMENT_PROVIDER empty). */
export const PAYMENTS_UNAVAILABLE_MESSAGE = 'This store cannot take orders until its payments are set up.';

/** A line of an order: the cart line as it was bought. */
export type OrderLine = Pick<
  CartLine,
  'productId' | 'sku' | 'title' | 'variantLabel' | 'productType' | 'url' | 'image' | 'quantity' | 'unitPriceCents' | 'lineTotalCents'
> & { display: { unitPrice: string; lineTotal: string } };

export interface PostalAddress {
  address1: string;
  address2: string;
  city: string;
  region: string;
  zip: string;
  country: string;
  phone: string;
}

export interface PaymentRecord {
  provider: string;
  /** the provider only pretends: nothing was charged */
  testMode: boolean;
  reference: string | null;
}

/** An order as its buyer sees it on the confirmation page (and the site's owner in the e-mail preview). */
export interface OrderView {
  id: string;
  /** the short number people quote: '00012' */
  number: string;
  kind: 'cart' | 'gift-card';
  state: OrderState;
  /** ms since the epoch */
  created: number;
  currencyCode: string;
  lines: OrderLine[];
  subtotalCents: number;
  discountCents: number;
  shippingCostCents: number;
  taxCents: number;
  grandTotalCents: number;
  display: { subtotal: string; discount: string; shippingCost: string; tax: string; grandTotal: string };
  coupons: string[];
  shippingOption: { name: string; display: string } | null;
  taxes: { name: string; display: string }[];
  customer: { email: string; firstName: string; lastName: string; acceptsMarketing: boolean };
  shippingAddress: PostalAddress | null;
  giftCard: { recipientName: string; recipientEmail: string; message: string; amount: string } | null;
  payment: PaymentRecord;
}

export interface ContributionView {
  id: string;
  number: string;
  donatePageId: string;
  /** the cause, as its donation block names it */
  title: string;
  created: number;
  currencyCode: string;
  amountCents: number;
  display: { amount: string };
  donor: { email: string; firstName: string; lastName: string };
  payment: PaymentRecord;
}

/** The answer of a placed order, a bought gift card or a contribution: where the visitor goes next. */
export interface PlacedAnswer {
  id: string;
  number: string;
  redirect: string;
}

/** What a store page shows of this visitor, read by the edge before it renders (the page is then never cached). */
export interface StoreRouteData {
  cart?: ShoppingCart | undefined;
  /** the order of ?orderId= when this visitor may see it; null when not */
  order?: OrderView | null | undefined;
  contribution?: ContributionView | null | undefined;
  /** the gift card /checkout/giftcard is buying (§2) */
  giftCard?: { productId: string; sku: string } | undefined;
  /** a plain-HTML form sent back: what was wrong, and what the visitor had typed */
  form?: { message: string; errors: Record<string, string>; values: Record<string, string> } | undefined;
  /** §2: /commerce/goto-checkout without the cart cookies */
  alert?: string | undefined;
  /** the store could not be asked (the origin is down): the page says so */
  unavailable?: string | undefined;
  /** checkout and donate: how payments are taken (a test provider's page must say so) */
  payments?: PaymentsMode | undefined;
}
