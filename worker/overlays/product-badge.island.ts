// The product badge's close button in the browser, a plain island (no React): shown once it runs, it hides the badge
// and keeps the featured product's id in local storage, which the inline script before the badge reads on every
// later page before it is painted (product-badge.tsx), until the badge features another product.
import { PRODUCT_BADGE_CLOSED_CLASS, PRODUCT_BADGE_CLOSED_KEY } from './product-badge-storage.ts';
import type { ProductBadgeCloseProps } from './product-badge.view.tsx';

export function mount(element: Element, props: ProductBadgeCloseProps): void {
  const close = element.querySelector<HTMLButtonElement>('.product-badge-close');
  if (!close) throw new Error('product badge: no .product-badge-close button in the island');
  close.hidden = false;
  close.addEventListener('click', () => {
    document.documentElement.classList.add(PRODUCT_BADGE_CLOSED_CLASS);
    try {
      localStorage.setItem(PRODUCT_BADGE_CLOSED_KEY, props.productId);
    } catch {
      // no storage: closed on this page only
    }
    // the focus goes with the button to the document; the browser's next Tab goes on from where the badge was
  });
}
