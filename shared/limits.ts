// Content limits, breakpoints and image constants of §9, used by the snapshot schema and the renderer.

export const LIMITS = {
  /** galleries imported from the external photo-hosting service */
  externalGalleries: 20,
  /** items per such gallery */
  itemsPerExternalGallery: 50,
  blocksPerLayout: 60,
  tracksPerAlbum: 60,
  /** items in a user-orderable collection */
  itemsPerCollection: 250,
  productsPerCollection: 200,
  tagLength: 50,
  categoryLength: 25,
  maxProductPriceCents: 100_000_000,
  maxSkuLength: 60,
} as const;

export const BREAKPOINTS = {
  /** mobile is a width of 432px or less; desktop is 433px or more */
  mobileMax: 432,
  desktopMin: 433,
  mobileInfoBarMax: 640,
  imageNarrowBelow: 415,
  newsletterSmallBelow: 320,
} as const;
