// What the store's pages show of the visitor: their cart (the cart pages and checkout), their order or contribution
// (the confirmation pages), an order for the owner's e-mail preview. Read before the page renders; these pages are
// never cached (worker/render/page-cache.ts), so a visitor's cart never lands in a page another visitor gets.
// Pages that offer limited stock (a product, a shop, a page with a product block) read what is left of it first, the
// same for every visitor: their panels show it (worker/blocks/product/purchase.ts), and their cache key carries the
// stock epoch it was read at (docs/store.md, "Stock on cached pages").
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { countryOfLanguage } from '../../shared/address-rules.ts';
import { emptyCart, shippingOptionsFor, type ShoppingCart } from '../../shared/cart.ts';
import type { PaymentsMode, StoreRouteData } from '../../shared/store-api.ts';
import { apiMode } from '../http/origin-config.ts';
import { UNAVAILABLE_MESSAGE } from '../http/request.ts';
import type { AppEnv } from '../env.ts';
import { logFor } from '../log.ts';
import { factsOf } from '../observability/context.ts';
import type { Route } from '../kit/context.tsx';
import type { SiteModel } from '../site/model.ts';
import { shopperOf } from '../api/commerce.ts';
import { StoreError, type Shopper, type StoreBackend } from '../commerce/backend.ts';
import { storeRules } from '../site/catalog.ts';
import { originStore } from '../commerce/origin-store.ts';
import { readStock } from '../commerce/stock-reads.ts';
import { paymentProvider } from '../commerce/payments.ts';
import { stockShownAt } from '../blocks/stock-pages.ts';
import { embeddedStore } from '../commerce/store.ts';
import { requestUrl } from '../http/request-url.ts';

/** The store that answers for this site: the embedded one, or the product origin's (API_ORIGIN set). */
export function storeBackend(c: Context<AppEnv>, site: SiteModel, now = new Date()): StoreBackend {
  const mode = apiMode(c.env);
  return mode.kind === 'proxy' ? originStore(c, site, mode) : embeddedStore(c, site, now);
}

/** How payments are taken here: the origin's provider is its own affair; the embedded store's is PAYMENT_PROVIDER's. */
function paymentsMode(c: Context<AppEnv>): PaymentsMode {
  if (apiMode(c.env).kind !== 'embedded') return 'provider';
  const provider = paymentProvider(c.env);
  return !provider ? 'unavailable' : provider.testMode ? 'test' : 'provider';
}

const CART_PAGES = new Set(['SHOW_CART', 'COMMERCE_CART_V2', 'CHECKOUT']);
/** The page types that draw a page's or a collection's content, and with it any purchase panel. */
const CONTENT_PAGES = new Set(['PAGE', 'SPLASH_PAGE', 'CONTENT_COLLECTION', 'MAIN_CONTENT', 'CONTENT_ITEM']);

/**
 * Reads what is left of the variants with a count that this page may offer (one call to the site's orders), so it is
 * drawn from the stock of now. The embedded store's only: with API_ORIGIN the stock is the origin's. A failed read
 * leaves the page to what this isolate read last (or the published counts): the cart refuses what is gone anyway.
 */
async function readShownStock(c: Context<AppEnv>, site: SiteModel): Promise<void> {
  const items = await stockShownAt(site, requestUrl(c).pathname);
  if (!items) return;
  try {
    if (apiMode(c.env).kind === 'embedded') await readStock(c.env, site.website.id, items);
  } catch (error) {
    logFor(factsOf(c.req.raw)).warn('store.stock_unread', { site: site.website.identifier, error: String(error) });
  }
}

/**
 * The checkout's cart priced for the site's own country (shared/address-rules.ts) when it goes somewhere and the visitor
 * has named no destination yet, so the page shows that country's shipping options, each with the total it makes,
 * before its button: a visitor without script who keeps them places the order with one press. Kept in the cart, as
 * the destination a visitor picks is; only where this store ships to that country (the embedded store's rules: the
 * origin's are its own).
 */
async function withHomeDestination(
  c: Context<AppEnv>,
  site: SiteModel,
  backend: StoreBackend,
  shopper: Shopper,
  cart: ShoppingCart,
  now: Date,
): Promise<ShoppingCart> {
  if (!cart.requiresShipping || cart.shippingLocation || !cart.canCheckout || apiMode(c.env).kind !== 'embedded') return cart;
  const country = countryOfLanguage(site.website.language);
  if (!country || !shippingOptionsFor(storeRules(site, now).shippingOptions, { country }).length) return cart;
  return (await backend.setShipping(shopper, { country })).value.cart;
}

/** The route with what its page shows of this visitor; other routes as they are. */
export async function withStoreData(c: Context<AppEnv>, site: SiteModel, route: Route, now: Date): Promise<Route> {
  const { pageType } = route;
  if (CONTENT_PAGES.has(pageType)) {
    await readShownStock(c, site);
    return route;
  }
  // the donate page is cached: it learns only how payments are taken, which is the same for everyone
  if (pageType === 'DONATE') return { ...route, store: { ...route.store, payments: paymentsMode(c) } };
  // the query is read as parameters only by the pages that take one (most pages take none)
  const orderId =
    pageType === 'COMMERCE_EMAIL_PREVIEW' || pageType === 'ORDER_CONFIRMED' ? requestUrl(c).searchParams.get('orderId') : null;
  const wants =
    CART_PAGES.has(pageType) ||
    pageType === 'ORDER_CONFIRMED' ||
    pageType === 'CONTRIBUTION_CONFIRMED' ||
    (pageType === 'COMMERCE_EMAIL_PREVIEW' && !!orderId && !!c.get('session')?.isEditor);
  if (!wants) return route;
  const store: StoreRouteData = { ...route.store };
  try {
    const backend = storeBackend(c, site, now);
    const shopper = await shopperOf(c);
    if (pageType === 'CHECKOUT') store.payments = paymentsMode(c);
    if (CART_PAGES.has(pageType)) {
      if (!store.giftCard && !store.cart) store.cart = await backend.readCart(shopper);
      if (pageType === 'CHECKOUT' && store.cart) store.cart = await withHomeDestination(c, site, backend, shopper, store.cart, now);
    } else if (pageType === 'CONTRIBUTION_CONFIRMED') {
      const id = requestUrl(c).searchParams.get('contributionId');
      store.contribution = id ? await backend.contribution(shopper, id) : null;
    } else store.order = orderId ? await backend.order(shopper, orderId) : null;
  } catch (error) {
    if (!(error instanceof StoreError) && !(error instanceof HTTPException)) throw error;
    logFor(factsOf(c.req.raw)).warn('store.page_data_unavailable', { pageType, status: error.status });
    store.unavailable = UNAVAILABLE_MESSAGE;
    if (CART_PAGES.has(pageType) && !store.giftCard) store.cart ??= emptyCart(site.website.id, storeRules(site, now).currency);
  }
  return { ...route, store };
}
