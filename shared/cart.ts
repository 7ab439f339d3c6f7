// The shopping cart of §3 priced from what the store holds now: every figure (subtotal, discount, shipping, tax, grand
// total) computed with Money on decimal.js, never with floating point, and formatted in the store currency (§9). The
// edge stores only what the visitor chose (product, variant, quantity); prices, stock and rules come from the current
// snapshot on every read, so a changed price or a product gone out of stock shows up with a notice, never a stale total.
import { PRODUCT_TYPES, type ProductTypeCode } from './codes.ts';
import { countryName } from './countries.ts';
import { keptOrMade } from './kept.ts';
import { formatMoney, Money } from './money.ts';
import type { Coupon, ShippingOption, TaxRule } from './snapshot/schema.ts';

/** The most of one variant a cart line may ask for, stock allowing. */
export const MAX_LINE_QUANTITY = 999;
/** The most lines one cart holds. */
export const MAX_CART_ENTRIES = 50;
/** A cart nobody has changed for this long is deleted, and its cookies expire with it. */
export const CART_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export interface ShippingLocation {
  /** ISO 3166-1 alpha-2 */
  country: string;
  /** a state or province code, for regional tax rules */
  region?: string | undefined;
}

/** One line as the cart object stores it: what the visitor chose, and the unit price they last saw. */
export interface CartEntryRecord {
  id: string;
  productId: string;
  sku: string;
  quantity: number;
  /** the unit price when the line was added or last changed: a different price now is shown as a notice */
  seenPriceCents: number;
  addedAt: number;
}

/** What the cart object stores (§3 ShoppingCart without the figures, which are worked out on every read). */
export interface CartRecord {
  id: string;
  websiteId: string;
  created: number;
  updated: number;
  isPurchased: boolean;
  orderId: string | null;
  entries: CartEntryRecord[];
  coupons: string[];
  shippingOptionId: string | null;
  shippingLocation: ShippingLocation | null;
}

export interface CartImage {
  src: string;
  width: number;
  height: number;
  alt: string;
}

/** One variant as the store offers it now: the published snapshot, less what the edge has sold since. */
export interface CatalogVariant {
  productId: string;
  sku: string;
  title: string;
  /** §3: the option values joined by ' / ' */
  variantLabel: string;
  productType: ProductTypeCode;
  url: string;
  image: CartImage | null;
  /** what one costs now (the sale price when on sale) */
  unitPriceCents: number;
  /** the price before the sale, when on sale */
  originalPriceCents: number | null;
  /** units that can still be sold; null when unlimited */
  available: number | null;
}

export interface StoreRules {
  currency: string;
  shippingOptions: readonly ShippingOption[];
  taxRules: readonly TaxRule[];
  coupons: readonly Coupon[];
  now: Date;
}

export interface CartLine {
  id: string;
  productId: string;
  sku: string;
  title: string;
  variantLabel: string;
  productType: ProductTypeCode;
  url: string;
  image: CartImage | null;
  /** the quantity the visitor asked for */
  requestedQuantity: number;
  /** what an order would hold now: the request capped by stock, 0 when the variant cannot be bought */
  quantity: number;
  /** the most that can be asked for now; null when only MAX_LINE_QUANTITY limits it */
  maxQuantity: number | null;
  available: boolean;
  unitPriceCents: number;
  originalUnitPriceCents: number | null;
  lineTotalCents: number;
  display: { unitPrice: string; originalUnitPrice: string | null; lineTotal: string };
}

export type CartNoticeKind = 'unavailable' | 'soldOut' | 'limited' | 'priceChanged' | 'noShipping' | 'coupon';

export interface CartNotice {
  kind: CartNoticeKind;
  /** the line it is about */
  entryId?: string | undefined;
  message: string;
}

export interface ShippingOptionView {
  id: string;
  name: string;
  description: string | null;
  costCents: number;
  /** the cart's grand total with this option, so a page without script can show each before the order goes */
  totalCents?: number;
  display: { cost: string; total?: string };
}

export interface TaxRuleView {
  id: string;
  name: string;
  rate: string;
  amountCents: number;
  display: { amount: string };
}

export interface CouponView {
  code: string;
  description: string | null;
  amountCents: number;
  display: { amount: string };
}

/** §3 ShoppingCart as the cart API answers it, with each figure also formatted in the store currency. */
export interface ShoppingCart {
  id: string | null;
  websiteId: string;
  orderId: string | null;
  /** ms since the epoch; null for a cart not made yet */
  created: number | null;
  isPurchased: boolean;
  currencyCode: string;
  entries: CartLine[];
  shippingOptions: ShippingOptionView[];
  selectedShippingOption: ShippingOptionView | null;
  shippingLocation: ShippingLocation | null;
  applicableTaxRules: TaxRuleView[];
  coupons: string[];
  validCoupons: CouponView[];
  invalidCoupons: { code: string; reason: string }[];
  subtotalCents: number;
  taxCents: number;
  shippingCostCents: number;
  discountCents: number;
  grandTotalCents: number;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
  notices: CartNotice[];
  display: { subtotal: string; tax: string; shippingCost: string; discount: string; grandTotal: string };
  /** at least one line can be bought and, for goods, the store ships where the visitor said */
  canCheckout: boolean;
}

/** Gift cards and downloads arrive by e-mail. */
export function isDigitalType(type: number): boolean {
  return type === PRODUCT_TYPES.DIGITAL || type === PRODUCT_TYPES.GIFT_CARD;
}

/** Only physical goods are shipped; services (a guided walk) and digital goods are not. */
export function needsShipping(type: number): boolean {
  return type === PRODUCT_TYPES.PHYSICAL;
}

/** Gift cards are stored value, not a sale of goods: no sales tax on them. */
function isTaxable(type: number): boolean {
  return type !== PRODUCT_TYPES.GIFT_CARD;
}

/** A line's name in notices: 'Edale Waterproof Jacket (Moss / S)'. */
export function lineName(title: string, variantLabel: string): string {
  return variantLabel ? `${title} (${variantLabel})` : title;
}

/**
 * The shipping options that serve a destination: those that name its country, or, when none does, those that name no
 * country (a "rest of the world" rate). Without a destination, every option that could serve somewhere.
 */
export function shippingOptionsFor(options: readonly ShippingOption[], location: ShippingLocation | null): ShippingOption[] {
  if (!location) return [...options];
  const named = options.filter((o) => o.countries?.includes(location.country));
  return named.length ? named : options.filter((o) => !o.countries);
}

/** Tax rules for a destination: the country's rules without a region, and those of its region. */
export function taxRulesFor(rules: readonly TaxRule[], location: ShippingLocation | null): TaxRule[] {
  if (!location) return [];
  const region = location.region?.trim().toUpperCase();
  return rules.filter((r) => r.country === location.country && (!r.region || r.region === region));
}

type CouponCheck = { ok: true; amount: Money } | { ok: false; reason: string };

/** What a discount code takes off goods worth `goods`, or why it does not apply. */
export function couponDiscount(coupon: Coupon, goods: Money, now: Date, format: (m: Money) => string): CouponCheck {
  if (coupon.expiresOn && Date.parse(coupon.expiresOn) <= now.getTime()) return { ok: false, reason: `${coupon.code} has expired.` };
  if (coupon.minimumCents !== undefined) {
    const minimum = Money.fromCents(coupon.minimumCents, goods.currencyCode);
    if (goods.compare(minimum) < 0) return { ok: false, reason: `${coupon.code} applies to orders of ${format(minimum)} or more.` };
  }
  const off =
    coupon.percentOff !== undefined
      ? goods.multiply(coupon.percentOff).divide(100).round()
      : Money.fromCents(coupon.amountOffCents ?? 0, goods.currencyCode);
  // never more than the goods are worth
  return { ok: true, amount: off.compare(goods) > 0 ? goods : off };
}

const cents = (m: Money) => m.toCents();

/** Empty carts by site and currency, priced once: the same for every visitor without a cart. */
const emptyCarts = new Map<string, ShoppingCart>();
/** An isolate serves many sites: past this many, the oldest kept empty cart is dropped (and priced again when asked for). */
const EMPTY_CARTS_KEPT = 64;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * An empty cart of a site: what a visitor without a cart sees. It depends on nothing but the site and its currency, so
 * it is priced once per isolate (with decimal.js, a tenth of a small page's render) and shared, frozen: a reader that
 * tried to change it would throw rather than change another visitor's cart.
 */
export function emptyCart(websiteId: string, currency: string): ShoppingCart {
  return keptOrMade(emptyCarts, `${websiteId}\n${currency}`, EMPTY_CARTS_KEPT, () =>
    deepFreeze(priceCart(null, websiteId, () => undefined, { currency, shippingOptions: [], taxRules: [], coupons: [], now: new Date(0) })),
  );
}

/**
 * Prices a cart as the store stands now. Lines whose product is gone, hidden or sold out stay in the cart (so the
 * visitor sees what happened) but count for nothing; a line asking for more than is left counts what is left.
 */
export function priceCart(
  record: CartRecord | null,
  websiteId: string,
  lookup: (productId: string, sku: string) => CatalogVariant | undefined,
  rules: StoreRules,
): ShoppingCart {
  const { currency } = rules;
  const zero = Money.fromCents(0, currency);
  const format = (m: Money) => formatMoney(m, {});
  const notices: CartNotice[] = [];
  const entries: CartLine[] = [];
  let subtotal = zero;
  let taxableGoods = zero;
  let totalQuantity = 0;
  let hasDigital = false;
  let requiresShipping = false;
  let everyLineDigital = true;

  for (const entry of record?.entries ?? []) {
    const variant = lookup(entry.productId, entry.sku);
    if (!variant) {
      entries.push(missingLine(entry, format(zero)));
      notices.push({
        kind: 'unavailable',
        entryId: entry.id,
        message: 'An item in your cart is no longer available and is not included in your total.',
      });
      continue;
    }
    const name = lineName(variant.title, variant.variantLabel);
    const stockLimit = variant.available === null ? null : Math.max(0, variant.available);
    const quantity = Math.min(entry.quantity, stockLimit ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY);
    const unit = Money.fromCents(variant.unitPriceCents, currency);
    const lineTotal = unit.multiply(quantity);
    if (quantity === 0) {
      notices.push({ kind: 'soldOut', entryId: entry.id, message: `${name} is sold out and is not included in your total.` });
    } else if (quantity < entry.quantity) {
      notices.push({
        kind: 'limited',
        entryId: entry.id,
        message: `Only ${quantity} of ${name} ${quantity === 1 ? 'is' : 'are'} left, so your order includes ${quantity}.`,
      });
    }
    if (entry.seenPriceCents !== variant.unitPriceCents) {
      notices.push({
        kind: 'priceChanged',
        entryId: entry.id,
        message: `The price of ${name} has changed from ${format(Money.fromCents(entry.seenPriceCents, currency))} to ${format(unit)}.`,
      });
    }
    entries.push({
      id: entry.id,
      productId: entry.productId,
      sku: entry.sku,
      title: variant.title,
      variantLabel: variant.variantLabel,
      productType: variant.productType,
      url: variant.url,
      image: variant.image,
      requestedQuantity: entry.quantity,
      quantity,
      maxQuantity: stockLimit === null ? null : Math.min(stockLimit, MAX_LINE_QUANTITY),
      available: quantity > 0,
      unitPriceCents: variant.unitPriceCents,
      originalUnitPriceCents: variant.originalPriceCents,
      lineTotalCents: cents(lineTotal),
      display: {
        unitPrice: format(unit),
        originalUnitPrice: variant.originalPriceCents === null ? null : format(Money.fromCents(variant.originalPriceCents, currency)),
        lineTotal: format(lineTotal),
      },
    });
    if (quantity === 0) continue;
    subtotal = subtotal.add(lineTotal);
    if (isTaxable(variant.productType)) taxableGoods = taxableGoods.add(lineTotal);
    totalQuantity += quantity;
    if (isDigitalType(variant.productType)) hasDigital = true;
    else everyLineDigital = false;
    if (needsShipping(variant.productType)) requiresShipping = true;
  }
  const buyable = totalQuantity > 0;

  // discount codes, on the goods
  const validCoupons: CouponView[] = [];
  const invalidCoupons: { code: string; reason: string }[] = [];
  let discount = zero;
  for (const code of record?.coupons ?? []) {
    const coupon = rules.coupons.find((c) => c.code === code);
    const check: CouponCheck = !coupon
      ? { ok: false, reason: `${code} is not a discount code of this store.` }
      : couponDiscount(coupon, subtotal.subtract(discount), rules.now, format);
    if (check.ok) {
      discount = discount.add(check.amount);
      validCoupons.push({
        code,
        description: coupon?.description ?? null,
        amountCents: cents(check.amount),
        display: { amount: format(check.amount) },
      });
    } else {
      invalidCoupons.push({ code, reason: check.reason });
      if (buyable) notices.push({ kind: 'coupon', message: check.reason });
    }
  }
  const goods = subtotal.subtract(discount);

  // shipping, for physical goods, to where the visitor said
  const location = record?.shippingLocation ?? null;
  let shippingOptions: ShippingOptionView[] = [];
  let selectedShippingOption: ShippingOptionView | null = null;
  let shipsThere = true;
  if (requiresShipping && rules.shippingOptions.length) {
    shippingOptions = shippingOptionsFor(rules.shippingOptions, location).map((o) => {
      const free = o.freeOverCents !== undefined && goods.compare(Money.fromCents(o.freeOverCents, currency)) >= 0;
      const cost = free ? zero : Money.fromCents(o.rateCents, currency);
      return { id: o.id, name: o.name, description: o.description ?? null, costCents: cents(cost), display: { cost: format(cost) } };
    });
    if (location) {
      selectedShippingOption = shippingOptions.find((o) => o.id === record?.shippingOptionId) ?? shippingOptions[0] ?? null;
      if (!selectedShippingOption) {
        shipsThere = false;
        notices.push({ kind: 'noShipping', message: `This store does not ship to ${countryName(location.country)}.` });
      }
    }
  }
  const shipping = selectedShippingOption ? Money.fromCents(selectedShippingOption.costCents, currency) : zero;

  // tax on the taxable goods, less their share of the discount
  const taxBase =
    subtotal.isZero() || discount.isZero()
      ? taxableGoods
      : taxableGoods.subtract(taxableGoods.multiply(discount.value).divide(subtotal.value)).round();
  let tax = zero;
  const applicableTaxRules: TaxRuleView[] = [];
  if (buyable && !taxBase.isZero()) {
    for (const rule of taxRulesFor(rules.taxRules, location)) {
      const amount = taxBase.multiply(rule.rate).round();
      tax = tax.add(amount);
      applicableTaxRules.push({
        id: rule.id,
        name: rule.name,
        rate: rule.rate,
        amountCents: cents(amount),
        display: { amount: format(amount) },
      });
    }
  }

  const grandTotal = goods.add(shipping).add(tax);
  // tax is on the goods alone, so another option changes the total by its cost only
  for (const option of shippingOptions) {
    const total = grandTotal.subtract(shipping).add(Money.fromCents(option.costCents, currency));
    option.totalCents = cents(total);
    option.display.total = format(total);
  }
  return {
    id: record?.id ?? null,
    websiteId,
    orderId: record?.orderId ?? null,
    created: record?.created ?? null,
    isPurchased: record?.isPurchased ?? false,
    currencyCode: currency,
    entries,
    shippingOptions,
    selectedShippingOption,
    shippingLocation: location,
    applicableTaxRules,
    coupons: [...(record?.coupons ?? [])],
    validCoupons,
    invalidCoupons,
    subtotalCents: cents(subtotal),
    taxCents: cents(tax),
    shippingCostCents: cents(shipping),
    discountCents: cents(discount),
    grandTotalCents: cents(grandTotal),
    totalQuantity,
    hasDigital,
    purelyDigital: buyable && everyLineDigital,
    requiresShipping,
    notices,
    display: {
      subtotal: format(subtotal),
      tax: format(tax),
      shippingCost: format(shipping),
      discount: format(discount),
      grandTotal: format(grandTotal),
    },
    canCheckout: buyable && shipsThere && !record?.isPurchased,
  };
}

function missingLine(entry: CartEntryRecord, zero: string): CartLine {
  return {
    id: entry.id,
    productId: entry.productId,
    sku: entry.sku,
    title: 'An item that is no longer available',
    variantLabel: '',
    productType: PRODUCT_TYPES.PHYSICAL,
    url: '',
    image: null,
    requestedQuantity: entry.quantity,
    quantity: 0,
    maxQuantity: 0,
    available: false,
    unitPriceCents: 0,
    originalUnitPriceCents: null,
    lineTotalCents: 0,
    display: { unitPrice: zero, originalUnitPrice: null, lineTotal: zero },
  };
}
