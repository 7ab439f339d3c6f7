// The store's cookies at the edge: CART names the visitor's cart (HttpOnly: the cart id is its only key), hasCart says
// 'true' while it holds entries (§2; read by the browser), and a signed receipts cookie lists the orders and
// contributions this browser made, so their confirmation pages show them to nobody else.
import type { Context } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import { CART_TTL_MS } from '../../shared/cart.ts';
import { CART_COOKIE, HAS_CART_COOKIE, RECEIPT_COOKIE } from '../../shared/store-api.ts';
import type { AppEnv } from '../env.ts';
import { isLocalHost } from '../http/hosts.ts';
import { CART_ID_PATTERN } from '../../shared/ids.ts';
import { requestUrl } from '../http/request-url.ts';
import { canSign, readSignedCookie, signedCookie } from '../security/keys.ts';

type Ctx = Context<AppEnv>;

const CART_MAX_AGE = Math.floor(CART_TTL_MS / 1000);
/** A receipt lets its browser see the confirmation for this long. */
const RECEIPT_MAX_AGE = 30 * 24 * 60 * 60;
/** The receipts cookie keeps this many of the newest. */
const MAX_RECEIPTS = 10;

const secure = (c: Ctx) => !isLocalHost(requestUrl(c).hostname);

/** The visitor's cart id, when the CART cookie holds one of ours. */
export function cartIdOf(c: Ctx): string | null {
  const value = getCookie(c, CART_COOKIE);
  return value && CART_ID_PATTERN.test(value) ? value : null;
}

/** Whether the request carries §2's cart cookies: hasCart is 'true' or a CART cookie exists. */
export function hasCartCookies(c: Ctx): boolean {
  return getCookie(c, HAS_CART_COOKIE) === 'true' || getCookie(c, CART_COOKIE) !== undefined;
}

/**
 * The Set-Cookie headers after a cart changed: CART (renewed for the cart's lifetime), and hasCart while it holds
 * entries. A cart that became an order, or was emptied, takes hasCart away; a bought cart takes CART away too.
 */
export function cartCookies(c: Ctx, cartId: string, state: { entries: number; purchased: boolean }): string[] {
  const base = { path: '/', sameSite: 'Lax' as const, secure: secure(c) };
  if (state.purchased) return clearCartCookies(c);
  return [
    generateCookie(CART_COOKIE, cartId, { ...base, httpOnly: true, maxAge: CART_MAX_AGE }),
    state.entries > 0
      ? generateCookie(HAS_CART_COOKIE, 'true', { ...base, maxAge: CART_MAX_AGE })
      : generateCookie(HAS_CART_COOKIE, '', { ...base, maxAge: 0 }),
  ];
}

export function clearCartCookies(c: Ctx): string[] {
  const base = { path: '/', sameSite: 'Lax' as const, secure: secure(c), maxAge: 0 };
  return [generateCookie(CART_COOKIE, '', { ...base, httpOnly: true }), generateCookie(HAS_CART_COOKIE, '', base)];
}

/**
 * The ids of the orders and contributions this browser made (signed, so nobody can add another's): under SESSION_SECRET,
 * or during a rotation SESSION_SECRET_PREVIOUS.
 */
export async function receiptsOf(c: Ctx): Promise<string[]> {
  const value = await readSignedCookie(c, 'receipt', RECEIPT_COOKIE);
  return value ? value.split('.').filter(Boolean) : [];
}

/** The receipts cookie with one more id, all of them signed again with the current secret. */
export async function receiptCookie(c: Ctx, id: string): Promise<string[]> {
  if (!canSign(c.env)) return [];
  const ids = [id, ...(await receiptsOf(c)).filter((r) => r !== id)].slice(0, MAX_RECEIPTS);
  const cookie = await signedCookie(c.env, 'receipt', RECEIPT_COOKIE, ids.join('.'), {
    path: '/',
    sameSite: 'Lax',
    secure: secure(c),
    httpOnly: true,
    maxAge: RECEIPT_MAX_AGE,
  });
  return cookie ? [cookie] : [];
}
