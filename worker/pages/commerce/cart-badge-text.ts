// What the cart badge says for a number of items: shared by the server's view and the plain island that updates it.

/** The link's accessible name, in one piece for screen readers. */
export function cartBadgeName(count: number | null): string {
  return count ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart';
}

/** The number drawn beside the bag (hidden from screen readers: the name says it). */
export function cartBadgeCount(count: number | null): string {
  return count ? String(count) : '';
}
