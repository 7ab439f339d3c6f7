// The purchase panel's props, worked out on the server from the published product and the stock left now: the §3
// price line of the product and of each variant in the store currency, what is sold out, and how many one order may
// take. What is left is what this isolate last read from the site's orders (worker/site/live-stock.ts): the page
// read it just before it rendered (worker/routes/store-data.ts), and its page-cache key carries the stock epoch it
// was read at, so a cached panel never outlives a sale made here (docs/store.md, "Stock on cached pages").
import { MAX_LINE_QUANTITY } from '../../../shared/cart.ts';
import { PRODUCT_TYPES } from '../../../shared/codes.ts';
import { priceDisplay, variantLabel } from '../../../shared/pricing.ts';
import type { Product } from '../../../shared/snapshot/schema.ts';
import type { ItemSummary } from '../../site/model.ts';
import { STORE_PAGES } from '../../../shared/store-api.ts';
import { DIGITAL_SKU, stockKey } from '../../site/catalog.ts';
import { knownLeft } from '../../site/live-stock.ts';
import { storeCurrency } from '../../kit/store.tsx';
import type { SiteModel } from '../../site/model.ts';
import type { PurchaseProps, PurchaseVariant } from './purchase.view.tsx';

/** The picker's label: the option names ('Colour / Size'), or 'Option' when the variants name none. */
export function optionLabel(product: Product): string {
  const names = product.variants[0]?.optionValues.map((o) => o.name).filter(Boolean) ?? [];
  return names.length ? names.join(' / ') : 'Option';
}

const counted = (product: Product) => product.productType === PRODUCT_TYPES.PHYSICAL || product.productType === PRODUCT_TYPES.SERVICE;

export function purchaseProps(
  site: SiteModel,
  item: ItemSummary,
  product: Product,
  options: {
    idBase: string;
    showPrice?: boolean;
    showAddToCart?: boolean;
    priceClassName?: string;
    notes?: { text: string | undefined; className: string }[];
  },
): PurchaseProps {
  const currency = storeCurrency(site);
  const limited = counted(product) && product.variants.some((v) => !v.unlimited);
  // the published counts, with what is left now in their place (§3's sold-out rule then reads the live stock)
  const live = limited
    ? {
        ...product,
        variants: product.variants.map((v) =>
          v.unlimited ? v : { ...v, qtyInStock: knownLeft(site.website.id, stockKey(item.id, v.sku), v.qtyInStock) ?? v.qtyInStock },
        ),
      }
    : product;
  const price = priceDisplay(live, currency);
  const variants: PurchaseVariant[] =
    product.productType === PRODUCT_TYPES.DIGITAL
      ? [{ sku: DIGITAL_SKU, label: '', price, soldOut: false, max: MAX_LINE_QUANTITY }]
      : live.variants.map((v) => {
          const unlimited = v.unlimited || !counted(product);
          return {
            sku: v.sku,
            label: variantLabel(v) || v.sku,
            price: priceDisplay({ productType: product.productType, variants: [v] }, currency),
            soldOut: !unlimited && v.qtyInStock <= 0,
            max: unlimited ? MAX_LINE_QUANTITY : Math.max(1, Math.min(v.qtyInStock, MAX_LINE_QUANTITY)),
          };
        });
  return {
    idBase: options.idBase,
    productId: item.id,
    title: item.title,
    price,
    variants,
    optionLabel: optionLabel(product),
    soldOut: price.soldOut || variants.length === 0,
    limited,
    showPrice: options.showPrice ?? true,
    showAddToCart: options.showAddToCart ?? true,
    giftCard: product.productType === PRODUCT_TYPES.GIFT_CARD ? { websiteId: site.website.id, productId: item.id } : null,
    cartUrl: STORE_PAGES.cart,
    priceClassName: options.priceClassName,
    notes: options.notes?.flatMap((n) => (n.text ? [{ text: n.text, className: n.className }] : [])),
  };
}
