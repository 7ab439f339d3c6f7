// What the store does, whoever does it: the operations the cart API, the store's pages and their plain-HTML forms call.
// The embedded store (store.ts: this Worker's Durable Objects) and the product origin (origin-store.ts, API_ORIGIN set)
// both implement it, so a page or a form never knows which one answered.
import type { ShoppingCart } from '../../shared/cart.ts';
import type { CartAnswer, ContributionView, OrderView, PlacedAnswer } from '../../shared/store-api.ts';
import type { PaymentMethod } from './payments.ts';

/** Who is asking: their cart and receipts (from cookies), and whether they own the site. */
export interface Shopper {
  cartId: string | null;
  receipts: string[];
  isOwner: boolean;
}

/** An answer, and the cookies it sets (the cart's, a receipt). */
export interface Outcome<T> {
  value: T;
  setCookie: string[];
}

/** A refusal the visitor must see: its status, message, and for forms the message of each field. */
export class StoreError extends Error {
  override name = 'StoreError';
  constructor(
    readonly status: number,
    message: string,
    readonly extra: { errors?: Record<string, string>; cart?: ShoppingCart } = {},
  ) {
    super(message);
  }
}

export interface AddInput {
  productId: string;
  sku: string;
  quantity: number;
}

export interface ShippingInput {
  country: string;
  region?: string | undefined;
  shippingOptionId?: string | null | undefined;
}

/** The checkout form: the fields as typed (checked by the store against the cart), the payment, the total shown. */
export interface CheckoutInput {
  fields: Record<string, unknown>;
  acceptsMarketing: boolean;
  shippingOptionId: string | null;
  payment: PaymentMethod;
  /** the grand total the visitor was shown; a different total now is refused so they can look again */
  expectedTotalCents?: number | undefined;
}

export interface GiftCardInput {
  productId: string;
  sku: string;
  fields: Record<string, unknown>;
  payment: PaymentMethod;
  idempotencyKey: string;
}

export interface DonationInput {
  donatePageId: string;
  amount: string;
  fields: Record<string, unknown>;
  payment: PaymentMethod;
  idempotencyKey: string;
}

export interface StoreBackend {
  readCart(shopper: Shopper): Promise<ShoppingCart>;
  addToCart(shopper: Shopper, input: AddInput): Promise<Outcome<CartAnswer>>;
  setQuantity(shopper: Shopper, entryId: string, quantity: number): Promise<Outcome<CartAnswer>>;
  removeEntry(shopper: Shopper, entryId: string): Promise<Outcome<CartAnswer>>;
  setShipping(shopper: Shopper, input: ShippingInput): Promise<Outcome<CartAnswer>>;
  applyCoupon(shopper: Shopper, code: string): Promise<Outcome<CartAnswer>>;
  removeCoupon(shopper: Shopper, code: string): Promise<Outcome<CartAnswer>>;
  placeOrder(shopper: Shopper, input: CheckoutInput): Promise<Outcome<PlacedAnswer>>;
  buyGiftCard(shopper: Shopper, input: GiftCardInput): Promise<Outcome<PlacedAnswer>>;
  donate(shopper: Shopper, input: DonationInput): Promise<Outcome<PlacedAnswer>>;
  /** an order for its buyer (receipt) or the site's owner; null for anyone else */
  order(shopper: Shopper, orderId: string): Promise<OrderView | null>;
  contribution(shopper: Shopper, contributionId: string): Promise<ContributionView | null>;
}
