// §3 ShoppingCart's figures worked out by shared/cart.ts: every total with Money (never floating point), stock limits,
// notices, shipping, tax and discount codes, formatted in the store currency (§9).
import { describe, expect, it } from 'vitest';
import {
  emptyCart,
  couponDiscount,
  MAX_LINE_QUANTITY,
  priceCart,
  shippingOptionsFor,
  taxRulesFor,
  type CartEntryRecord,
  type CartRecord,
  type CatalogVariant,
  type StoreRules,
} from '../shared/cart.ts';
import { PRODUCT_TYPES } from '../shared/codes.ts';
import { formatMoney, Money } from '../shared/money.ts';
import type { Coupon, ShippingOption, TaxRule } from '../shared/snapshot/schema.ts';

const NOW = new Date('2026-11-20T12:00:00Z');

function variant(sku: string, unitPriceCents: number, extra: Partial<CatalogVariant> = {}): CatalogVariant {
  return {
    productId: `p-${sku}`,
    sku,
    title: `Product ${sku}`,
    variantLabel: '',
    productType: PRODUCT_TYPES.PHYSICAL,
    url: `/shop/${sku}`,
    image: null,
    unitPriceCents,
    originalPriceCents: null,
    available: null,
    ...extra,
  };
}

function entry(sku: string, quantity: number, seenPriceCents: number): CartEntryRecord {
  return { id: `e-${sku}`, productId: `p-${sku}`, sku, quantity, seenPriceCents, addedAt: 1 };
}

function cart(entries: CartEntryRecord[], extra: Partial<CartRecord> = {}): CartRecord {
  return {
    id: 'cart-1',
    websiteId: 'site-1',
    created: 1,
    updated: 2,
    isPurchased: false,
    orderId: null,
    entries,
    coupons: [],
    shippingOptionId: null,
    shippingLocation: null,
    ...extra,
  };
}

const rules = (currency: string, extra: Partial<StoreRules> = {}): StoreRules => ({
  currency,
  shippingOptions: [],
  taxRules: [],
  coupons: [],
  now: NOW,
  ...extra,
});

function price(record: CartRecord, variants: CatalogVariant[], r: StoreRules) {
  const bySku = new Map(variants.map((v) => [v.sku, v]));
  return priceCart(record, 'site-1', (_productId, sku) => bySku.get(sku), r);
}

describe('priceCart: totals with Money, in the store currency', () => {
  // [case, currency, lines as [unit cents, quantity], subtotal cents, formatted grand total]
  const table: [string, string, [number, number][], number, string][] = [
    ['one line', 'USD', [[1999, 1]], 1999, '$19.99'],
    ['three at 10 cents: 0.1 * 3 is 0.30000000000000004 in floating point', 'USD', [[10, 3]], 30, '$0.30'],
    [
      '0.1 + 0.2 as two lines',
      'GBP',
      [
        [10, 1],
        [20, 1],
      ],
      30,
      '£0.30',
    ],
    [
      'many small lines that drift in floating point',
      'EUR',
      [
        [1, 7],
        [33, 3],
        [1, 1],
      ],
      107,
      '€1.07',
    ],
    ['a trailing symbol with a space: SEK', 'SEK', [[123450, 2]], 246900, '2,469.00 kr'],
    ['a trailing symbol: CZK', 'CZK', [[99, 3]], 297, '2.97 Kč'],
    ['a trailing symbol: PLN', 'PLN', [[100000, 10]], 1000000, '10,000.00 zł'],
    ['a leading symbol with a space: CHF', 'CHF', [[1005, 2]], 2010, 'CHF 20.10'],
    ['the largest price, at the largest quantity', 'USD', [[100_000_000, MAX_LINE_QUANTITY]], 99_900_000_000, '$999,000,000.00'],
  ];

  it.each(table)('%s', (_case, currency, lines, subtotal, grandTotal) => {
    const variants = lines.map(([unit], i) => variant(`S${i}`, unit));
    const result = price(cart(lines.map(([unit, qty], i) => entry(`S${i}`, qty, unit))), variants, rules(currency));
    expect(result.subtotalCents).toBe(subtotal);
    expect(result.grandTotalCents).toBe(subtotal);
    expect(result.display.grandTotal).toBe(grandTotal);
    expect(result.currencyCode).toBe(currency);
    expect(result.totalQuantity).toBe(lines.reduce((n, [, q]) => n + q, 0));
    expect(result.notices).toEqual([]);
  });

  it('formats each line and its unit price', () => {
    const result = price(cart([entry('A', 3, 1234)]), [variant('A', 1234)], rules('GBP'));
    expect(result.entries[0]).toMatchObject({ quantity: 3, lineTotalCents: 3702, display: { unitPrice: '£12.34', lineTotal: '£37.02' } });
  });

  it('shows the price before a sale beside the sale price', () => {
    const result = price(cart([entry('A', 1, 4900)]), [variant('A', 4900, { originalPriceCents: 6500 })], rules('GBP'));
    expect(result.entries[0]!.display).toEqual({ unitPrice: '£49.00', originalUnitPrice: '£65.00', lineTotal: '£49.00' });
  });

  it('is an empty cart with zero figures when there is no record', () => {
    const result = priceCart(null, 'site-1', () => undefined, rules('GBP'));
    expect(result).toMatchObject({ id: null, entries: [], totalQuantity: 0, grandTotalCents: 0, canCheckout: false });
    expect(result.display.grandTotal).toBe('£0.00');
  });
});

describe('the empty cart of a visitor without one', () => {
  it('is priced once per site and currency, and frozen so that no reader can change it for the next visitor', () => {
    const cart = emptyCart('site-a', 'GBP');
    expect(cart).toBe(emptyCart('site-a', 'GBP'));
    expect(cart.totalQuantity).toBe(0);
    expect(cart.display.grandTotal).toBe(formatMoney(Money.fromCents(0, 'GBP'), {}));
    expect(Object.isFrozen(cart) && Object.isFrozen(cart.display) && Object.isFrozen(cart.entries)).toBe(true);
    expect(() => (cart.entries as unknown[]).push({})).toThrow(TypeError);
    expect(emptyCart('site-a', 'EUR')).not.toBe(cart);
    expect(emptyCart('site-a', 'EUR').display.grandTotal).toBe(formatMoney(Money.fromCents(0, 'EUR'), {}));
    expect(emptyCart('site-b', 'GBP').websiteId).toBe('site-b');
  });
});

describe('priceCart: kinds of product (§3 Product types)', () => {
  // [case, product types, hasDigital, purelyDigital, requiresShipping]
  const table: [string, number[], boolean, boolean, boolean][] = [
    ['physical goods', [PRODUCT_TYPES.PHYSICAL], false, false, true],
    ['a download', [PRODUCT_TYPES.DIGITAL], true, true, false],
    ['a gift card', [PRODUCT_TYPES.GIFT_CARD], true, true, false],
    ['a service (a guided walk)', [PRODUCT_TYPES.SERVICE], false, false, false],
    ['a download and goods', [PRODUCT_TYPES.DIGITAL, PRODUCT_TYPES.PHYSICAL], true, false, true],
    ['a download and a service', [PRODUCT_TYPES.DIGITAL, PRODUCT_TYPES.SERVICE], true, false, false],
  ];
  it.each(table)('%s', (_case, types, hasDigital, purelyDigital, requiresShipping) => {
    const variants = types.map((t, i) => variant(`T${i}`, 500, { productType: t as CatalogVariant['productType'] }));
    const result = price(cart(types.map((_t, i) => entry(`T${i}`, 1, 500))), variants, rules('USD'));
    expect({ hasDigital: result.hasDigital, purelyDigital: result.purelyDigital, requiresShipping: result.requiresShipping }).toEqual({
      hasDigital,
      purelyDigital,
      requiresShipping,
    });
  });
});

describe('priceCart: stock and changes since the visitor added', () => {
  it('counts what is left when a line asks for more, and says so', () => {
    const result = price(
      cart([entry('A', 5, 1000)]),
      [variant('A', 1000, { available: 2, title: 'Jacket', variantLabel: 'Moss / S' })],
      rules('GBP'),
    );
    expect(result.entries[0]).toMatchObject({ requestedQuantity: 5, quantity: 2, maxQuantity: 2, available: true, lineTotalCents: 2000 });
    expect(result.subtotalCents).toBe(2000);
    expect(result.notices).toEqual([
      { kind: 'limited', entryId: 'e-A', message: 'Only 2 of Jacket (Moss / S) are left, so your order includes 2.' },
    ]);
  });

  it('keeps a sold-out line in the cart but counts nothing for it', () => {
    const result = price(
      cart([entry('A', 1, 1000), entry('B', 2, 300)]),
      [variant('A', 1000, { available: 0, title: 'Daypack' }), variant('B', 300)],
      rules('GBP'),
    );
    expect(result.entries.map((l) => [l.sku, l.quantity, l.available])).toEqual([
      ['A', 0, false],
      ['B', 2, true],
    ]);
    expect(result.subtotalCents).toBe(600);
    expect(result.totalQuantity).toBe(2);
    expect(result.notices).toEqual([
      { kind: 'soldOut', entryId: 'e-A', message: 'Daypack is sold out and is not included in your total.' },
    ]);
    expect(result.canCheckout).toBe(true);
  });

  it('cannot check out when nothing in the cart can be bought', () => {
    const result = price(cart([entry('A', 1, 1000)]), [variant('A', 1000, { available: 0 })], rules('GBP'));
    expect(result.canCheckout).toBe(false);
  });

  it('keeps a line whose product is gone, counted as nothing, with a notice', () => {
    const result = price(cart([entry('GONE', 1, 1000)]), [], rules('GBP'));
    expect(result.entries[0]).toMatchObject({ available: false, quantity: 0 });
    expect(result.notices[0]!.kind).toBe('unavailable');
    expect(result.grandTotalCents).toBe(0);
  });

  it('names a price that changed since the line was added, and uses the new one', () => {
    const result = price(cart([entry('A', 2, 18900)]), [variant('A', 19900, { title: 'Jacket' })], rules('GBP'));
    expect(result.subtotalCents).toBe(39800);
    expect(result.notices).toEqual([
      { kind: 'priceChanged', entryId: 'e-A', message: 'The price of Jacket has changed from £189.00 to £199.00.' },
    ]);
  });

  it('never counts more of a line than MAX_LINE_QUANTITY', () => {
    const result = price(cart([entry('A', MAX_LINE_QUANTITY + 5, 100)]), [variant('A', 100)], rules('USD'));
    expect(result.entries[0]!.quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('cannot check out a cart that became an order', () => {
    const result = price(cart([entry('A', 1, 100)], { isPurchased: true, orderId: 'o1' }), [variant('A', 100)], rules('USD'));
    expect(result).toMatchObject({ isPurchased: true, orderId: 'o1', canCheckout: false });
  });
});

const UK_STANDARD: ShippingOption = { id: 'uk', name: 'UK standard', rateCents: 495, freeOverCents: 6000, countries: ['GB'] };
const UK_NEXT_DAY: ShippingOption = { id: 'uk-next', name: 'UK next day', rateCents: 895, countries: ['GB'] };
const WORLD: ShippingOption = { id: 'world', name: 'International', rateCents: 1495 };

describe('shipping options for a destination', () => {
  const table: [string, ShippingOption[], string | null, string[]][] = [
    ['options naming the country', [UK_STANDARD, UK_NEXT_DAY, WORLD], 'GB', ['uk', 'uk-next']],
    ['elsewhere, the options naming no country', [UK_STANDARD, UK_NEXT_DAY, WORLD], 'US', ['world']],
    ['no option for the destination', [UK_STANDARD], 'US', []],
    ['no destination yet: every option', [UK_STANDARD, WORLD], null, ['uk', 'world']],
  ];
  it.each(table)('%s', (_case, options, country, ids) => {
    expect(shippingOptionsFor(options, country ? { country } : null).map((o) => o.id)).toEqual(ids);
  });
});

describe('priceCart: shipping', () => {
  const shop = rules('GBP', { shippingOptions: [UK_STANDARD, UK_NEXT_DAY, WORLD] });

  it('charges the first option for the destination until another is chosen', () => {
    const result = price(cart([entry('A', 1, 2500)], { shippingLocation: { country: 'GB' } }), [variant('A', 2500)], shop);
    expect(result.selectedShippingOption).toMatchObject({ id: 'uk', costCents: 495 });
    expect(result.grandTotalCents).toBe(2995);
    expect(result.display.shippingCost).toBe('£4.95');
  });

  it('is free over the option’s threshold', () => {
    const result = price(cart([entry('A', 3, 2000)], { shippingLocation: { country: 'GB' } }), [variant('A', 2000)], shop);
    expect(result.selectedShippingOption).toMatchObject({ id: 'uk', costCents: 0, display: { cost: '£0.00' } });
    expect(result.grandTotalCents).toBe(6000);
  });

  it('charges the option the visitor chose', () => {
    const result = price(
      cart([entry('A', 1, 2500)], { shippingLocation: { country: 'GB' }, shippingOptionId: 'uk-next' }),
      [variant('A', 2500)],
      shop,
    );
    expect(result.shippingCostCents).toBe(895);
  });

  it('says when the store does not ship to the destination, and cannot check out', () => {
    const result = price(
      cart([entry('A', 1, 2500)], { shippingLocation: { country: 'US' } }),
      [variant('A', 2500)],
      rules('GBP', { shippingOptions: [UK_STANDARD] }),
    );
    expect(result.canCheckout).toBe(false);
    expect(result.notices).toContainEqual({ kind: 'noShipping', message: 'This store does not ship to United States.' });
  });

  it('ships nothing for downloads and services', () => {
    const result = price(
      cart([entry('A', 1, 900)], { shippingLocation: { country: 'GB' } }),
      [variant('A', 900, { productType: PRODUCT_TYPES.DIGITAL })],
      shop,
    );
    expect(result).toMatchObject({ requiresShipping: false, shippingOptions: [], selectedShippingOption: null, shippingCostCents: 0 });
  });
});

const NY: TaxRule = { id: 'ny', name: 'New York sales tax', rate: '0.08875', country: 'US', region: 'NY' };
const US_FED: TaxRule = { id: 'us', name: 'Made-up federal tax', rate: '0.1', country: 'US' };

describe('tax rules for a destination', () => {
  const table: [string, string, string | undefined, string[]][] = [
    ['the country’s rule and the region’s', 'US', 'NY', ['ny', 'us']],
    ['a region in lower case', 'US', 'ny', ['ny', 'us']],
    ['another region: only the country’s', 'US', 'CA', ['us']],
    ['another country: none', 'GB', undefined, []],
  ];
  it.each(table)('%s', (_case, country, region, ids) => {
    expect(
      taxRulesFor([NY, US_FED], { country, region })
        .map((r) => r.id)
        .sort(),
    ).toEqual(ids);
  });
});

describe('priceCart: tax, with Money', () => {
  // [case, unit cents, qty, rate, tax cents]: each would round the other way in floating point
  const table: [string, number, number, string, number][] = [
    ['$1.15 at 10%: 0.115 rounds up (1.15 * 0.1 is 0.11499999999999999)', 115, 1, '0.1', 12],
    ['$10.05 at 5%: 0.5025 rounds down', 1005, 1, '0.05', 50],
    ['$8.10 at 8.875%: 0.718875 rounds up', 810, 1, '0.08875', 72],
    ['$2.01 × 3 at 7.5%: 0.45225', 201, 3, '0.075', 45],
    ['$0.70 at 15%: 0.105 rounds up (0.7 * 0.15 is 0.10499999999999998)', 70, 1, '0.15', 11],
  ];
  it.each(table)('%s', (_case, unit, qty, rate, taxCents) => {
    const result = price(
      cart([entry('A', qty, unit)], { shippingLocation: { country: 'US', region: 'NY' } }),
      [variant('A', unit)],
      rules('USD', { taxRules: [{ id: 't', name: 'Tax', rate, country: 'US' }] }),
    );
    expect(result.taxCents).toBe(taxCents);
    expect(result.grandTotalCents).toBe(unit * qty + taxCents);
    expect(result.applicableTaxRules).toEqual([
      { id: 't', name: 'Tax', rate, amountCents: taxCents, display: { amount: formatMoney(Money.fromCents(taxCents, 'USD')) } },
    ]);
  });

  it('charges no tax before the destination is known', () => {
    const result = price(cart([entry('A', 1, 1000)]), [variant('A', 1000)], rules('USD', { taxRules: [US_FED] }));
    expect(result.taxCents).toBe(0);
    expect(result.applicableTaxRules).toEqual([]);
  });

  it('charges no sales tax on gift cards', () => {
    const result = price(
      cart([entry('G', 1, 5000)], { shippingLocation: { country: 'US' } }),
      [variant('G', 5000, { productType: PRODUCT_TYPES.GIFT_CARD })],
      rules('USD', { taxRules: [US_FED] }),
    );
    expect(result.taxCents).toBe(0);
  });

  it('taxes goods after their share of a discount', () => {
    const result = price(
      cart([entry('A', 1, 1000), entry('G', 1, 1000)], { shippingLocation: { country: 'US' }, coupons: ['HALF'] }),
      [variant('A', 1000), variant('G', 1000, { productType: PRODUCT_TYPES.GIFT_CARD })],
      rules('USD', { taxRules: [US_FED], coupons: [{ code: 'HALF', percentOff: '50' }] }),
    );
    // goods $20.00, discount $10.00; taxable goods $10.00 less half: $5.00 at 10%
    expect(result).toMatchObject({ subtotalCents: 2000, discountCents: 1000, taxCents: 50, grandTotalCents: 1050 });
  });
});

describe('discount codes', () => {
  const format = (m: Money) => formatMoney(m);
  const goods = (cents: number) => Money.fromCents(cents, 'GBP');
  // [case, coupon, goods cents, discount cents or the reason it does not apply]
  const table: [string, Coupon, number, number | string][] = [
    ['10% off', { code: 'TEN', percentOff: '10' }, 4999, 500],
    ['12.5% off £0.99: 0.12375 rounds down', { code: 'EIGHTH', percentOff: '12.5' }, 99, 12],
    ['15% off £0.70: 0.105 rounds up', { code: 'FIFTEEN', percentOff: '15' }, 70, 11],
    ['an amount off', { code: 'FIVER', amountOffCents: 500 }, 4999, 500],
    ['never more than the goods', { code: 'FIVER', amountOffCents: 500 }, 300, 300],
    ['100% off', { code: 'FREE', percentOff: '100' }, 1234, 1234],
    ['below its minimum', { code: 'BIG', percentOff: '10', minimumCents: 5000 }, 4999, 'BIG applies to orders of £50.00 or more.'],
    ['at its minimum', { code: 'BIG', percentOff: '10', minimumCents: 5000 }, 5000, 500],
    ['expired', { code: 'OLD', percentOff: '10', expiresOn: '2026-01-01T00:00:00Z' }, 5000, 'OLD has expired.'],
  ];
  it.each(table)('%s', (_case, coupon, cents, expected) => {
    const check = couponDiscount(coupon, goods(cents), NOW, format);
    if (typeof expected === 'number') expect(check).toEqual({ ok: true, amount: goods(expected) });
    else expect(check).toEqual({ ok: false, reason: expected });
  });

  it('applies a valid code to the cart and lists one that does not apply', () => {
    const result = price(
      cart([entry('A', 1, 4000)], { coupons: ['TEN', 'NOPE'] }),
      [variant('A', 4000)],
      rules('GBP', { coupons: [{ code: 'TEN', percentOff: '10', description: '10% off' }] }),
    );
    expect(result.discountCents).toBe(400);
    expect(result.grandTotalCents).toBe(3600);
    expect(result.display.discount).toBe('£4.00');
    expect(result.validCoupons).toEqual([{ code: 'TEN', description: '10% off', amountCents: 400, display: { amount: '£4.00' } }]);
    expect(result.invalidCoupons).toEqual([{ code: 'NOPE', reason: 'NOPE is not a discount code of this store.' }]);
  });

  it('frees shipping by the goods after the discount', () => {
    const result = price(
      cart([entry('A', 1, 6000)], { coupons: ['TEN'], shippingLocation: { country: 'GB' } }),
      [variant('A', 6000)],
      rules('GBP', { coupons: [{ code: 'TEN', percentOff: '10' }], shippingOptions: [UK_STANDARD] }),
    );
    // £60.00 less £6.00 is under the £60 threshold
    expect(result.shippingCostCents).toBe(495);
    expect(result.grandTotalCents).toBe(5400 + 495);
  });
});
