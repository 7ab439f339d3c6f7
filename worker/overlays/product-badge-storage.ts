// Where the product badge's close is remembered, and the class that hides it: read by the inline script that runs
// before the badge is painted (product-badge.tsx) and written by its plain island (product-badge.island.ts), which
// imports this module alone, so that it loads nothing else of the server's code.

/**
 * The local-storage key of a closed badge, holding the id of the product it featured: a badge for another product
 * shows again. It is shared/site-runtime.ts's PRODUCT_KEY written out (test/product-badge.test.ts holds them equal):
 * importing that module would make the runtime's file lend it to this island, and the runtime is at its budget.
 */
export const PRODUCT_BADGE_CLOSED_KEY = 'sitebuilder_product_badge_closed';

/** On the root element once the badge is closed, before the first paint or by its close button. */
export const PRODUCT_BADGE_CLOSED_CLASS = 'product-badge-closed';
