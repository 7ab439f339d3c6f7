// The embedded store (API_ORIGIN unset): carts in ShoppingCart objects, orders, contributions and stock in the site's
// SiteOrders object, payments through the configured provider. Every cart is priced here, from the snapshot and the
// stock left, on every read; nothing the browser sends about prices is ever used.
import {
  emptyCart,
  lineName,
  MAX_LINE_QUANTITY,
  priceCart,
  couponDiscount,
  type CartRecord,
  type CatalogVariant,
  type ShippingLocation,
  type ShoppingCart,
} from '../../shared/cart.ts';
import {
  ADDRESS_FIELDS,
  checkFields,
  CONTACT_FIELDS,
  GIFT_CARD_FIELDS,
  MAX_DONATION_CENTS,
  MIN_DONATION_CENTS,
  parseAmount,
  type CheckoutValues,
} from '../../shared/checkout.ts';
import { PRODUCT_TYPES } from '../../shared/codes.ts';
import { formatCents, Money } from '../../shared/money.ts';
import {
  contributionConfirmedUrl,
  orderConfirmedUrl,
  PAYMENTS_UNAVAILABLE_MESSAGE,
  soldOutMessage,
  type CartAnswer,
  type OrderView,
  type PaymentRecord,
  type PlacedAnswer,
  type PostalAddress,
} from '../../shared/store-api.ts';
import type { Context } from 'hono';
import type { CartChange } from '../durable/shopping-cart.ts';
import type { OrderDraft, Reservation, StockProblem } from '../durable/site-orders.ts';
import type { AppEnv } from '../env.ts';
import { logOf } from '../log.ts';
import type { SiteModel } from '../site/model.ts';
import type { DonationInput, GiftCardInput, Outcome, Shopper, StoreBackend } from './backend.ts';
import { StoreError } from './backend.ts';
import { offer, storeRules, type Offer } from '../site/catalog.ts';
import { cartCookies, clearCartCookies, receiptCookie } from './cookies.ts';
import { GUID_PATTERN, newCartId } from '../../shared/ids.ts';
import { learnStock } from '../site/live-stock.ts';
import { readStock } from './stock-reads.ts';
import { paymentProvider, type PaymentMethod, type PaymentProvider } from './payments.ts';

export const STORE_MESSAGES = {
  emptyCart: 'Your cart is empty.',
  notAvailable: 'This product is not available.',
  giftCardsAlone: 'Gift cards are bought on their own page, with a message for the recipient.',
  noEntry: 'This item is no longer in your cart.',
  purchased: 'This cart has already been ordered.',
  cartFull: (n: number) => `Your cart is full: it holds at most ${n} different items.`,
  soldOut: soldOutMessage,
  left: (n: number, name: string) => `Only ${n} of ${name} ${n === 1 ? 'is' : 'are'} left.`,
  leftWithCart: (n: number, name: string, inCart: number) => `Only ${n} of ${name} can be bought, and your cart already holds ${inCart}.`,
  gone: 'This item is no longer available: remove it from your cart.',
  fields: 'Please correct the fields marked below.',
  nothingToOrder: 'Your cart has nothing that can be ordered right now.',
  totalChanged: (total: string) => `The total of your order is now ${total}. Please check your order and place it again.`,
  paymentsUnavailable: PAYMENTS_UNAVAILABLE_MESSAGE,
  noShippingOption: 'Choose one of the shipping options offered.',
  giftCardNotAvailable: 'This gift card is not available.',
  donationNotAvailable: 'This donation page is not available.',
} as const;

type Ctx = Context<AppEnv>;

/** The stock left of each offer that has a count, from the site's order object (one call for a whole cart). */
async function stockLeft(c: Ctx, websiteId: string, offers: readonly (Offer | undefined)[]): Promise<Map<string, number>> {
  const counted = [...new Map(offers.flatMap((o) => (o && o.qtyInStock !== null ? [[o.stockKey, o.qtyInStock] as const] : []))).entries()];
  const left = new Map<string, number>();
  if (!counted.length) return left;
  const numbers = await readStock(
    c.env,
    websiteId,
    counted.map(([key, qtyInStock]) => ({ key, qtyInStock })),
  );
  counted.forEach(([key], i) => {
    left.set(key, numbers[i]!);
  });
  return left;
}

const withAvailable = (o: Offer, left: Map<string, number>): CatalogVariant => ({
  ...o,
  available: o.qtyInStock === null ? null : (left.get(o.stockKey) ?? 0),
});

/** What the order object is told about a line it takes stock of. */
const reservationOf = (o: Offer, quantity: number): Reservation => ({
  key: o.stockKey,
  qtyInStock: o.qtyInStock!,
  quantity,
  name: lineName(o.title, o.variantLabel),
});

function stockMessage(problems: StockProblem[]): string {
  const parts = problems.map((p) =>
    p.available === 0 ? `${p.name} has just sold out` : `only ${p.available} of ${p.name} ${p.available === 1 ? 'is' : 'are'} left`,
  );
  const text = parts.join('; ');
  return `Sorry: ${text.charAt(0).toUpperCase()}${text.slice(1)}. Your cart shows what can still be ordered.`;
}

function refusal(change: Extract<CartChange, { ok: false }>, name: string): StoreError {
  switch (change.reason) {
    case 'limit':
      return new StoreError(
        409,
        change.inCart ? STORE_MESSAGES.leftWithCart(change.limit!, name, change.inCart) : STORE_MESSAGES.left(change.limit!, name),
      );
    case 'full':
      return new StoreError(409, STORE_MESSAGES.cartFull(change.limit!));
    case 'no-entry':
      return new StoreError(404, STORE_MESSAGES.noEntry);
    case 'purchased':
      return new StoreError(409, STORE_MESSAGES.purchased);
    default:
      return new StoreError(404, STORE_MESSAGES.emptyCart);
  }
}

function fieldErrors(errors: Record<string, string>): StoreError {
  return new StoreError(400, STORE_MESSAGES.fields, { errors });
}

const customerOf = (v: CheckoutValues, acceptsMarketing: boolean) => ({
  email: v.email!,
  firstName: v.firstName!,
  lastName: v.lastName!,
  acceptsMarketing,
});

const addressOf = (v: CheckoutValues): PostalAddress => ({
  address1: v.address1!,
  address2: v.address2 ?? '',
  city: v.city!,
  region: v.region ?? '',
  zip: v.zip!,
  country: v.country!,
  phone: v.phone ?? '',
});

/** The order as it is placed: the priced cart's lines that can be bought, and its figures. */
function draftOf(cart: ShoppingCart, rest: Pick<OrderDraft, 'kind' | 'customer' | 'shippingAddress' | 'giftCard'>): OrderDraft {
  return {
    ...rest,
    currencyCode: cart.currencyCode,
    lines: cart.entries
      .filter((l) => l.quantity > 0)
      .map((l) => ({
        productId: l.productId,
        sku: l.sku,
        title: l.title,
        variantLabel: l.variantLabel,
        productType: l.productType,
        url: l.url,
        image: l.image,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
        lineTotalCents: l.lineTotalCents,
        display: { unitPrice: l.display.unitPrice, lineTotal: l.display.lineTotal },
      })),
    subtotalCents: cart.subtotalCents,
    discountCents: cart.discountCents,
    shippingCostCents: cart.shippingCostCents,
    taxCents: cart.taxCents,
    grandTotalCents: cart.grandTotalCents,
    display: {
      subtotal: cart.display.subtotal,
      discount: cart.display.discount,
      shippingCost: cart.display.shippingCost,
      tax: cart.display.tax,
      grandTotal: cart.display.grandTotal,
    },
    coupons: cart.validCoupons.map((v) => v.code),
    shippingOption: cart.selectedShippingOption
      ? { name: cart.selectedShippingOption.name, display: cart.selectedShippingOption.display.cost }
      : null,
    taxes: cart.applicableTaxRules.map((t) => ({ name: t.name, display: t.display.amount })),
  };
}

/** The store of this Worker for one request on one site. */
export function embeddedStore(c: Ctx, site: SiteModel, now = new Date()): StoreBackend {
  const websiteId = site.website.id;
  const rules = storeRules(site, now);
  const currency = rules.currency;
  const nowMs = now.getTime();
  const cartOf = (id: string) => c.env.CARTS.getByName(id);
  const orders = () => c.env.ORDERS.getByName(websiteId);
  const money = (cents: number) => formatCents(cents, currency);
  const log = logOf(c);

  /** Prices a stored cart as the store stands now (optionally with another destination, without storing it). */
  async function price(
    record: CartRecord | null,
    shipping?: { location: ShippingLocation | null; optionId: string | null },
  ): Promise<ShoppingCart> {
    if (!record) return emptyCart(websiteId, currency);
    // each product's item record (read once per isolate, by its id)
    const found = await Promise.all(record.entries.map((e) => offer(site, e.productId, e.sku, now)));
    const offers = new Map(record.entries.map((e, i) => [`${e.productId}\n${e.sku}`, found[i]]));
    const left = await stockLeft(c, websiteId, [...offers.values()]);
    const priced = shipping ? { ...record, shippingLocation: shipping.location, shippingOptionId: shipping.optionId } : record;
    return priceCart(
      priced,
      websiteId,
      (productId, sku) => {
        const o = offers.get(`${productId}\n${sku}`);
        return o ? withAvailable(o, left) : undefined;
      },
      rules,
    );
  }

  async function answer(record: CartRecord, entryId?: string): Promise<Outcome<CartAnswer>> {
    return {
      value: { cart: await price(record), entryId },
      setCookie: cartCookies(c, record.id, { entries: record.entries.length, purchased: record.isPurchased }),
    };
  }

  async function stored(shopper: Shopper): Promise<CartRecord> {
    const record = shopper.cartId ? await cartOf(shopper.cartId).read(websiteId, nowMs) : null;
    if (!record) throw new StoreError(404, STORE_MESSAGES.emptyCart);
    return record;
  }

  /** The stock left of one offer now (null: unlimited). */
  async function available(o: Offer): Promise<number | null> {
    if (o.qtyInStock === null) return null;
    return (await stockLeft(c, websiteId, [o])).get(o.stockKey) ?? 0;
  }

  function provider(): PaymentProvider {
    const p = paymentProvider(c.env);
    if (!p) throw new StoreError(503, STORE_MESSAGES.paymentsUnavailable);
    return p;
  }

  const pendingPayment = (p: PaymentProvider): PaymentRecord => ({ provider: p.id, testMode: p.testMode, reference: null });

  /** Charges an order or contribution once (by its id); nothing to charge for a total of zero. */
  async function charge(
    p: PaymentProvider,
    id: string,
    cents: number,
    description: string,
    email: string,
    method: PaymentMethod,
  ): Promise<{ paid: true; payment: PaymentRecord } | { paid: false; payment: PaymentRecord; message: string }> {
    if (cents === 0) return { paid: true, payment: { provider: p.id, testMode: p.testMode, reference: null } };
    const result = await p.charge({
      idempotencyKey: id,
      amount: Money.fromCents(cents, currency).toJSON(),
      description,
      customerEmail: email,
      method,
    });
    if (result.status === 'succeeded')
      return { paid: true, payment: { provider: p.id, testMode: p.testMode, reference: result.reference } };
    return { paid: false, payment: pendingPayment(p), message: result.message };
  }

  const storeName = site.settings.storeSettings.storeName ?? site.website.title;

  /** Pays a placed order (unless it is paid already) and answers where its buyer goes next. */
  async function payOrder(p: PaymentProvider, order: OrderView, method: PaymentMethod): Promise<OrderView> {
    if (order.state === 'paid') return order;
    const paid = await charge(p, order.id, order.grandTotalCents, `${storeName} order ${order.number}`, order.customer.email, method);
    const settled = await orders().settle(order.id, paid.paid, paid.payment, Date.now());
    if (!paid.paid) {
      // its stock went back: this isolate's pages that offer it learn so at once
      learnStock(websiteId, (await orders().availability([])).epoch);
      log.info('store.payment_declined', { site: site.website.identifier, order: order.number });
      throw new StoreError(402, paid.message);
    }
    log.info('store.order_paid', { site: site.website.identifier, order: order.number, kind: order.kind });
    return settled!;
  }

  async function placed(order: OrderView, extraCookies: string[]): Promise<Outcome<PlacedAnswer>> {
    return {
      value: { id: order.id, number: order.number, redirect: orderConfirmedUrl(order.id) },
      setCookie: [...extraCookies, ...(await receiptCookie(c, order.id))],
    };
  }

  return {
    async readCart(shopper) {
      if (!shopper.cartId) return emptyCart(websiteId, currency);
      return price(await cartOf(shopper.cartId).read(websiteId, nowMs));
    },

    async addToCart(shopper, input) {
      const o = await offer(site, input.productId, input.sku, now);
      if (!o) throw new StoreError(404, STORE_MESSAGES.notAvailable);
      if (o.productType === PRODUCT_TYPES.GIFT_CARD) throw new StoreError(400, STORE_MESSAGES.giftCardsAlone);
      const name = lineName(o.title, o.variantLabel);
      const left = await available(o);
      if (left !== null && left <= 0) throw new StoreError(409, STORE_MESSAGES.soldOut(name));
      const item = {
        productId: o.productId,
        sku: o.sku,
        quantity: input.quantity,
        unitPriceCents: o.unitPriceCents,
        limit: Math.min(left ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY),
      };
      let cartId = shopper.cartId ?? newCartId();
      let change = await cartOf(cartId).add(cartId, websiteId, item, nowMs);
      // another site's cart, or one already ordered: this visitor starts a new cart
      if (!change.ok && (change.reason === 'other-site' || change.reason === 'purchased')) {
        cartId = newCartId();
        change = await cartOf(cartId).add(cartId, websiteId, item, nowMs);
      }
      if (!change.ok) throw refusal(change, name);
      return answer(change.record, change.entryId);
    },

    async setQuantity(shopper, entryId, quantity) {
      const record = await stored(shopper);
      const entry = record.entries.find((e) => e.id === entryId);
      if (!entry) throw new StoreError(404, STORE_MESSAGES.noEntry);
      const cart = cartOf(record.id);
      if (quantity === 0) {
        const change = await cart.remove(websiteId, entryId, nowMs);
        if (!change.ok) throw refusal(change, '');
        return answer(change.record);
      }
      const o = await offer(site, entry.productId, entry.sku, now);
      if (!o) throw new StoreError(409, STORE_MESSAGES.gone);
      const name = lineName(o.title, o.variantLabel);
      const left = await available(o);
      if (left !== null && left <= 0) throw new StoreError(409, STORE_MESSAGES.soldOut(name));
      const change = await cart.setQuantity(
        websiteId,
        entryId,
        quantity,
        o.unitPriceCents,
        Math.min(left ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY),
        nowMs,
      );
      if (!change.ok)
        throw change.reason === 'limit' ? new StoreError(409, STORE_MESSAGES.left(change.limit!, name)) : refusal(change, name);
      return answer(change.record, entryId);
    },

    async removeEntry(shopper, entryId) {
      const record = await stored(shopper);
      const change = await cartOf(record.id).remove(websiteId, entryId, nowMs);
      if (!change.ok) throw refusal(change, '');
      return answer(change.record);
    },

    async setShipping(shopper, input) {
      const record = await stored(shopper);
      const optionId = input.shippingOptionId ?? null;
      if (optionId && !rules.shippingOptions.some((o) => o.id === optionId)) throw new StoreError(400, STORE_MESSAGES.noShippingOption);
      const location = { country: input.country, ...(input.region ? { region: input.region } : {}) };
      const change = await cartOf(record.id).setShipping(websiteId, location, optionId, nowMs);
      if (!change.ok) throw refusal(change, '');
      return answer(change.record);
    },

    async applyCoupon(shopper, text) {
      const record = await stored(shopper);
      const code = text.trim().toUpperCase();
      const coupon = rules.coupons.find((k) => k.code === code);
      if (!coupon) throw new StoreError(400, `${code || 'That'} is not a discount code of this store.`);
      const cart = await price(record);
      const check = couponDiscount(coupon, Money.fromCents(cart.subtotalCents, currency), now, (m) => money(m.toCents()));
      if (!check.ok) throw new StoreError(400, check.reason);
      const change = await cartOf(record.id).setCoupons(websiteId, [code], nowMs);
      if (!change.ok) throw refusal(change, '');
      return answer(change.record);
    },

    async removeCoupon(shopper, code) {
      const record = await stored(shopper);
      const change = await cartOf(record.id).setCoupons(
        websiteId,
        record.coupons.filter((k) => k !== code.trim().toUpperCase()),
        nowMs,
      );
      if (!change.ok) throw refusal(change, '');
      return answer(change.record);
    },

    async placeOrder(shopper, input) {
      const p = provider();
      const record = await stored(shopper);
      if (record.isPurchased && record.orderId) {
        // checked out already (a retried request): the same order again
        const existing = await orders().order(record.orderId);
        if (existing) return placed(existing.view, clearCartCookies(c));
      }
      if (!record.entries.length) throw new StoreError(409, STORE_MESSAGES.emptyCart);
      const requiresShipping = (await price(record)).requiresShipping;
      const checked = checkFields([...CONTACT_FIELDS, ...(requiresShipping ? ADDRESS_FIELDS : [])], input.fields);
      if (!checked.ok) throw fieldErrors(checked.errors);
      const v = checked.values;
      // the destination the form names, priced without changing the cart: a retry must find the same cart
      const location = requiresShipping ? { country: v.country!, ...(v.region ? { region: v.region.toUpperCase() } : {}) } : null;
      const cart = await price(record, { location, optionId: input.shippingOptionId });
      if (!cart.canCheckout) {
        const noShipping = cart.notices.find((n) => n.kind === 'noShipping');
        const short = cart.entries
          .filter((l) => l.quantity < l.requestedQuantity)
          .map((l) => ({ name: lineName(l.title, l.variantLabel), available: l.quantity, wanted: l.requestedQuantity }));
        const message = noShipping?.message ?? (short.length ? stockMessage(short) : STORE_MESSAGES.nothingToOrder);
        throw new StoreError(409, message, { cart });
      }
      if (input.shippingOptionId && cart.selectedShippingOption?.id !== input.shippingOptionId) {
        throw new StoreError(400, STORE_MESSAGES.noShippingOption, { errors: { shippingOptionId: STORE_MESSAGES.noShippingOption } });
      }
      if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== cart.grandTotalCents) {
        throw new StoreError(409, STORE_MESSAGES.totalChanged(cart.display.grandTotal), { cart });
      }
      const lineOffers = await Promise.all(
        cart.entries.map((line) => (line.quantity > 0 ? offer(site, line.productId, line.sku, now) : undefined)),
      );
      const reservations = cart.entries.flatMap((line, i) => {
        const o = lineOffers[i];
        return o && o.qtyInStock !== null ? [reservationOf(o, line.quantity)] : [];
      });
      const draft = draftOf(cart, {
        kind: 'cart',
        customer: customerOf(v, input.acceptsMarketing),
        shippingAddress: requiresShipping ? addressOf(v) : null,
        giftCard: null,
      });
      const result = await orders().place(
        {
          idempotencyKey: `cart:${record.id}:${record.updated}`,
          cartId: record.id,
          reservations,
          order: draft,
          payment: pendingPayment(p),
        },
        Date.now(),
      );
      // the sale (or the refusal) is this isolate's news first: its cached pages that offer stock are retired now
      learnStock(websiteId, result.stockEpoch);
      if (!result.ok) {
        log.info('store.out_of_stock', { site: site.website.identifier, problems: result.problems.length });
        throw new StoreError(409, stockMessage(result.problems), { cart: await price(record) });
      }
      const order = await payOrder(p, result.order, input.payment);
      await cartOf(record.id).markPurchased(websiteId, order.id, Date.now());
      return placed(order, clearCartCookies(c));
    },

    async buyGiftCard(_shopper, input: GiftCardInput) {
      const p = provider();
      const o = await offer(site, input.productId, input.sku, now);
      if (!o || o.productType !== PRODUCT_TYPES.GIFT_CARD) throw new StoreError(404, STORE_MESSAGES.giftCardNotAvailable);
      const checked = checkFields([...CONTACT_FIELDS, ...GIFT_CARD_FIELDS], input.fields);
      if (!checked.ok) throw fieldErrors(checked.errors);
      const v = checked.values;
      // one line, priced like a cart of it: no shipping, no tax on stored value
      const cart = priceCart(
        {
          id: '',
          websiteId,
          created: nowMs,
          updated: nowMs,
          isPurchased: false,
          orderId: null,
          coupons: [],
          shippingOptionId: null,
          shippingLocation: null,
          entries: [{ id: 'gift-card', productId: o.productId, sku: o.sku, quantity: 1, seenPriceCents: o.unitPriceCents, addedAt: nowMs }],
        },
        websiteId,
        () => ({ ...o, available: null }),
        rules,
      );
      const draft = draftOf(cart, {
        kind: 'gift-card',
        customer: customerOf(v, false),
        shippingAddress: null,
        giftCard: {
          recipientName: v.recipientName!,
          recipientEmail: v.recipientEmail!,
          message: v.message ?? '',
          amount: cart.display.grandTotal,
        },
      });
      const result = await orders().place(
        { idempotencyKey: `gift-card:${input.idempotencyKey}`, cartId: null, reservations: [], order: draft, payment: pendingPayment(p) },
        Date.now(),
      );
      if (!result.ok) throw new StoreError(409, stockMessage(result.problems));
      const order = await payOrder(p, result.order, input.payment);
      return placed(order, []);
    },

    async donate(_shopper, input: DonationInput) {
      const p = provider();
      const page = site.donationPage(input.donatePageId);
      if (!page) throw new StoreError(404, STORE_MESSAGES.donationNotAvailable);
      const amount = parseAmount(input.amount, currency, {
        min: { cents: MIN_DONATION_CENTS, display: money(MIN_DONATION_CENTS) },
        max: { cents: MAX_DONATION_CENTS, display: money(MAX_DONATION_CENTS) },
      });
      const checked = checkFields(CONTACT_FIELDS, input.fields);
      const errors = { ...(amount.ok ? {} : { amount: amount.message }), ...(checked.ok ? {} : checked.errors) };
      if (!amount.ok || !checked.ok) throw fieldErrors(errors);
      const v = checked.values;
      const contribution = await orders().contribute(
        `donation:${input.idempotencyKey}`,
        {
          donatePageId: page.donatePageId,
          title: page.title,
          currencyCode: currency,
          amountCents: amount.cents,
          display: { amount: money(amount.cents) },
          donor: { email: v.email!, firstName: v.firstName!, lastName: v.lastName! },
        },
        pendingPayment(p),
        Date.now(),
      );
      if (contribution.state !== 'paid') {
        const paid = await charge(p, contribution.id, contribution.amountCents, `${storeName}: ${page.title}`, v.email!, input.payment);
        await orders().settleContribution(contribution.id, paid.paid, paid.payment, Date.now());
        if (!paid.paid) throw new StoreError(402, paid.message);
        log.info('store.contribution_paid', { site: site.website.identifier, contribution: contribution.number });
      }
      return {
        value: { id: contribution.id, number: contribution.number, redirect: contributionConfirmedUrl(page.donatePageId, contribution.id) },
        setCookie: await receiptCookie(c, contribution.id),
      };
    },

    async order(shopper, orderId) {
      if (!GUID_PATTERN.test(orderId)) return null;
      const found = await orders().order(orderId);
      if (found?.view.state !== 'paid') return shopper.isOwner && found ? found.view : null;
      return shopper.isOwner || shopper.receipts.includes(orderId) ? found.view : null;
    },

    async contribution(shopper, id) {
      if (!GUID_PATTERN.test(id)) return null;
      const found = await orders().contribution(id);
      if (!found || (!shopper.isOwner && (found.state !== 'paid' || !shopper.receipts.includes(id)))) return null;
      return found;
    },
  };
}
