// Where the product badge shows (shared/overlays.ts showProductBadge), table-driven over every page type of §2.
import { describe, expect, it } from 'vitest';
import { PAGE_TYPES, type PageTypeName } from '../shared/codes.ts';
import { showProductBadge } from '../shared/overlays.ts';

const badge = { productId: 'p-stanage-base' };

/** Every page type, and whether a visitor reading it sees the badge (another item than the product, no surface). */
const BY_PAGE_TYPE: Record<PageTypeName, boolean> = {
  MAIN_CONTENT: true,
  CONTENT_COLLECTION: true,
  PAGE: true,
  CONTENT_ITEM: true,
  SEARCH: true,
  SPLASH_PAGE: false,
  NOT_FOUND: false,
  ERROR: false,
  LOCK_SCREEN: false,
  POPUP_OVERLAY: false,
  SHOW_CART: false,
  COMMERCE_CART_V2: false,
  CHECKOUT: false,
  ORDER_CONFIRMED: false,
  DONATE: false,
  CONTRIBUTION_CONFIRMED: false,
  NEWSLETTER_UNSUBSCRIBE: false,
  COMMERCE_EMAIL_PREVIEW: false,
};

describe('the product badge: where it shows', () => {
  it('has a rule for every page type', () => {
    expect(Object.keys(BY_PAGE_TYPE).sort()).toEqual(Object.keys(PAGE_TYPES).sort());
  });

  it.each(Object.entries(BY_PAGE_TYPE) as [PageTypeName, boolean][])('%s → %s', (pageType, expected) => {
    expect(showProductBadge(badge, { pageType, itemId: 'p-enamel-mug' })).toBe(expected);
  });

  it.each([
    ['no badge in the settings', undefined, { pageType: 'PAGE' }, false],
    ['the featured product’s own page', badge, { pageType: 'CONTENT_ITEM', itemId: 'p-stanage-base' }, false],
    ['another product’s page', badge, { pageType: 'CONTENT_ITEM', itemId: 'p-enamel-mug' }, true],
    ['a post’s page', badge, { pageType: 'CONTENT_ITEM', itemId: 'ev-film-night' }, true],
    ['the login page (a surface of the runtime drawn as a site page)', badge, { pageType: 'PAGE', surface: 'login' }, false],
    ['a page whose surface is null', badge, { pageType: 'PAGE', surface: null }, true],
  ] as const)('%s → %s', (_name, settings, page, expected) => {
    expect(showProductBadge(settings, page)).toBe(expected);
  });

  const shop = { collectionId: 'shop' };
  it.each([
    ['the store’s list the product is sold from (and its filters)', { pageType: 'CONTENT_COLLECTION', collectionId: 'shop' }, false],
    ['the same list named MAIN_CONTENT', { pageType: 'MAIN_CONTENT', collectionId: 'shop' }, false],
    ['another collection’s list', { pageType: 'CONTENT_COLLECTION', collectionId: 'events' }, true],
    ['another product of the same store', { pageType: 'CONTENT_ITEM', collectionId: 'shop', itemId: 'p-enamel-mug' }, true],
    ['a page', { pageType: 'PAGE' }, true],
    ['search', { pageType: 'SEARCH' }, true],
  ] as const)('once its collection is known: %s → %s', (_name, page, expected) => {
    expect(showProductBadge(badge, page, shop)).toBe(expected);
    // before the product is read, the page's part alone
    expect(showProductBadge(badge, page)).toBe(true);
  });
});
