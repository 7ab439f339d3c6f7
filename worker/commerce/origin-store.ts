// The store when API_ORIGIN is set: the product origin holds the carts and orders, and the store's pages and
// plain-HTML forms ask it through the same cart API the islands call (the API itself is forwarded as it comes, in
// api.ts). The visitor's store cookies go with each call and the origin's Set-Cookie comes back to the visitor.
import type { Context } from 'hono';
import type { ShoppingCart } from '../../shared/cart.ts';
import { STORE_API, type CartAnswer, type ContributionView, type OrderView, type PlacedAnswer } from '../../shared/store-api.ts';
import type { ApiMode } from '../http/origin-config.ts';
import { originRequestHeaders, sendToOrigin } from '../http/origin.ts';
import { originContext } from '../http/proxy.ts';
import { UNAVAILABLE_MESSAGE } from '../http/request.ts';
import type { AppEnv } from '../env.ts';
import { logOf } from '../log.ts';
import type { SiteModel } from '../site/model.ts';
import { StoreError, type Outcome, type StoreBackend } from './backend.ts';
import type { PaymentMethod } from './payments.ts';

/** The cookies a store call carries to the origin (the cart, hasCart, receipts). */
const OWN_COOKIES = ['CART', 'hasCart', 'ss_receipts'] as const;

const payment = (method: PaymentMethod) =>
  method.kind === 'test' ? { testPaymentOutcome: method.outcome } : { paymentToken: method.token };

export function originStore(c: Context<AppEnv>, site: SiteModel, mode: Extract<ApiMode, { kind: 'proxy' }>): StoreBackend {
  async function call<T>(method: string, path: string, body?: unknown): Promise<{ value: T; setCookie: string[]; status: number }> {
    const headers = originRequestHeaders(c.req.raw.headers, originContext(c, site, { ownCookies: OWN_COOKIES }));
    headers.set('Accept', 'application/json');
    if (body === undefined) headers.delete('Content-Type');
    else headers.set('Content-Type', 'application/json');
    const outcome = await sendToOrigin(
      { url: `${mode.origin}${path}`, method, headers, body: body === undefined ? null : JSON.stringify(body) },
      mode.timeoutMs,
    );
    if (outcome.kind === 'unreachable') {
      logOf(c).warn('store.origin_unreachable', { path, reason: outcome.reason });
      throw new StoreError(503, UNAVAILABLE_MESSAGE);
    }
    const res = outcome.response;
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      logOf(c).warn('store.origin_not_json', { path, status: res.status });
      throw new StoreError(502, UNAVAILABLE_MESSAGE);
    }
    if (!res.ok) {
      const b = (json ?? {}) as { error?: unknown; errors?: Record<string, string>; cart?: ShoppingCart };
      throw new StoreError(res.status, typeof b.error === 'string' ? b.error : UNAVAILABLE_MESSAGE, {
        ...(b.errors ? { errors: b.errors } : {}),
        ...(b.cart ? { cart: b.cart } : {}),
      });
    }
    return { value: json as T, setCookie: res.headers.getAll('Set-Cookie'), status: res.status };
  }

  const outcome = async <T>(method: string, path: string, body?: unknown): Promise<Outcome<T>> => {
    const { value, setCookie } = await call<T>(method, path, body);
    return { value, setCookie };
  };

  /** A read that may be refused as "not yours": null then. */
  async function optional<T>(path: string): Promise<T | null> {
    try {
      return (await call<T>('GET', path)).value;
    } catch (error) {
      if (error instanceof StoreError && error.status === 404) return null;
      throw error;
    }
  }

  /** An answer that should be a cart: one the page could not draw is the origin failing, not a crash. */
  function cart(value: unknown): ShoppingCart {
    const answer = value as Partial<ShoppingCart> | null;
    if (!answer || !Array.isArray(answer.entries) || !answer.display || typeof answer.totalQuantity !== 'number') {
      logOf(c).warn('store.origin_not_a_cart', {});
      throw new StoreError(502, UNAVAILABLE_MESSAGE);
    }
    return answer as ShoppingCart;
  }

  return {
    readCart: async () => cart((await call<unknown>('GET', STORE_API.cart)).value),
    addToCart: (_s, input) => outcome<CartAnswer>('POST', STORE_API.entries, input),
    setQuantity: (_s, entryId, quantity) => outcome<CartAnswer>('PUT', STORE_API.entry(entryId), { quantity }),
    removeEntry: (_s, entryId) => outcome<CartAnswer>('DELETE', STORE_API.entry(entryId)),
    setShipping: (_s, input) => outcome<CartAnswer>('PUT', STORE_API.shipping, input),
    applyCoupon: (_s, code) => outcome<CartAnswer>('POST', STORE_API.coupons, { code }),
    removeCoupon: (_s, code) => outcome<CartAnswer>('DELETE', STORE_API.coupon(code)),
    placeOrder: (_s, input) =>
      outcome<PlacedAnswer>('POST', STORE_API.orders, {
        ...input.fields,
        acceptsMarketing: input.acceptsMarketing,
        shippingOptionId: input.shippingOptionId ?? '',
        ...payment(input.payment),
        ...(input.expectedTotalCents === undefined ? {} : { expectedTotalCents: input.expectedTotalCents }),
      }),
    buyGiftCard: (_s, input) =>
      outcome<PlacedAnswer>('POST', STORE_API.giftCards, {
        ...input.fields,
        productId: input.productId,
        sku: input.sku,
        idempotencyKey: input.idempotencyKey,
        ...payment(input.payment),
      }),
    donate: (_s, input) =>
      outcome<PlacedAnswer>('POST', STORE_API.donations, {
        ...input.fields,
        donatePageId: input.donatePageId,
        amount: input.amount,
        idempotencyKey: input.idempotencyKey,
        ...payment(input.payment),
      }),
    order: (_s, orderId) => optional<OrderView>(STORE_API.order(orderId)),
    contribution: (_s, id) => optional<ContributionView>(STORE_API.contribution(id)),
  };
}
