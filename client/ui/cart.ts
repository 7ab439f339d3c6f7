// The visitor's cart as every island of the page sees it: one atom in the page's jotai store. The cart badge shows it,
// a product's Add To Cart and the cart page set it from the answers of the cart API, so the badge changes without a
// reload. Per visitor, so never in a page's HTML: read from the cart API after the page has loaded, and only when the
// hasCart cookie says there is something to read. And the store's engagement events of §3, sent by the browser as
// RecordEvents like every other (so the edge forwards them to the origin when API_ORIGIN is set): Cart Add by what
// adds (recordCartAdd), Checkout Started and Checkout Completed by the page that shows them (recordStorePage).
import { atom } from 'jotai/vanilla';
import type { ShoppingCart } from '../../shared/cart.ts';
import { PRODUCT_KEY } from '../../shared/site-runtime.ts';
import { HAS_CART_COOKIE, STORE_API, STORE_PAGES } from '../../shared/store-api.ts';
import { recordEvent } from '../lib/analytics.ts';
import { readCookie } from '../lib/cookies.ts';
import { readPageContext } from '../lib/page-context.ts';
import { request, RequestError } from '../lib/request.ts';
import { fireAffiliatePixels } from './affiliate.ts';

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

/**
 * §3's Cart Add, once the cart has taken the entry: a RecordEvent like every engagement event, under the same rules
 * (§6: not for a logged-in account; without consent in no-cookie mode), which the edge forwards with API_ORIGIN set.
 */
export function recordCartAdd(productId: string, sku: string, quantity: number): void {
  recordEvent('Cart Add', { productId, sku, quantity });
}

/** How many order ids a browser keeps to send each order's Checkout Completed once. */
const KEPT_ORDERS = 20;
const COMPLETED_KEY = `${PRODUCT_KEY}_orders_completed`;

/**
 * §3's events of the page the visitor is on, once per page: Checkout Started on a checkout with something to buy (a
 * cart with entries, as hasCart says, or a gift card: its purchase is a checkout of its own), Checkout Completed on
 * the confirmation of an order, which is shown only in the browser that placed it (or to the owner, whose visits are
 * not counted), once per order in this browser (a reload sends nothing). The cart badge, the one island on every
 * page of a store, calls it.
 */
let storePageRecorded = false;
export function recordStorePage(affiliatePixelUrl?: string): void {
  if (storePageRecorded) return;
  storePageRecorded = true;
  const pageType = readPageContext()?.pageTypeName;
  if (pageType === 'CHECKOUT') {
    if (location.pathname !== STORE_PAGES.checkout || hasCartCookie()) recordEvent('Checkout Started');
    return;
  }
  const orderId = new URLSearchParams(location.search).get('orderId');
  if (pageType !== 'ORDER_CONFIRMED' || !orderId || !document.querySelector('.commerce-order')) return;
  let sent: string[] = [];
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(COMPLETED_KEY) ?? '[]');
    if (Array.isArray(kept)) sent = kept.filter((id): id is string => typeof id === 'string');
    if (sent.includes(orderId)) return;
    localStorage.setItem(COMPLETED_KEY, JSON.stringify([...sent, orderId].slice(-KEPT_ORDERS)));
  } catch {
    // no storage: sent on each showing rather than never
  }
  recordEvent('Checkout Completed', { orderId });
  // §7: a purchase is an affiliate purchase, once per order as the event
  fireAffiliatePixels(affiliatePixelUrl, 'purchase', { orderId });
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
