// The product badge (§1's site-wide overlays; settings.productBadge): one product of the site's store in a small card
// fixed in a bottom corner of the pages a visitor reads (shared/overlays.ts showProductBadge), drawn by the server with
// no script: its label, thumbnail, name and §3 price line, the whole card one link to the product's page. It shows the
// product as published, as summaries do (no read of the live stock, so these pages keep their page-cache key); the
// product's own page shows what is left. A close button, shown by a plain island, hides it for this browser until it
// features another product: the inline script before it reads that before the badge is painted.
import { Suspense } from 'react';
import { showProductBadge } from '../../shared/overlays.ts';
import { priceDisplay } from '../../shared/pricing.ts';
import { Img } from '../../shared/ui/img.tsx';
import { PriceLineView } from '../../shared/ui/price-line.tsx';
import { useAsync, useRender, type Route } from '../kit/context.tsx';
import { Island } from '../kit/island.tsx';
import { storeCurrency } from '../kit/store.tsx';
import { visibleProduct } from '../site/catalog.ts';
import { PRODUCT_BADGE_CLOSED_CLASS, PRODUCT_BADGE_CLOSED_KEY } from './product-badge-storage.ts';
import { productBadgeIsland } from './product-badge.view.tsx';

/** The badge's thumbnail, drawn 56 px square (a little smaller on a phone). */
const THUMB_PX = 56;

export function ProductBadge() {
  const { site, route } = useRender();
  const badge = site.settings.productBadge;
  if (!badge || !showProductBadge(badge, pageOf(route))) return null;
  // the product is read by id like a product block's (its item record, held by the isolate once read); a read that
  // fails costs the badge alone
  return (
    <Suspense fallback={null}>
      <FeaturedProduct productId={badge.productId} label={badge.label} />
    </Suspense>
  );
}

function FeaturedProduct({ productId, label }: { productId: string; label: string }) {
  const { site, route, now, nonce } = useRender();
  const found = useAsync(`product-badge:${productId}`, () => visibleProduct(site, productId, now));
  // gone from the store, a draft, or scheduled and not out yet: no badge; nor on the store's list that shows it already
  if (!found || !showProductBadge({ productId }, pageOf(route), { collectionId: found.collection.id })) return null;
  const { item, collection, product } = found;
  const image = item.assetImage ?? product.images[0];
  // the cookie notice's corner is left to it
  const side = site.settings.EU_COOKIE_POLICY === 'bottom-right' ? 'left' : 'right';
  const hide = `try{localStorage.getItem(${scriptString(PRODUCT_BADGE_CLOSED_KEY)})===${scriptString(productId)}&&document.documentElement.classList.add(${scriptString(PRODUCT_BADGE_CLOSED_CLASS)})}catch(e){}`;
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own script, its values written as escaped JSON literals */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: hide }} />
      <aside className={`product-badge product-badge-${side}`} aria-label="Featured product" data-product-id={item.id}>
        <a className="product-badge-link" href={site.itemUrl(collection, item)}>
          {image && <Img image={image} alt="" sizes={`${THUMB_PX}px`} displayWidth={THUMB_PX} className="product-badge-image" />}
          <div className="product-badge-text">
            <p className="product-badge-label">{label}</p>
            <p className="product-badge-name">{item.title}</p>
            <PriceLineView price={priceDisplay(product, storeCurrency(site))} className="product-badge-price" />
          </div>
        </a>
        <Island island={productBadgeIsland} props={{ productId: item.id }} when="idle" />
      </aside>
    </>
  );
}

const pageOf = (route: Route) => ({
  pageType: route.pageType,
  surface: route.surface,
  itemId: route.item?.id,
  collectionId: route.collection?.id,
});

/** A string as a JavaScript literal that cannot close the script element it is in. */
const scriptString = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');
