// The spec's enumerations and codes (§2, §3), defined once for the worker, the client and the snapshot schema. Block
// type codes are not here: each block type's folder defines its own, and worker/blocks/registry.ts derives the maps.

/** Page types of §2. MAIN_CONTENT and CONTENT_COLLECTION share code 1. */
export const PAGE_TYPES = {
  MAIN_CONTENT: 1,
  CONTENT_COLLECTION: 1,
  PAGE: 2,
  SPLASH_PAGE: 3,
  CONTENT_ITEM: 50,
  NOT_FOUND: 100,
  ERROR: 101,
  SEARCH: 102,
  LOCK_SCREEN: 103,
  POPUP_OVERLAY: 104,
  SHOW_CART: 200,
  CHECKOUT: 201,
  ORDER_CONFIRMED: 202,
  DONATE: 203,
  CONTRIBUTION_CONFIRMED: 204,
  COMMERCE_CART_V2: 205,
  NEWSLETTER_UNSUBSCRIBE: 300,
  COMMERCE_EMAIL_PREVIEW: 301,
} as const;
export type PageTypeName = keyof typeof PAGE_TYPES;

/** Site types of §2. */
export const WEBSITE_TYPES = { CLASSIC: 1, COVER_PAGE: 2, PARKING_PAGE: 3, COMMERCE: 4 } as const;

/** Collection types of §3. */
export const COLLECTION_TYPES = {
  GENERIC: 1,
  SUBSCRIPTION: 2,
  TWITTER: 3,
  FOURSQUARE: 4,
  INSTAGRAM: 5,
  GALLERY_BLOCK: 6,
  TEMPLATE_PAGE: 7,
  SPLASH_PAGE: 8,
  PAGE: 10,
  PHOTO_COMMUNITY: 11,
  PHOTO_SHARING: 12,
  PRODUCTS: 13,
  MOSAIC: 14,
  SLIDE_GALLERY: 15,
  SLIDE_ALBUM: 16,
  SLIDE_VIDEO: 17,
  ALBUM_BLOCK: 18,
} as const;

/** Block layout codes of §3. */
export const BLOCK_LAYOUTS = {
  GALLERY_SLIDESHOW: 1000,
  GALLERY_CAROUSEL: 1002,
  GALLERY_GRID: 1003,
  GALLERY_STACK: 1004,
  SUMMARY_WALL: 1005,
  SUMMARY_CAROUSEL: 1006,
  SUMMARY_LIST: 1007,
  SUMMARY_GRID: 1008,
  CHART_BAR: 1009,
  CHART_LINE: 1010,
  CHART_PIE: 1011,
  IMAGE_INLINE: 1012,
  IMAGE_POSTER: 1013,
  IMAGE_CARD: 1014,
  IMAGE_OVERLAP: 1015,
  IMAGE_COLLAGE: 1016,
  IMAGE_STACK: 1017,
} as const;

/** Content status of §3. */
export const CONTENT_STATUS = {
  PUBLISHED: 1,
  SCHEDULED: 2,
  NEEDS_REVIEW: 3,
  DRAFT: 4,
  PRIVATE: 5,
  DELETED: 6,
} as const;

/** Product types of §3. */
export const PRODUCT_TYPES = { PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4 } as const;
export type ProductTypeCode = (typeof PRODUCT_TYPES)[keyof typeof PRODUCT_TYPES];

/** Site-wide overlay styles of §3. */
export const ANNOUNCEMENT_BAR_STYLES = { NONE: 1, CUSTOM: 2 } as const;
export const MOBILE_INFO_BAR_STYLES = { NONE: 1, LIGHT: 2, DARK: 3 } as const;
export const BADGE_TYPES = { NONE: 1, BLACK: 2, WHITE: 3 } as const;
export const MEASUREMENT_SYSTEMS = { IMPERIAL: 1, METRIC: 2 } as const;

/** Analytics event kinds of §3. */
export const ANALYTICS_EVENTS = { PAGE_VIEW: 1, SITE_SEARCH: 2, HEARTBEAT: 10, AUDIO: 20, VIDEO: 21 } as const;

/** Cookie notice positions of §9; top-left is the default. */
export const COOKIE_NOTICE_POSITIONS = ['bottom-left', 'bottom-right', 'top-right', 'top-left'] as const;

/** Special names of §2. */
export const HIDDEN_NAVIGATION = '_hidden';
