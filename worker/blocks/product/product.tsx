// The product block: one store item with its images, price, variants and Add To Cart (§3).
import { plainText } from '../../../shared/plain-text.ts';
import { hasVariants, soldOut, variantLabel } from '../../../shared/pricing.ts';
import type { Item, Product } from '../../../shared/snapshot/schema.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { Img } from '../../../shared/ui/img.tsx';
import { useRender } from '../../render/context.tsx';
import type { BlockProps } from '../define.ts';
import { blockImageSizes } from '../parts/media.ts';
import { PriceLine } from '../parts/store.tsx';
import type { ProductData } from './schema.ts';

const isVariantAvailable = (v: Product['variants'][number]) => v.unlimited || v.qtyInStock > 0;

export function ProductBlock({ data, block }: BlockProps<ProductData>) {
  const { site, now } = useRender();
  const collection = site.collection(data.collectionId);
  const item = collection?.items.find((i) => i.id === data.itemId);
  if (!collection || !item?.product || !site.isVisible(item, now)) return null;
  const product = item.product;
  const url = site.itemUrl(collection, item);
  const images = productImages(item);
  const isSoldOut = soldOut(product);
  const variants = hasVariants(product) ? product.variants : [];
  const base = `product-${block.id}`;
  const wide = block.span >= 8;
  const { sizes, displayWidth } = blockImageSizes(block.span, wide ? 0.5 : 1);
  const [first, ...rest] = images;

  return (
    <div
      className={cx('product-block', wide ? 'product-block-wide' : 'product-block-narrow', isSoldOut && 'is-sold-out')}
      data-island="product"
      data-block-id={block.id}
      data-product-id={item.id}
      data-collection-id={collection.id}
      data-product-type={product.productType}
      data-item-url={url}
      data-sold-out={String(isSoldOut)}
    >
      {first && (
        <div className="product-media">
          <a className="product-image-main" href={url} tabIndex={-1} aria-hidden="true">
            <Img image={first} sizes={sizes} displayWidth={displayWidth} alt="" />
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
        {data.showPrice && <PriceLine product={product} />}
        {product.detail && <p className="product-note">{product.detail}</p>}
        {item.excerpt && <p className="product-excerpt">{plainText(item.excerpt)}</p>}
        {data.showAddToCart && (
          <div className="product-purchase">
            {variants.length > 1 && (
              <div className="product-field">
                <label className="product-field-label" htmlFor={`${base}-variant`}>
                  {variantFieldLabel(product)}
                </label>
                <select className="product-control" id={`${base}-variant`} name="variant" data-product-variants>
                  {variants.map((v) => (
                    <option key={v.sku} value={v.sku} disabled={!isVariantAvailable(v) && !isSoldOut}>
                      {variantLabel(v) || v.sku}
                      {!isVariantAvailable(v) ? ' (Sold Out)' : ''}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {!isSoldOut && (
              <div className="product-field product-field-quantity">
                <label className="product-field-label" htmlFor={`${base}-quantity`}>
                  Quantity
                </label>
                <input
                  className="product-control"
                  id={`${base}-quantity`}
                  name="quantity"
                  type="number"
                  min={1}
                  defaultValue={1}
                  inputMode="numeric"
                  data-product-quantity
                />
              </div>
            )}
            <button
              type="button"
              className="button product-add-to-cart"
              disabled={isSoldOut}
              data-add-to-cart
              data-sku={variants.length === 1 ? variants[0]!.sku : undefined}
            >
              Add To Cart
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

/** The images of a product: its own, else the item's thumbnail. */
export function productImages(item: Item): NonNullable<Item['assetImage']>[] {
  if (item.product?.images.length) return item.product.images;
  return item.assetImage ? [item.assetImage] : [];
}

/** The variant select's label: the option names ('Size / Colour'), or 'Options' when unnamed. */
function variantFieldLabel(product: Product): string {
  const names = product.variants[0]?.optionValues.map((o) => o.name).filter(Boolean) ?? [];
  return names.length ? names.join(' / ') : 'Options';
}
