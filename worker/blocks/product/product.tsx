// The product block: one store item with its images, title and purchase panel (§3: price, variants, Add To Cart); the
// panel is an island (purchase.view.tsx), the rest is plain HTML.
import { plainText } from '../../../shared/plain-text.ts';
import type { ItemSummary } from '../../site/model.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { Img } from '../../../shared/ui/img.tsx';
import { useAboveFold, useAsync, useRender } from '../../kit/context.tsx';
import { Island } from '../../kit/island.tsx';
import type { BlockProps } from '../define.ts';
import { blockImageSizes } from '../parts/media.ts';
import { purchaseProps } from './purchase.ts';
import { productIsland } from './purchase.view.tsx';
import type { ProductData } from './schema.ts';

export function ProductBlock({ data, block }: BlockProps<ProductData>) {
  const { site, now } = useRender();
  const aboveFold = useAboveFold();
  // the product's item record, by its id, among what visitors see now
  const found = useAsync(`product:${data.itemId}`, () => site.itemById(data.itemId, now));
  if (!found || found.collection.id !== data.collectionId || !found.item.product) return null;
  const { collection, item } = found;
  const product = found.item.product;
  const url = site.itemUrl(collection, item);
  const images = productImages(item);
  const wide = block.span >= 8;
  const { sizes, displayWidth } = blockImageSizes(block.span, wide ? 0.5 : 1);
  const [first, ...rest] = images;
  const purchase = purchaseProps(site, item, product, {
    idBase: `product-${block.id}`,
    showPrice: data.showPrice,
    showAddToCart: data.showAddToCart,
    notes: [
      { text: product.detail, className: 'product-note' },
      { text: plainText(item.excerpt), className: 'product-excerpt' },
    ],
  });

  return (
    <div
      className={cx('product-block', wide ? 'product-block-wide' : 'product-block-narrow', purchase.soldOut && 'is-sold-out')}
      data-product-id={item.id}
    >
      {first && (
        <div className="product-media">
          <a className="product-image-main" href={url} tabIndex={-1} aria-hidden="true">
            <Img image={first} sizes={sizes} displayWidth={displayWidth} alt="" priority={aboveFold} />
          </a>
          {rest.length > 0 && (
            <ul className="product-thumbs" aria-label="More images">
              {rest.slice(0, 4).map((image, i) => (
                <li key={i}>
                  <Img image={image} sizes="80px" displayWidth={80} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="product-details">
        <h2 className="product-title">
          <a href={url}>{item.title}</a>
        </h2>
        {data.showPrice || data.showAddToCart ? (
          <Island island={productIsland} props={purchase} when="visible" />
        ) : (
          purchase.notes?.map((note, i) => (
            <p className={note.className} key={i}>
              {note.text}
            </p>
          ))
        )}
      </div>
    </div>
  );
}

/** The images of a product: its own, else the item's thumbnail. */
export function productImages(item: ItemSummary): NonNullable<ItemSummary['assetImage']>[] {
  if (item.product?.images.length) return item.product.images;
  return item.assetImage ? [item.assetImage] : [];
}
