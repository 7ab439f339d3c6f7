// Product derived values and price display for every product type, from the spec's "Derived values" table.
import { describe, expect, it } from 'vitest';
import { InvalidCurrencyError } from '../shared/money.ts';
import { LIMITS } from '../shared/limits.ts';
import {
  PRODUCT_TYPE,
  fromPrice,
  normalPrice,
  onSale,
  priceDisplay,
  salePrice,
  soldOut,
  variantLabel,
  variedPrices,
  type ProductPricingInput,
  type ProductType,
  type ProductVariant,
} from '../shared/pricing.ts';

function variant(overrides: Partial<ProductVariant> = {}): ProductVariant {
  return {
    sku: 'SQ0000001',
    price: 1000,
    salePrice: 0,
    onSale: false,
    qtyInStock: 5,
    unlimited: false,
    optionValues: [],
    ...overrides,
  };
}

function product(productType: ProductType, variants: ProductVariant[], extra: Partial<ProductPricingInput> = {}): ProductPricingInput {
  return { productType, variants, ...extra };
}

interface Derived {
  normalPrice: number;
  salePrice: number;
  fromPrice: number;
  variedPrices: boolean;
  onSale: boolean;
  soldOut: boolean;
}

const derive: Record<keyof Derived, (p: ProductPricingInput) => number | boolean> = {
  normalPrice,
  salePrice,
  fromPrice,
  variedPrices,
  onSale,
  soldOut,
};

type Case = [name: string, variants: ProductVariant[], expected: Derived];

// Physical and service products follow the same rules, so they share one table.
const variantPricedCases: Case[] = [
  ['no variants', [], { normalPrice: 0, salePrice: 0, fromPrice: 0, variedPrices: false, onSale: false, soldOut: true }],
  [
    'one variant in stock',
    [variant({ price: 1500, qtyInStock: 3 })],
    {
      normalPrice: 1500,
      salePrice: 0,
      fromPrice: 1500,
      variedPrices: false,
      onSale: false,
      soldOut: false,
    },
  ],
  [
    'variants at different prices',
    [variant({ price: 1000, qtyInStock: 2 }), variant({ price: 2500, qtyInStock: 0 }), variant({ price: 1800, qtyInStock: 4 })],
    {
      normalPrice: 2500,
      salePrice: 0,
      fromPrice: 1000,
      variedPrices: true,
      onSale: false,
      soldOut: false,
    },
  ],
  [
    'every variant sold out',
    [variant({ qtyInStock: 0 }), variant({ qtyInStock: 0 })],
    {
      normalPrice: 1000,
      salePrice: 0,
      fromPrice: 1000,
      variedPrices: false,
      onSale: false,
      soldOut: true,
    },
  ],
  [
    'one unlimited variant among sold-out ones',
    [variant({ qtyInStock: 0 }), variant({ qtyInStock: 0, unlimited: true })],
    {
      normalPrice: 1000,
      salePrice: 0,
      fromPrice: 1000,
      variedPrices: false,
      onSale: false,
      soldOut: false,
    },
  ],
  [
    'mixed onSale (the off-sale variant has a lower salePrice that must be ignored)',
    [variant({ price: 2000, salePrice: 1500, onSale: true }), variant({ price: 2000, salePrice: 1200, onSale: false })],
    {
      normalPrice: 2000,
      salePrice: 1500,
      fromPrice: 1500,
      variedPrices: true,
      onSale: true,
      soldOut: false,
    },
  ],
  [
    'every variant on sale at the same prices',
    [variant({ price: 2000, salePrice: 1500, onSale: true }), variant({ price: 2000, salePrice: 1500, onSale: true })],
    {
      normalPrice: 2000,
      salePrice: 1500,
      fromPrice: 1500,
      variedPrices: false,
      onSale: true,
      soldOut: false,
    },
  ],
  [
    'every variant on sale at different sale prices',
    [variant({ price: 2000, salePrice: 1500, onSale: true }), variant({ price: 2000, salePrice: 1400, onSale: true })],
    {
      normalPrice: 2000,
      salePrice: 1400,
      fromPrice: 1400,
      variedPrices: true,
      onSale: true,
      soldOut: false,
    },
  ],
  [
    'different sale prices while nothing is on sale',
    [variant({ price: 2000, salePrice: 1500 }), variant({ price: 2000, salePrice: 1400 })],
    {
      normalPrice: 2000,
      salePrice: 0,
      fromPrice: 2000,
      variedPrices: false,
      onSale: false,
      soldOut: false,
    },
  ],
  [
    'a sale variant cheaper than an off-sale one',
    [variant({ price: 3000, salePrice: 1000, onSale: true }), variant({ price: 1500 })],
    {
      normalPrice: 3000,
      salePrice: 1000,
      fromPrice: 1000,
      variedPrices: true,
      onSale: true,
      soldOut: false,
    },
  ],
];

const digitalCases: [name: string, input: ProductPricingInput, expected: Derived][] = [
  [
    'a plain download',
    product(PRODUCT_TYPE.DIGITAL, [], { priceCents: 900, salePriceCents: 0, onSale: false }),
    {
      normalPrice: 900,
      salePrice: 0,
      fromPrice: 900,
      variedPrices: false,
      onSale: false,
      soldOut: false,
    },
  ],
  [
    'a download on sale',
    product(PRODUCT_TYPE.DIGITAL, [], { priceCents: 900, salePriceCents: 700, onSale: true }),
    {
      normalPrice: 900,
      salePrice: 700,
      fromPrice: 700,
      variedPrices: false,
      onSale: true,
      soldOut: false,
    },
  ],
  [
    'no price fields',
    product(PRODUCT_TYPE.DIGITAL, []),
    {
      normalPrice: 0,
      salePrice: 0,
      fromPrice: 0,
      variedPrices: false,
      onSale: false,
      soldOut: false,
    },
  ],
  [
    'stray variants, which are ignored',
    product(
      PRODUCT_TYPE.DIGITAL,
      [variant({ price: 100, qtyInStock: 0 }), variant({ price: 200, salePrice: 50, onSale: true, qtyInStock: 0 })],
      { priceCents: 900, salePriceCents: 800, onSale: false },
    ),
    {
      normalPrice: 900,
      salePrice: 800,
      fromPrice: 900,
      variedPrices: false,
      onSale: false,
      soldOut: false,
    },
  ],
];

const giftCardCases: Case[] = [
  [
    'several amounts',
    [variant({ price: 2500, unlimited: true }), variant({ price: 5000, unlimited: true }), variant({ price: 10000, unlimited: true })],
    {
      normalPrice: 2500,
      salePrice: 0,
      fromPrice: 2500,
      variedPrices: true,
      onSale: false,
      soldOut: false,
    },
  ],
  [
    'a first amount that is not the lowest',
    [variant({ price: 5000, unlimited: true }), variant({ price: 2500, unlimited: true })],
    {
      normalPrice: 5000,
      salePrice: 0,
      fromPrice: 2500,
      variedPrices: true,
      onSale: false,
      soldOut: false,
    },
  ],
  [
    'one amount',
    [variant({ price: 5000, unlimited: true })],
    {
      normalPrice: 5000,
      salePrice: 0,
      fromPrice: 5000,
      variedPrices: false,
      onSale: false,
      soldOut: false,
    },
  ],
  [
    'no stock, which never sells out a gift card',
    [variant({ price: 5000, qtyInStock: 0 })],
    {
      normalPrice: 5000,
      salePrice: 0,
      fromPrice: 5000,
      variedPrices: false,
      onSale: false,
      soldOut: false,
    },
  ],
  ['no variants', [], { normalPrice: 0, salePrice: 0, fromPrice: 0, variedPrices: false, onSale: false, soldOut: false }],
];

const derivedTable: [string, string, ProductPricingInput, Derived][] = [
  ...variantPricedCases.map(([name, variants, expected]): [string, string, ProductPricingInput, Derived] => [
    'physical',
    name,
    product(PRODUCT_TYPE.PHYSICAL, variants),
    expected,
  ]),
  ...variantPricedCases.map(([name, variants, expected]): [string, string, ProductPricingInput, Derived] => [
    'service',
    name,
    product(PRODUCT_TYPE.SERVICE, variants),
    expected,
  ]),
  ...digitalCases.map(([name, input, expected]): [string, string, ProductPricingInput, Derived] => ['digital', name, input, expected]),
  ...giftCardCases.map(([name, variants, expected]): [string, string, ProductPricingInput, Derived] => [
    'gift card',
    name,
    product(PRODUCT_TYPE.GIFT_CARD, variants),
    expected,
  ]),
];

describe.each(derivedTable)('derived values of a %s product with %s', (_type, _name, input, expected) => {
  it.each(Object.entries(expected) as [keyof Derived, number | boolean][])('gives %s = %s', (key, value) => {
    expect(derive[key](input)).toBe(value);
  });
});

describe('priceDisplay', () => {
  it.each<[string, ProductPricingInput, string, ReturnType<typeof priceDisplay>]>([
    [
      'shows a single price as regular',
      product(PRODUCT_TYPE.PHYSICAL, [variant({ price: 1500 })]),
      'USD',
      { kind: 'regular', text: '$15.00', soldOut: false },
    ],
    [
      "shows 'from' and the lowest price when prices vary",
      product(PRODUCT_TYPE.PHYSICAL, [variant({ price: 2500 }), variant({ price: 1000 })]),
      'USD',
      { kind: 'from', text: 'from $10.00', soldOut: false },
    ],
    [
      'shows the sale price and the normal price as original when on sale',
      product(PRODUCT_TYPE.SERVICE, [variant({ price: 2000, salePrice: 1500, onSale: true })]),
      'USD',
      { kind: 'sale', text: '$15.00', originalText: '$20.00', soldOut: false },
    ],
    [
      "shows 'from' the lowest effective price when only some variants are on sale",
      product(PRODUCT_TYPE.PHYSICAL, [variant({ price: 2000, salePrice: 1500, onSale: true }), variant({ price: 2000 })]),
      'USD',
      { kind: 'from', text: 'from $15.00', soldOut: false },
    ],
    [
      'marks a physical product with no stock as sold out',
      product(PRODUCT_TYPE.PHYSICAL, [variant({ price: 1500, qtyInStock: 0 })]),
      'USD',
      { kind: 'regular', text: '$15.00', soldOut: true },
    ],
    [
      'shows a digital sale from the product-level prices',
      product(PRODUCT_TYPE.DIGITAL, [], { priceCents: 900, salePriceCents: 700, onSale: true }),
      'USD',
      { kind: 'sale', text: '$7.00', originalText: '$9.00', soldOut: false },
    ],
    [
      "shows 'from' for a gift card whose amounts vary",
      product(PRODUCT_TYPE.GIFT_CARD, [variant({ price: 5000, unlimited: true }), variant({ price: 2500, unlimited: true })]),
      'USD',
      { kind: 'from', text: 'from $25.00', soldOut: false },
    ],
    [
      'shows a gift card with one amount as regular',
      product(PRODUCT_TYPE.GIFT_CARD, [variant({ price: 5000, unlimited: true })]),
      'USD',
      { kind: 'regular', text: '$50.00', soldOut: false },
    ],
    [
      'formats in the store currency',
      product(PRODUCT_TYPE.PHYSICAL, [variant({ price: 123450 })]),
      'EUR',
      { kind: 'regular', text: '€1,234.50', soldOut: false },
    ],
    [
      'formats a trailing-symbol currency inside the from text',
      product(PRODUCT_TYPE.PHYSICAL, [variant({ price: 2500 }), variant({ price: 1000 })]),
      'SEK',
      { kind: 'from', text: 'from 10.00 kr', soldOut: false },
    ],
  ])('%s', (_name, input, currencyCode, expected) => {
    expect(priceDisplay(input, currencyCode)).toStrictEqual(expected);
  });

  it.each<[string, ProductPricingInput, ReturnType<typeof priceDisplay>]>([
    ['regular', product(PRODUCT_TYPE.PHYSICAL, [variant({ price: 1500 })]), { kind: 'regular', text: '$15', soldOut: false }],
    [
      'from',
      product(PRODUCT_TYPE.PHYSICAL, [variant({ price: 2500 }), variant({ price: 1000 })]),
      { kind: 'from', text: 'from $10', soldOut: false },
    ],
    [
      'sale with non-zero cents kept',
      product(PRODUCT_TYPE.PHYSICAL, [variant({ price: 2000, salePrice: 1550, onSale: true })]),
      { kind: 'sale', text: '$15.50', originalText: '$20', soldOut: false },
    ],
  ])('trims zero cents in a %s price when asked', (_name, input, expected) => {
    expect(priceDisplay(input, 'USD', { trimCents: true })).toStrictEqual(expected);
  });

  it('rejects a malformed store currency', () => {
    expect(() => priceDisplay(product(PRODUCT_TYPE.PHYSICAL, [variant()]), 'usd')).toThrow(InvalidCurrencyError);
  });
});

describe('variantLabel', () => {
  it.each<[ProductVariant['optionValues'], string]>([
    [[{ value: 'Red' }], 'Red'],
    [
      [
        { name: 'Color', value: 'Red' },
        { name: 'Size', value: 'Large' },
      ],
      'Red / Large',
    ],
    [[{ value: 'Red' }, { value: 'L' }, { value: 'Cotton' }], 'Red / L / Cotton'],
    [[], ''],
  ])('joins option values %j with " / " as %j', (optionValues, label) => {
    expect(variantLabel(variant({ optionValues }))).toBe(label);
  });
});

describe('store limits', () => {
  it.each([
    ['PRODUCT_TYPE', PRODUCT_TYPE, { PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4 }],
    ['the maximum product price', LIMITS.maxProductPriceCents, 100000000],
    ['the maximum SKU length', LIMITS.maxSkuLength, 60],
  ])('sets %s to the spec value', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});
