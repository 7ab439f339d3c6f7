// The CHECKOUT page (§2 page type 201): the visitor's cart with their details, address, shipping and payment; and the
// gift-card purchase page of §2 (/checkout/giftcard?websiteId=…&giftCardProductId=…&sku=…), the same page for one gift
// card with its recipient. Never cached: the cart and anything a plain-HTML post sent back come in the props.
import { emptyCart } from '../../../shared/cart.ts';
import { formatCents } from '../../../shared/money.ts';
import { variantLabel } from '../../../shared/pricing.ts';
import { STORE_PAGES } from '../../../shared/store-api.ts';
import { visibleProduct } from '../../site/catalog.ts';
import { guid } from '../../../shared/ids.ts';
import { useAsync, useRender } from '../../kit/context.tsx';
import { andThen, type Maybe } from '../../site/maybe.ts';
import { Island } from '../../kit/island.tsx';
import type { SiteModel } from '../../site/model.ts';
import { checkoutIsland, type CheckoutProps, type GiftCardChoice } from './checkout.view.tsx';
import { CurrencyNote, PlainText, storeCurrency, useStore } from '../../kit/store.tsx';

/** The gift card the page sells, with each amount it comes in. */
function giftCardChoice(site: SiteModel, productId: string, now: Date): Maybe<GiftCardChoice | null> {
  return andThen(visibleProduct(site, productId, now), (found) => (found ? choiceOf(site, found) : null));
}

function choiceOf(site: SiteModel, found: NonNullable<Awaited<ReturnType<typeof visibleProduct>>>): GiftCardChoice {
  const currency = storeCurrency(site);
  const image = found.product.images[0] ?? found.item.assetImage ?? null;
  return {
    productId: found.item.id,
    title: found.item.title,
    image,
    amounts: found.product.variants.map((v) => {
      const cents = v.onSale ? v.salePrice : v.price;
      return { sku: v.sku, label: variantLabel(v), price: formatCents(cents, currency), cents };
    }),
  };
}

export function checkoutTitle(giftCard: boolean): string {
  return giftCard ? 'Buy a Gift Card' : 'Checkout';
}

export function CheckoutBody() {
  const { route, site, url, now } = useRender();
  const store = useStore();
  const data = route.store;
  // the gift card's item record (read already when the URL was resolved: held, unless this isolate needed the room)
  const productId = data?.giftCard?.productId;
  const gift = useAsync(`gift-card:${productId ?? ''}`, () => (productId ? giftCardChoice(site, productId, now) : null));
  const cart = gift ? null : (data?.cart ?? emptyCart(site.website.id, store.currency));
  // the destination the cart was last priced for, unless the visitor sent another
  const values: Record<string, string> = { ...data?.form?.values };
  if (cart?.shippingLocation) {
    values.country ??= cart.shippingLocation.country;
    values.region ??= cart.shippingLocation.region ?? '';
  }
  const props: CheckoutProps = {
    mode: gift ? 'gift-card' : 'cart',
    action: gift ? `${url.pathname}${url.search}` : STORE_PAGES.checkout,
    cart,
    giftCard: gift,
    sku: data?.giftCard?.sku ?? '',
    values,
    errors: data?.form?.errors ?? {},
    message: data?.form?.message ?? data?.unavailable ?? null,
    payments: data?.payments ?? 'unavailable',
    idempotencyKey: data?.form?.values.idempotencyKey || `gc-${guid()}`,
    cartUrl: STORE_PAGES.cart,
    shopUrl: store.shopUrl,
  };
  return (
    <div className="wrap page-body commerce-page commerce-checkout">
      <h1 className="commerce-title">{gift ? `Buy the ${gift.title}` : checkoutTitle(false)}</h1>
      {gift ? (
        <p className="commerce-intro">
          The card is for its recipient: its code is kept for them with your message, and never shown to you.
        </p>
      ) : (
        <PlainText className="commerce-intro" text={store.settings.checkoutText} />
      )}
      <Island island={checkoutIsland} props={props} when="visible" />
      <CurrencyNote currency={store.currency} />
    </div>
  );
}
