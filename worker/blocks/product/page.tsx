// What the product page types draw of the product block (§2 product item and list views, §3 price display): a product's
// page with its gallery and purchase panel, a products collection's cards with their Quick View, and a price line.
// The pages import them from the block (worker/blocks/product/index.ts), so a change to the product touches this folder.
import type { ReactNode } from 'react';
import { plainText } from '../../../shared/plain-text.ts';
import { priceDisplay } from '../../../shared/pricing.ts';
import type { Item, Product } from '../../../shared/snapshot/schema.ts';
import type { CollectionMeta, ItemSummary } from '../../site/model.ts';
import { useRender } from '../../kit/context.tsx';
import { Island } from '../../kit/island.tsx';
import { productGalleryIsland } from './product-gallery.view.tsx';
import { productListIsland, type ProductCard } from './product-list.view.tsx';
import { productImages } from './product.tsx';
import { purchaseProps } from './purchase.ts';
import { productIsland } from './purchase.view.tsx';

/** The price of a product as §3 'Price display' describes it. */
export function ProductPrice({ product }: { product: Product }) {
  const { site } = useRender();
  const display = priceDisplay(product, site.settings.storeSettings.selectedCurrency);
  return (
    <p className="price">
      {display.kind === 'sale' ? (
        <>
          <span className="sale-price">{display.text}</span>
          {display.originalText && <span className="original-price">{display.originalText}</span>}
        </>
      ) : (
        <span>{display.text}</span>
      )}
      {display.soldOut && (
        <>
          {' '}
          <span className="sold-out">Sold Out</span>
        </>
      )}
    </p>
  );
}

/**
 * The page of a product (CONTENT_ITEM of a products collection): its gallery, its purchase panel and, below, its
 * description, which the page draws (`children`: the item's layout).
 */
export function ProductPage({
  collection,
  item,
  product,
  children,
}: {
  collection: CollectionMeta;
  item: Item;
  product: Product;
  children?: ReactNode;
}) {
  const { site } = useRender();
  const images = productImages(item);
  const purchase = purchaseProps(site, item, product, {
    idBase: `product-page-${item.id}`,
    notes: [
      { text: plainText(item.excerpt), className: 'product-excerpt' },
      { text: product.detail, className: 'product-note' },
    ],
  });
  return (
    <div className="wrap page-body product-page">
      <nav className="meta breadcrumb" aria-label="Breadcrumb">
        <a href={site.entryUrl({ kind: 'collection', collection })}>{collection.title}</a> / {item.title}
      </nav>
      <article className="product-detail">
        {images.length > 0 && <Island island={productGalleryIsland} props={{ title: item.title, images }} when="visible" />}
        <div className="product-summary">
          <h1>{item.title}</h1>
          <Island island={productIsland} props={purchase} when="visible" />
        </div>
        {children && <div className="product-description">{children}</div>}
      </article>
    </div>
  );
}

/** A products collection's cards, each with its Quick View (§2). */
export function ProductListing({ collection, items }: { collection: CollectionMeta; items: readonly ItemSummary[] }) {
  const { site } = useRender();
  const currency = site.settings.storeSettings.selectedCurrency;
  const cards: ProductCard[] = items.flatMap((item) => {
    const product = item.product;
    if (!product) return [];
    return [
      {
        id: item.id,
        url: site.itemUrl(collection, item),
        title: item.title,
        image: item.assetImage ?? product.images[0],
        price: priceDisplay(product, currency),
        purchase: purchaseProps(site, item, product, {
          idBase: `quick-${item.id}`,
          notes: [{ text: plainText(item.excerpt), className: 'product-excerpt' }],
        }),
      },
    ];
  });
  return <Island island={productListIsland} props={{ cards }} when="visible" />;
}
