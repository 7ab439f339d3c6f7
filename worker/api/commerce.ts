// /api/commerce/*: the cart API (read, add, change quantity, remove, destination, discount codes), checkout, gift
// cards, donations, orders and the owner's exports of orders and contributions (docs/store.md). Every call checks its
// input here first (behind the crumb check); the answer comes from the embedded store, or, with API_ORIGIN set, the call
// is forwarded to the product origin with the store's cookies, as the forms are.
import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { CART_COOKIE, HAS_CART_COOKIE, RECEIPT_COOKIE, STORE_API, type Availability } from '../../shared/store-api.ts';
import type { AppEnv } from '../env.ts';
import { logOf } from '../log.ts';
import type { SiteModel } from '../site/model.ts';
import { apiMode } from '../http/origin-config.ts';
import { apiError } from '../http/errors.ts';
import { forward } from '../http/proxy.ts';
import { FORM_TYPES, JSON_TYPES, readForm, readJson, requireMediaType, UNAUTHORIZED_MESSAGE } from '../http/request.ts';
import { endpoint } from './endpoint.ts';
import { StoreError, type Outcome, type Shopper, type StoreBackend } from '../commerce/backend.ts';
import { cartIdOf, receiptsOf } from '../commerce/cookies.ts';
import { visibleProduct } from '../site/catalog.ts';
import {
  addInput,
  availabilityInput,
  checkoutInput,
  couponInput,
  donationInput,
  giftCardInput,
  quantityInput,
  shippingInput,
} from '../commerce/inputs.ts';
import { readStock } from '../commerce/stock-reads.ts';
import { countedVariants } from '../blocks/stock-pages.ts';
import { embeddedStore, STORE_MESSAGES } from '../commerce/store.ts';
import { requestUrl } from '../http/request-url.ts';
import { valid } from '../http/validate.ts';
import { Money } from '../../shared/money.ts';
import type { ExportedContribution, ExportedOrder } from '../durable/site-orders.ts';
import { exportFormat, exportLimit, fileName, nextPart, rowsExport, streamedExport, type ExportSource, type Paging } from './export.ts';

type Ctx = Context<AppEnv>;

/** The largest body a store call takes (a checkout form with a gift message is a few KiB). */
export const STORE_BODY_LIMIT = 16 * 1024;
/** The cookies a forwarded store call carries to the origin. */
export const STORE_COOKIES = [CART_COOKIE, HAS_CART_COOKIE, RECEIPT_COOKIE] as const;
/** How many orders an owner's list shows. */
const RECENT_ORDERS = 50;

export async function shopperOf(c: Ctx): Promise<Shopper> {
  return { cartId: cartIdOf(c), receipts: await receiptsOf(c), isOwner: !!c.get('session')?.isEditor };
}

/** A store refusal as the API's JSON error (§8: `error`, plus `errors` by field and the cart as it is now). */
export function storeErrorResponse(error: StoreError): Response {
  const body = { error: error.message, ...error.extra };
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

function json(value: unknown, setCookie: string[] = [], status = 200): Response {
  const headers = new Headers({ 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  for (const cookie of setCookie) headers.append('Set-Cookie', cookie);
  return new Response(JSON.stringify(value), { status, headers });
}

/** The body of a POST or PUT, JSON or form-encoded, with its bytes (to forward). */
async function body(c: Ctx): Promise<{ value: unknown; bytes: Uint8Array }> {
  const type = requireMediaType(c, [...FORM_TYPES, ...JSON_TYPES]);
  if (type === 'application/json') return readJson(c);
  const { fields, bytes } = await readForm(c);
  return { value: fields, bytes };
}

/**
 * Answers a store call: its input checked (`check` throws a 400), then the embedded store's answer with its cookies,
 * or the origin's answer to the same call.
 */
async function serve<I, T>(
  c: Ctx,
  read: (c: Ctx) => Promise<{ value: unknown; bytes: Uint8Array | null }>,
  check: (value: unknown) => I,
  act: (store: StoreBackend, shopper: Shopper, input: I, site: SiteModel) => Promise<Outcome<T> | T>,
): Promise<Response> {
  const site = c.get('site');
  const mode = apiMode(c.env);
  try {
    const { value, bytes } = await read(c);
    const input = check(value);
    if (mode.kind === 'proxy') return await forward(c, mode, site, bytes, { ownCookies: STORE_COOKIES });
    const result = await act(embeddedStore(c, site), await shopperOf(c), input, site);
    if (result && typeof result === 'object' && 'setCookie' in result && 'value' in result) return json(result.value, result.setCookie);
    return json(result);
  } catch (error) {
    if (error instanceof StoreError) return storeErrorResponse(error);
    throw error;
  }
}

const noBody = async () => ({ value: {}, bytes: null });
const query = async (c: Ctx) => ({ value: c.req.query(), bytes: null });
const none = () => undefined;
const param = (c: Ctx, name: string) => c.req.param(name) ?? '';

export const storeApi = new Hono<AppEnv>();

endpoint(storeApi, STORE_API.cart, {
  GET: (c) => serve(c, noBody, none, (store, shopper) => store.readCart(shopper)),
});

// What is left of a product's variants with a count, for the purchase panel of a page that may have been cached before
// a sale (docs/store.md, "Stock on cached pages"); one read of the site's orders, which this isolate learns from too.
endpoint(storeApi, STORE_API.availability, {
  GET: (c) =>
    serve(c, query, availabilityInput, async (_store, _shopper, productId, site): Promise<Availability> => {
      const found = await visibleProduct(site, productId, new Date());
      if (!found) throw new StoreError(404, STORE_MESSAGES.notAvailable);
      const items = countedVariants(found.item);
      const left = await readStock(c.env, site.website.id, items);
      return { productId, variants: items.map((item, i) => ({ sku: item.sku, left: left[i]! })) };
    }),
});

endpoint(storeApi, STORE_API.entries, {
  bodyLimit: STORE_BODY_LIMIT,
  POST: (c) => serve(c, body, addInput, (store, shopper, input) => store.addToCart(shopper, input)),
});

endpoint(storeApi, '/api/commerce/cart/entries/:entryId', {
  bodyLimit: STORE_BODY_LIMIT,
  PUT: (c) => serve(c, body, quantityInput, (store, shopper, quantity) => store.setQuantity(shopper, param(c, 'entryId'), quantity)),
  DELETE: (c) => serve(c, noBody, none, (store, shopper) => store.removeEntry(shopper, param(c, 'entryId'))),
});

endpoint(storeApi, STORE_API.shipping, {
  bodyLimit: STORE_BODY_LIMIT,
  PUT: (c) => serve(c, body, shippingInput, (store, shopper, input) => store.setShipping(shopper, input)),
});

endpoint(storeApi, STORE_API.coupons, {
  bodyLimit: STORE_BODY_LIMIT,
  POST: (c) => serve(c, body, couponInput, (store, shopper, code) => store.applyCoupon(shopper, code)),
});

endpoint(storeApi, '/api/commerce/cart/coupons/:code', {
  DELETE: (c) => serve(c, noBody, none, (store, shopper) => store.removeCoupon(shopper, param(c, 'code'))),
});

endpoint(storeApi, STORE_API.orders, {
  bodyLimit: STORE_BODY_LIMIT,
  POST: (c) => serve(c, body, checkoutInput, (store, shopper, input) => store.placeOrder(shopper, input)),
  // the site's owner: the newest orders (to find one for the e-mail preview)
  GET: (c) =>
    serve(c, noBody, none, async (_store, shopper, _input, site) => {
      if (!shopper.isOwner) throw apiError(401, UNAUTHORIZED_MESSAGE);
      return { orders: await c.env.ORDERS.getByName(site.website.id).recentOrders(RECENT_ORDERS) };
    }),
});

// ----- the owner's exports: every order and contribution, JSON or CSV (docs/store.md, "Exports") -----

const exportQuery = z.object({
  format: exportFormat,
  limit: exportLimit,
  after: z
    .string()
    .regex(/^\d{1,9}$/, 'after must be the number of an order or contribution')
    .transform(Number)
    .optional(),
});

/** A money amount in the currency's major unit, as a spreadsheet reads a number: 1250 GBP cents is 12.5. */
const amount = (cents: number, currencyCode: string) => Money.fromCents(cents, currencyCode).toJSON().decimalValue;
const iso = (ms: number) => new Date(ms).toISOString();

export const ORDER_EXPORT_COLUMNS = [
  'Order number',
  'Order ID',
  'Created',
  'State',
  'Kind',
  'Currency',
  'Subtotal',
  'Discount',
  'Shipping',
  'Tax',
  'Total',
  'Email',
  'First name',
  'Last name',
  'Accepts marketing',
  'Items',
  'Coupons',
  'Shipping option',
  'Ship to',
  'Phone',
  'Gift card recipient',
  'Gift card recipient email',
  'Gift card message',
  'Gift card code',
  'Payment provider',
  'Payment reference',
  'Test mode',
] as const;

function orderCells(o: ExportedOrder): string[] {
  const money = (cents: number) => amount(cents, o.currencyCode);
  const address = o.shippingAddress;
  return [
    o.number,
    o.id,
    iso(o.created),
    o.state,
    o.kind,
    o.currencyCode,
    money(o.subtotalCents),
    money(o.discountCents),
    money(o.shippingCostCents),
    money(o.taxCents),
    money(o.grandTotalCents),
    o.customer.email,
    o.customer.firstName,
    o.customer.lastName,
    String(o.customer.acceptsMarketing),
    o.lines.map((l) => `${l.quantity} × ${l.title}${l.variantLabel ? ` (${l.variantLabel})` : ''} [${l.sku}]`).join('; '),
    o.coupons.join('; '),
    o.shippingOption?.name ?? '',
    address
      ? [address.address1, address.address2, address.city, address.region, address.zip, address.country].filter(Boolean).join(', ')
      : '',
    address?.phone ?? '',
    o.giftCard?.recipientName ?? '',
    o.giftCard?.recipientEmail ?? '',
    o.giftCard?.message ?? '',
    o.giftCardCode ?? '',
    o.payment.provider,
    o.payment.reference ?? '',
    String(o.payment.testMode),
  ];
}

export const CONTRIBUTION_EXPORT_COLUMNS = [
  'Contribution number',
  'Contribution ID',
  'Created',
  'State',
  'Donation page',
  'Cause',
  'Currency',
  'Amount',
  'Email',
  'First name',
  'Last name',
  'Payment provider',
  'Payment reference',
  'Test mode',
] as const;

function contributionCells(k: ExportedContribution): string[] {
  return [
    k.number,
    k.id,
    iso(k.created),
    k.state,
    k.donatePageId,
    k.title,
    k.currencyCode,
    amount(k.amountCents, k.currencyCode),
    k.donor.email,
    k.donor.firstName,
    k.donor.lastName,
    k.payment.provider,
    k.payment.reference ?? '',
    String(k.payment.testMode),
  ];
}

/**
 * GET /api/commerce/export/{orders|contributions}?format=json|csv: the site's owner only (401), every row oldest first,
 * streamed page by page; with API_ORIGIN the origin's own export is forwarded.
 */
async function ownerExport(c: Ctx, kind: 'orders' | 'contributions'): Promise<Response> {
  const site = c.get('site');
  if (!c.get('session')?.isEditor) throw apiError(401, UNAUTHORIZED_MESSAGE);
  const { format, limit, after } = valid(exportQuery, c.req.query(), { reasonsOnly: true });
  const mode = apiMode(c.env);
  if (mode.kind === 'proxy') return forward(c, mode, site, null, { ownCookies: STORE_COOKIES });
  const orders = c.env.ORDERS.getByName(site.website.id);
  const paging: Paging<number> = { after: after ?? null, limit, next: null };
  const opts = { format, name: fileName(site.website.identifier, kind), what: kind, next: () => nextPart(c, paging.next), log: logOf(c) };
  const end = (from: number | null, rows: number) => orders.exportEnd(kind, from ?? 0, rows);
  if (kind === 'orders') {
    const source: ExportSource<ExportedOrder, number> = { page: (from, size) => orders.exportOrders(from ?? 0, size), end };
    return streamedExport(rowsExport(format, kind, ORDER_EXPORT_COLUMNS, orderCells, source, paging), {
      ...opts,
      methods: ['exportOrders', 'exportEnd'],
    });
  }
  const source: ExportSource<ExportedContribution, number> = { page: (from, size) => orders.exportContributions(from ?? 0, size), end };
  return streamedExport(rowsExport(format, kind, CONTRIBUTION_EXPORT_COLUMNS, contributionCells, source, paging), {
    ...opts,
    methods: ['exportContributions', 'exportEnd'],
  });
}

// under /export/ rather than /orders/export: beside /orders/:orderId, Hono's RegExpRouter could not take both
// (test/routing-engine.test.ts)
endpoint(storeApi, '/api/commerce/export/orders', { GET: (c) => ownerExport(c, 'orders') });
endpoint(storeApi, '/api/commerce/export/contributions', { GET: (c) => ownerExport(c, 'contributions') });

export const ORDER_NOT_FOUND = 'This order cannot be shown here: only the browser that placed it, or the store’s owner, can see it.';

endpoint(storeApi, '/api/commerce/orders/:orderId', {
  GET: (c) =>
    serve(c, noBody, none, async (store, shopper) => {
      const order = await store.order(shopper, param(c, 'orderId'));
      if (!order) throw new StoreError(404, ORDER_NOT_FOUND);
      return order;
    }),
});

endpoint(storeApi, STORE_API.giftCards, {
  bodyLimit: STORE_BODY_LIMIT,
  POST: (c) => serve(c, body, giftCardInput, (store, shopper, input) => store.buyGiftCard(shopper, input)),
});

export const CONTRIBUTION_NOT_FOUND =
  'This contribution cannot be shown here: only the browser that gave it, or the store’s owner, can see it.';

endpoint(storeApi, '/api/commerce/contributions/:contributionId', {
  GET: (c) =>
    serve(c, noBody, none, async (store, shopper) => {
      const contribution = await store.contribution(shopper, param(c, 'contributionId'));
      if (!contribution) throw new StoreError(404, CONTRIBUTION_NOT_FOUND);
      return contribution;
    }),
});

endpoint(storeApi, STORE_API.donations, {
  bodyLimit: STORE_BODY_LIMIT,
  POST: (c) => serve(c, body, donationInput, (store, shopper, input) => store.donate(shopper, input)),
});

storeApi.all('/api/commerce/*', (c) => {
  logOf(c).info('store.unknown_call', { path: requestUrl(c).pathname, method: c.req.method });
  throw apiError(404, 'Not Found');
});
