// What the store sells, read from the published site (a product's item record, found by its id): a visible product's
// variant as an offer (price now, price before a sale, the stock the owner published), and the store's rules (currency,
// shipping, tax, discount codes).
import type { CatalogVariant, StoreRules } from '../../shared/cart.ts';
import { PRODUCT_TYPES } from '../../shared/codes.ts';
import { variantLabel } from '../../shared/pricing.ts';
import type { Item, Product } from '../../shared/snapshot/schema.ts';
import { andThen, type Maybe } from './maybe.ts';
import type { CollectionMeta, SiteModel } from './model.ts';

/** A digital product has no variants: it is bought under this SKU. */
export const DIGITAL_SKU = 'digital';

/** One variant of a visible product as the store offers it, before the stock the edge has sold is taken off. */
export interface Offer extends Omit<CatalogVariant, 'available'> {
  /** the owner's published count; null when unlimited (unlimited variants, digital products, gift cards) */
  qtyInStock: number | null;
  /** the key the order object keeps this variant's sales under */
  stockKey: string;
  /** the published stock is 0 and the variant is not unlimited */
  soldOut: boolean;
}

interface Located {
  item: Item;
  collection: CollectionMeta;
  product: Product;
}

/** A product a visitor can see now (published, or scheduled and due), with its collection: its item record, by id. */
export function visibleProduct(site: SiteModel, productId: string, now: Date): Maybe<Located | undefined> {
  return andThen(site.itemById(productId, now), (found) =>
    found?.item.product ? { item: found.item, collection: found.collection, product: found.item.product } : undefined,
  );
}

export const stockKey = (productId: string, sku: string) => `${productId}:${sku}`;

/** A visible product's variant as it is offered now; undefined for an unknown or hidden product or SKU. */
export function offer(site: SiteModel, productId: string, sku: string, now: Date): Maybe<Offer | undefined> {
  return andThen(visibleProduct(site, productId, now), (found) => found && offerOf(site, found, productId, sku));
}

function offerOf(site: SiteModel, found: Located, productId: string, sku: string): Offer | undefined {
  const { item, collection, product } = found;
  const image = product.images[0] ?? item.assetImage ?? null;
  const base = {
    productId,
    sku,
    title: item.title,
    productType: product.productType,
    url: site.itemUrl(collection, item),
    image: image ? { src: image.src, width: image.width, height: image.height, alt: image.alt } : null,
    stockKey: stockKey(productId, sku),
  };
  if (product.productType === PRODUCT_TYPES.DIGITAL) {
    if (sku !== DIGITAL_SKU) return undefined;
    const onSale = product.onSale ?? false;
    const price = product.priceCents ?? 0;
    return {
      ...base,
      variantLabel: '',
      unitPriceCents: onSale ? (product.salePriceCents ?? price) : price,
      originalPriceCents: onSale ? price : null,
      qtyInStock: null,
      soldOut: false,
    };
  }
  const variant = product.variants.find((v) => v.sku === sku);
  if (!variant) return undefined;
  const unlimited = variant.unlimited || product.productType === PRODUCT_TYPES.GIFT_CARD;
  return {
    ...base,
    variantLabel: variantLabel(variant),
    unitPriceCents: variant.onSale ? variant.salePrice : variant.price,
    originalPriceCents: variant.onSale ? variant.price : null,
    qtyInStock: unlimited ? null : variant.qtyInStock,
    soldOut: !unlimited && variant.qtyInStock <= 0,
  };
}

/** The store's rules for pricing a cart now. */
export function storeRules(site: SiteModel, now: Date): StoreRules {
  const store = site.settings.storeSettings;
  return {
    currency: store.selectedCurrency || 'USD',
    shippingOptions: store.shippingOptions,
    taxRules: store.taxRules,
    coupons: store.coupons,
    now,
  };
}
