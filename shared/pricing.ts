// Store product rules: derived prices and sale state, and the price line a product shows (spec §3).
import { PRODUCT_TYPES, type ProductTypeCode } from './codes.ts';
import { formatCents } from './money.ts';

// Store-facing names for values defined once in codes.ts.
export const PRODUCT_TYPE = PRODUCT_TYPES;
export type ProductType = ProductTypeCode;

export interface ProductVariant {
  sku: string;
  price: number;
  salePrice: number;
  onSale: boolean;
  qtyInStock: number;
  unlimited: boolean;
  optionValues: { name?: string; value: string }[];
}

export interface ProductPricingInput {
  productType: ProductType;
  variants: ProductVariant[];
  // Digital products carry their price on the product, not on variants.
  priceCents?: number;
  salePriceCents?: number;
  onSale?: boolean;
}

const isDigital = (product: ProductPricingInput): boolean => product.productType === PRODUCT_TYPE.DIGITAL;

const effectivePrice = (variant: ProductVariant): number => (variant.onSale ? variant.salePrice : variant.price);

export function normalPrice(product: ProductPricingInput): number {
  if (isDigital(product)) return product.priceCents ?? 0;
  if (product.productType === PRODUCT_TYPE.GIFT_CARD) return product.variants[0]?.price ?? 0;
  return product.variants.length === 0 ? 0 : Math.max(...product.variants.map((v) => v.price));
}

export function salePrice(product: ProductPricingInput): number {
  if (isDigital(product)) return product.salePriceCents ?? 0;
  const onSalePrices = product.variants.filter((v) => v.onSale).map((v) => v.salePrice);
  // The spec gives no value for "nothing on sale"; 0 matches its digital rule and is never shown.
  return onSalePrices.length === 0 ? 0 : Math.min(...onSalePrices);
}

export function fromPrice(product: ProductPricingInput): number {
  // Digital variants are not priced; its one price is the product's own.
  if (isDigital(product)) return product.onSale ? salePrice(product) : normalPrice(product);
  return product.variants.length === 0 ? 0 : Math.min(...product.variants.map(effectivePrice));
}

const distinct = (values: readonly unknown[]): number => new Set(values).size;

export function variedPrices(product: ProductPricingInput): boolean {
  if (isDigital(product) || product.variants.length < 2) return false;
  const { variants } = product;
  return (
    distinct(variants.map((v) => v.onSale)) > 1 ||
    distinct(variants.filter((v) => v.onSale).map((v) => v.salePrice)) > 1 ||
    distinct(variants.map((v) => v.price)) > 1
  );
}

export function onSale(product: ProductPricingInput): boolean {
  if (isDigital(product)) return product.onSale ?? false;
  return product.variants.some((v) => v.onSale);
}

export function soldOut(product: ProductPricingInput): boolean {
  const { productType, variants } = product;
  if (productType !== PRODUCT_TYPE.PHYSICAL && productType !== PRODUCT_TYPE.SERVICE) return false;
  return !variants.some((v) => v.unlimited || v.qtyInStock > 0);
}

export function variantLabel(variant: Pick<ProductVariant, 'optionValues'>): string {
  return variant.optionValues.map((option) => option.value).join(' / ');
}

export interface PriceDisplay {
  kind: 'from' | 'sale' | 'regular';
  text: string;
  // The normal price, shown struck through as the original price; only for kind 'sale'.
  originalText?: string;
  soldOut: boolean;
}

export function priceDisplay(product: ProductPricingInput, currencyCode: string, options: { trimCents?: boolean } = {}): PriceDisplay {
  const format = (cents: number) => formatCents(cents, currencyCode, { trimCents: options.trimCents });
  const isSoldOut = soldOut(product);
  // Varied prices win over a sale: one sale price could not describe every variant.
  if (variedPrices(product)) {
    return { kind: 'from', text: `from ${format(fromPrice(product))}`, soldOut: isSoldOut };
  }
  if (onSale(product)) {
    return {
      kind: 'sale',
      text: format(salePrice(product)),
      originalText: format(normalPrice(product)),
      soldOut: isSoldOut,
    };
  }
  return { kind: 'regular', text: format(normalPrice(product)), soldOut: isSoldOut };
}
