// The cart badge of the site header, props only: a link to the cart with the number of items in it. The number is
// per visitor, so the server draws the badge without it (a cached page is shared); the island (cart-badge.island.ts,
// plain DOM) fills it in.
import { islandRef } from '../../../shared/islands/protocol.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { Icon } from '../../../shared/ui/icon.tsx';
import { cartBadgeCount, cartBadgeName } from './cart-badge-text.ts';

export interface CartBadgeProps {
  cartUrl: string;
  /** the affiliate network's pixel address (§7): an order's confirmation fires its purchase pixels */
  affiliatePixelUrl?: string | undefined;
}

export function CartBadgeView({ cartUrl, count = null }: CartBadgeProps & { count?: number | null }) {
  // the link's name, in one piece for screen readers; what is drawn ('Cart', the number) is hidden from them
  const name = cartBadgeName(count);
  return (
    <a className={cx('cart-badge', count ? 'has-items' : undefined)} href={cartUrl}>
      <Icon name="bag" size={22} />
      <span className="visually-hidden">{name}</span>
      <span className="cart-badge-label" aria-hidden="true">
        Cart
      </span>
      <span className="cart-badge-count" aria-hidden="true">
        {cartBadgeCount(count)}
      </span>
    </a>
  );
}

export const cartBadgeIsland = islandRef('cart-badge', CartBadgeView);
