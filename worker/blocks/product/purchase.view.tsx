// A product's purchase panel, props only: the §3 price line of the chosen variant (from-price, sale and original price,
// sold out), the variant picker (each variant labelled by its option values joined by ' / '), the quantity and
// Add To Cart. Without script it is a form that posts to /cart (which sends a gift card on to its purchase page, §2); the
// product islands bring it to life (worker/blocks/product/purchase.client.tsx). Used by the product block, the product page and
// the quick view of the product list.
import type { ChangeEvent, FormEvent, Ref } from 'react';
import { islandRef } from '../../../shared/islands/protocol.ts';
import type { PriceDisplay } from '../../../shared/pricing.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { PriceLineView } from '../../../shared/ui/price-line.tsx';

export interface PurchaseVariant {
  sku: string;
  /** §3: the option values joined by ' / ' */
  label: string;
  price: PriceDisplay;
  soldOut: boolean;
  /** the most one order may ask for: the stock left when the page was drawn, or the cart's line limit */
  max: number;
}

export interface PurchaseProps {
  /** unique on the page: the ids of the panel's fields start with it */
  idBase: string;
  productId: string;
  title: string;
  /** the product's own price line (§3), shown until a variant is chosen */
  price: PriceDisplay;
  variants: PurchaseVariant[];
  /** the picker's label: the option names, 'Colour / Size' */
  optionLabel: string;
  soldOut: boolean;
  /** some variant is sold from a count: the panel asks what is left once it runs, and again when one is picked */
  limited: boolean;
  showPrice: boolean;
  showAddToCart: boolean;
  /** a gift card is bought on its own page (§2 /checkout/giftcard?websiteId=…&giftCardProductId=…&sku=…) */
  giftCard: { websiteId: string; productId: string } | null;
  cartUrl: string;
  priceClassName?: string | undefined;
  /** short texts shown between the price and the form (a gift card's design note, the item's excerpt) */
  notes?: { text: string; className: string }[] | undefined;
}

export type PurchaseStatus = 'idle' | 'adding' | 'added';

export interface PurchaseLive {
  sku: string;
  quantity: string;
  status: PurchaseStatus;
  message: { kind: 'error' | 'success'; text: string } | null;
  /** what the edge said is left of variants with a count since the page was drawn (0: sold out), by SKU */
  left: Readonly<Record<string, number>>;
  /** the island checks the fields itself once it runs (noValidate is set then, not in the first render) */
  formRef: Ref<HTMLFormElement>;
  selectRef: Ref<HTMLSelectElement>;
  quantityRef: Ref<HTMLInputElement>;
  onSku: (event: ChangeEvent<HTMLSelectElement>) => void;
  onQuantity: (event: ChangeEvent<HTMLInputElement>) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** The variant chosen when the page is drawn: the only one, or none yet. */
export function initialSku(props: PurchaseProps): string {
  return props.variants.length === 1 ? props.variants[0]!.sku : '';
}

function buttonText(props: PurchaseProps, soldOut: boolean, status: PurchaseStatus): string {
  if (soldOut) return 'Sold Out';
  if (props.giftCard) return 'Purchase Gift Card';
  if (status === 'adding') return 'Adding...';
  if (status === 'added') return 'Added!';
  return 'Add To Cart';
}

/**
 * A variant as the panel offers it now: the page's stock, or what the edge said is left since (never more than the
 * page allowed: stock given back after the page was drawn waits for the next page).
 */
export function variantNow(variant: PurchaseVariant, live: Pick<PurchaseLive, 'left'> | undefined): { soldOut: boolean; max: number } {
  const left = live?.left[variant.sku];
  if (left === undefined) return { soldOut: variant.soldOut, max: variant.max };
  return { soldOut: left <= 0, max: Math.max(1, Math.min(left, variant.max)) };
}

export function ProductPurchaseView({ live, ...props }: PurchaseProps & { live?: PurchaseLive }) {
  const sku = live?.sku ?? initialSku(props);
  const variant = props.variants.find((v) => v.sku === sku);
  const variantSoldOut = !!variant && variantNow(variant, live).soldOut;
  // §3: sold out when no variant is left (the page's own answer until the edge has said more)
  const soldOut = live ? props.variants.every((v) => variantNow(v, live).soldOut) : props.soldOut;
  const price: PriceDisplay = variant ? { ...variant.price, soldOut: variantSoldOut } : { ...props.price, soldOut };
  const status = live?.status ?? 'idle';
  const id = props.idBase;
  const picker = props.variants.length > 1;
  const quantityMax = variant ? variantNow(variant, live).max : Math.max(1, ...props.variants.map((v) => variantNow(v, live).max));
  const disabled = soldOut || variantSoldOut || status === 'adding';
  return (
    <div className={cx('product-purchase', soldOut && 'is-sold-out')} data-product-id={props.productId}>
      {props.showPrice && <PriceLineView price={price} className={props.priceClassName} />}
      {props.notes?.map((note, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of text that hold no state; a list changes as a whole
        <p className={note.className} key={i}>
          {note.text}
        </p>
      ))}
      {props.showAddToCart && (
        <form className="product-purchase-form" method="post" action={props.cartUrl} onSubmit={live?.onSubmit} ref={live?.formRef}>
          {/* a gift card's form goes on to its own page (§2), from /cart without script and straight there with it */}
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="productId" value={props.productId} />
          {picker ? (
            <div className="product-field product-field-variant">
              <label className="product-field-label" htmlFor={`${id}-variant`}>
                {props.optionLabel}
              </label>
              <select
                className="product-control"
                id={`${id}-variant`}
                name="sku"
                required
                ref={live?.selectRef}
                {...(live ? { value: sku, onChange: live.onSku } : { defaultValue: sku })}
              >
                <option value="">Select {props.optionLabel}</option>
                {props.variants.map((v) => {
                  const out = variantNow(v, live).soldOut;
                  return (
                    <option key={v.sku} value={v.sku} disabled={out}>
                      {v.label}
                      {out ? ' (Sold Out)' : ''}
                    </option>
                  );
                })}
              </select>
            </div>
          ) : (
            props.variants[0] && <input type="hidden" name="sku" value={props.variants[0].sku} />
          )}
          {!props.giftCard && !soldOut && (
            <div className="product-field product-field-quantity">
              <label className="product-field-label" htmlFor={`${id}-quantity`}>
                Quantity
              </label>
              <input
                className="product-control"
                id={`${id}-quantity`}
                name="quantity"
                type="number"
                inputMode="numeric"
                min={1}
                max={quantityMax}
                step={1}
                required
                ref={live?.quantityRef}
                {...(live ? { value: live.quantity, onChange: live.onQuantity } : { defaultValue: '1' })}
              />
            </div>
          )}
          <button type="submit" className={cx('button', 'product-add-to-cart', status !== 'idle' && `is-${status}`)} disabled={disabled}>
            {buttonText(props, soldOut || variantSoldOut, status)}
          </button>
          <p className={cx('product-purchase-message', live?.message && `is-${live.message.kind}`)} role="status" aria-live="polite">
            {live?.message?.text}
            {live?.message?.kind === 'success' && (
              <>
                {' '}
                <a href={props.cartUrl}>View Cart</a>
              </>
            )}
          </p>
        </form>
      )}
    </div>
  );
}

export const productIsland = islandRef('product', ProductPurchaseView);
