// The visitor's cart as every island of the page sees it: one atom in the page's jotai store. The cart badge shows it,
// a product's Add To Cart and the cart page set it from the answers of the cart API, so the badge changes without a
// reload. Per visitor, so never in a page's HTML: read from the cart API after the page has loaded, and only when the
// hasCart cookie says there is something to read.
import { atom } from 'jotai/vanilla';
import type { ShoppingCart } from '../../shared/cart.ts';
import { HAS_CART_COOKIE, STORE_API } from '../../shared/store-api.ts';
import { readCookie } from '../lib/cookies.ts';
import { request, RequestError } from '../lib/request.ts';

/** The cart as the API last answered it; null until known. */
export const cartAtom = atom<ShoppingCart | null>(null);

/** §2: the hasCart cookie is 'true' while the cart holds entries. */
export function hasCartCookie(): boolean {
  return readCookie(HAS_CART_COOKIE) === 'true';
}

let loading: Promise<ShoppingCart | null> | null = null;

/**
 * The visitor's cart from the API, once per page (a visitor without the hasCart cookie has none to read: no request).
 * `set` is the atom's setter of the island that asks.
 */
export function loadCart(set: (cart: ShoppingCart | null) => void): Promise<ShoppingCart | null> {
  loading ??= hasCartCookie()
    ? request<ShoppingCart>(STORE_API.cart, { retries: 1 }).catch((error: unknown) => {
        console.warn('cart:', error instanceof Error ? error.message : error);
        return null;
      })
    : Promise.resolve(null);
  return loading.then((cart) => {
    if (cart) set(cart);
    return cart;
  });
}

/** The message of a refused store call: the edge's own words when it gave them (§8 passes them through). */
export function messageOf(error: unknown): string {
  if (error instanceof RequestError) {
    const body = error.body as { error?: unknown } | null;
    return body && typeof body.error === 'string' ? body.error : error.message;
  }
  return 'Unable to connect...';
}

/** The cart a refusal came with (the edge sends the cart as it is now with a stock or total refusal). */
export function cartOf(error: unknown): ShoppingCart | null {
  if (!(error instanceof RequestError)) return null;
  const body = error.body as { cart?: ShoppingCart } | null;
  return body?.cart ?? null;
}

/** Field messages of a 400 {errors} answer. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof RequestError)) return {};
  const body = error.body as { errors?: Record<string, string> } | null;
  return body?.errors && typeof body.errors === 'object' ? body.errors : {};
}
