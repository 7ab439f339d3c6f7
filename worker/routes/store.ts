// The store's plain-HTML forms and §2's /commerce/goto-checkout. Every form of the store posts to its own page (the
// product's Add To Cart and the cart to /cart (a gift card's goes on to its own page), checkout to /checkout, a gift card to /checkout/giftcard, a donation to
// /commerce/donate): a visitor without script, or whose island has not woken yet, gets the same store the islands use.
// A success answers 303 to the next page (post, redirect, get); a refusal renders the page again with the reasons and
// what was typed (never cached, nothing in the URL). These posts must come from the site itself: the browser says so
// (Origin, Sec-Fetch-Site), or, for a client that says nothing, the crumb comes with the form (sameSitePost, before any route).
import { sameSitePath } from '../../shared/urls.ts';
import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isCountryCode } from '../../shared/countries.ts';
import { PRODUCT_TYPES } from '../../shared/codes.ts';
import { giftCardUrl, GOTO_CHECKOUT_ALERT, STORE_PAGES } from '../../shared/store-api.ts';
import { readForm, UNAVAILABLE_MESSAGE } from '../http/request.ts';
import type { AppEnv } from '../env.ts';
import type { Route } from '../kit/context.tsx';
import { sendPage } from '../render/send.ts';
import { PageHeaders } from '../render/page-headers.ts';
import { renderState } from '../render/state.ts';
import { resolve } from '../routing/resolve.ts';
import { isUnlocked } from '../security/unlock.ts';
import type { SiteModel } from '../site/model.ts';
import { requireSite } from '../middleware/site.ts';
import { bodyLimit } from '../http/body-limit.ts';
import { shopperOf, STORE_BODY_LIMIT } from '../api/commerce.ts';
import { StoreError, type CheckoutInput, type Outcome, type Shopper, type StoreBackend } from '../commerce/backend.ts';
import { visibleProduct } from '../site/catalog.ts';
import { hasCartCookies } from '../commerce/cookies.ts';
import { addInput, checkoutInput, couponInput, donationInput, giftCardInput } from '../commerce/inputs.ts';
import { storeBackend, withStoreData } from './store-data.ts';
import { requestUrl } from '../http/request-url.ts';

type Ctx = Context<AppEnv>;

interface Posted {
  site: SiteModel;
  route: Route;
  fields: Record<string, string>;
  store: StoreBackend;
  shopper: Shopper;
  now: Date;
}

/** The site, page and fields of a store post, once it is known to come from the site and the page is open to it. */
async function posted(c: Ctx): Promise<Posted | Response> {
  const site = c.get('site');
  const now = new Date();
  const url = requestUrl(c);
  const resolution = await resolve(site, url, now);
  // a page locked for this visitor: its lock screen says so (GET)
  if (resolution.kind !== 'page' || (resolution.lock && !(await isUnlocked(c, resolution.lock))))
    return c.redirect(sameSitePath(url.pathname + url.search, '/'), 303);
  // a body no browser's form would send (of another type, truncated, unreadable) is refused with the reason
  let fields: Record<string, string>;
  try {
    ({ fields } = await readForm(c));
  } catch (error) {
    if (error instanceof HTTPException) return error.getResponse();
    throw error;
  }
  return { site, route: resolution.route, fields, store: storeBackend(c, site, now), shopper: await shopperOf(c), now };
}

const NO_STORE = () => new PageHeaders({ 'Cache-Control': 'private, no-store' });

/** 303 to the next page with the cookies the store set. */
function next(location: string, setCookie: string[]): Response {
  const headers = new Headers({ Location: sameSitePath(location, '/'), 'Cache-Control': 'no-store' });
  for (const cookie of setCookie) headers.append('Set-Cookie', cookie);
  return new Response(null, { status: 303, headers });
}

/** The page again, with why the post was refused and what was typed; a password is never sent back. */
async function sendBack(c: Ctx, p: Posted, error: StoreError): Promise<Response> {
  const { crumb: _crumb, ...values } = p.fields;
  const route: Route = {
    ...p.route,
    status: error.status,
    store: { ...p.route.store, cart: error.extra.cart, form: { message: error.message, errors: error.extra.errors ?? {}, values } },
  };
  return sendPage(c, renderState(c, p.site, await withStoreData(c, p.site, route, p.now), p.now), NO_STORE());
}

/** Runs a store action for a post: 303 on success, the page again on a refusal. */
async function act(c: Ctx, run: (p: Posted) => Promise<{ location: string; outcome: Outcome<unknown> }>): Promise<Response> {
  let p: Posted | Response;
  try {
    p = await posted(c);
  } catch (error) {
    // a malformed API_ORIGIN: the store cannot be asked (logged where the setting is read)
    if (error instanceof HTTPException) return c.text(UNAVAILABLE_MESSAGE, 503, { 'Cache-Control': 'no-store' });
    throw error;
  }
  if (p instanceof Response) return p;
  try {
    const { location, outcome } = await run(p);
    return next(location, outcome.setCookie);
  } catch (error) {
    if (error instanceof StoreError) return sendBack(c, p, error);
    throw error;
  }
}

/** Cents as the text a donor would type ('25.00'), by whole-number arithmetic. */
const centsText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export const storePagesApp = new Hono<AppEnv>();

const limit = bodyLimit(STORE_BODY_LIMIT);

/** The cart's form: add (a product's form), update the quantities, one more or fewer, remove, discount codes. */
storePagesApp.post(STORE_PAGES.cart, limit, requireSite(), (c) =>
  act(c, async ({ fields, store, shopper, site, now }) => {
    const [intent = 'update', arg = ''] = (fields.intent ?? 'update').split(/:(.*)/s);
    const done = (outcome: Outcome<unknown>) => ({ location: STORE_PAGES.cart, outcome });
    if (intent === 'add') {
      // §2: a gift card is bought on its own page, never in the cart
      const product = (await visibleProduct(site, fields.productId ?? '', now))?.product;
      if (product?.productType === PRODUCT_TYPES.GIFT_CARD) {
        const sku = product.variants.some((v) => v.sku === fields.sku) ? fields.sku! : (product.variants[0]?.sku ?? '');
        return { location: giftCardUrl(site.website.id, fields.productId!, sku), outcome: { value: null, setCookie: [] } };
      }
      return done(await store.addToCart(shopper, addInput(fields)));
    }
    if (intent === 'coupon') return done(await store.applyCoupon(shopper, couponInput(fields)));
    if (intent === 'remove-coupon') return done(await store.removeCoupon(shopper, arg));
    if (intent === 'remove') return done(await store.removeEntry(shopper, arg));
    const cart = await store.readCart(shopper);
    if (intent === 'increase' || intent === 'decrease') {
      const line = cart.entries.find((l) => l.id === arg);
      if (!line) throw new StoreError(404, 'This item is no longer in your cart.');
      return done(await store.setQuantity(shopper, line.id, Math.max(0, line.requestedQuantity + (intent === 'increase' ? 1 : -1))));
    }
    // update: every quantity that was changed
    let outcome: Outcome<unknown> = { value: null, setCookie: [] };
    const cookies: string[] = [];
    for (const line of cart.entries) {
      const typed = fields[`quantity-${line.id}`];
      if (typed === undefined || typed.trim() === String(line.requestedQuantity)) continue;
      const quantity = Number(typed.trim());
      if (!/^\d{1,3}$/.test(typed.trim()))
        throw new StoreError(400, `Choose a quantity of ${line.title} from 0 to ${line.maxQuantity ?? 999}.`);
      outcome = await store.setQuantity(shopper, line.id, quantity);
      cookies.push(...outcome.setCookie);
    }
    return done({ value: outcome.value, setCookie: cookies });
  }),
);

storePagesApp.post(STORE_PAGES.checkout, limit, requireSite(), (c) =>
  act(c, async ({ fields, store, shopper }) => {
    const input = shownTotal(fields, checkoutInput(fields));
    // the destination is kept in the cart first: a country the page had not priced, whose shipping changes the total,
    // is refused by the total check and shown with its options and total (the page says so before its button)
    await keepDestination(store, shopper, fields, input.shippingOptionId);
    const outcome = await store.placeOrder(shopper, input);
    return { location: outcome.value.redirect, outcome };
  }),
);

/**
 * The total the visitor was shown for what they chose, without script. The page priced the cart for one country
 * (`pricedCountry`) and showed each of its shipping options with the order total it makes (`expectedTotalCents.{id}`):
 * the option checked is the total to charge, in one press. An order to another country was shown no option of its
 * own: the option posted belongs to the first, so its destination's first option is priced against the total shown,
 * and the order goes at once when that total is the same.
 */
function shownTotal(fields: Record<string, string>, input: CheckoutInput): CheckoutInput {
  const priced = fields.pricedCountry ?? '';
  if (!priced) return input;
  if (priced !== fields.country) return { ...input, shippingOptionId: null };
  const shown = input.shippingOptionId ? fields[`expectedTotalCents.${input.shippingOptionId}`] : undefined;
  return shown && /^\d{1,15}$/.test(shown) ? { ...input, expectedTotalCents: Number(shown) } : input;
}

/** Stores the destination and shipping option the checkout form names when the cart holds another. */
async function keepDestination(
  store: StoreBackend,
  shopper: Shopper,
  fields: Record<string, string>,
  optionId: string | null,
): Promise<void> {
  const country = fields.country ?? '';
  if (!isCountryCode(country)) return;
  const cart = await store.readCart(shopper);
  if (!cart.requiresShipping) return;
  const region = (fields.region ?? '').trim();
  const kept = cart.shippingLocation;
  const same =
    kept?.country === country &&
    (kept.region ?? '').toUpperCase() === region.toUpperCase() &&
    (!optionId || optionId === cart.selectedShippingOption?.id);
  if (!same) await store.setShipping(shopper, { country, region: region || undefined, shippingOptionId: optionId });
}

storePagesApp.post(STORE_PAGES.giftCard, limit, requireSite(), (c) =>
  act(c, async ({ fields, store, shopper, route }) => {
    const giftCard = route.store?.giftCard;
    if (!giftCard) throw new StoreError(404, 'This gift card is not available.');
    const outcome = await store.buyGiftCard(
      shopper,
      giftCardInput({ ...fields, productId: giftCard.productId, sku: fields.sku || giftCard.sku }),
    );
    return { location: outcome.value.redirect, outcome };
  }),
);

storePagesApp.post(STORE_PAGES.donate, limit, requireSite(), (c) =>
  act(c, async ({ fields, store, shopper, route }) => {
    const chosen = fields.amount ?? '';
    const amount = /^\d{1,9}$/.test(chosen) ? centsText(Number(chosen)) : (fields.otherAmount ?? '');
    const outcome = await store.donate(shopper, donationInput({ ...fields, amount, donatePageId: route.donationBlockId ?? '' }));
    return { location: outcome.value.redirect, outcome };
  }),
);

/** §2: the checkout, only with the cart cookies; otherwise the cart page with the alert. */
storePagesApp.get(STORE_PAGES.gotoCheckout, requireSite(), async (c) => {
  if (hasCartCookies(c)) return c.redirect(STORE_PAGES.checkout, 303);
  const required = c.get('site');
  const now = new Date();
  const resolution = await resolve(required, new URL(STORE_PAGES.cart, c.req.url), now);
  if (resolution.kind !== 'page' || (resolution.lock && !(await isUnlocked(c, resolution.lock)))) return c.redirect(STORE_PAGES.cart, 303);
  const route: Route = { ...resolution.route, store: { alert: GOTO_CHECKOUT_ALERT } };
  return sendPage(c, renderState(c, required, await withStoreData(c, required, route, now), now), NO_STORE());
});
