// The site snapshot: the published form of a site, as TypeScript types and the runtime schema that checks it (§3, §9).
import * as z from 'zod';
import {
  ANNOUNCEMENT_BAR_STYLES,
  BADGE_TYPES,
  BLOCK_LAYOUTS,
  COLLECTION_TYPES,
  CONTENT_STATUS,
  COOKIE_NOTICE_POSITIONS,
  MEASUREMENT_SYSTEMS,
  MOBILE_INFO_BAR_STYLES,
  PRODUCT_TYPES,
  WEBSITE_TYPES,
} from '../codes.ts';
import { LIMITS } from '../limits.ts';
import { SUPPORTED_CURRENCY_CODES } from '../money.ts';
import { isCountryCode } from '../countries.ts';
import { category, href, id, image, isoDate, passwordHash, priceCents, sku, tag, urlId } from './common.ts';
import { SNAPSHOT_FORMAT } from './format.ts';

const codeOf = <T extends Record<string, number>>(table: T) => {
  const codes = [...new Set(Object.values(table))] as [number, ...number[]];
  return z.number().refine((v) => codes.includes(v), { message: `expected one of ${codes.join(', ')}` }) as unknown as z.ZodType<
    T[keyof T]
  >;
};

export const blockSchema = z.object({
  id,
  /** a block type code of §3; an unknown code fails publishing, and at request time only that block is skipped */
  type: z.number().int().positive(),
  /** a block layout code of §3 (image, gallery, summary and chart layouts) */
  layout: codeOf(BLOCK_LAYOUTS).optional(),
  /** columns out of 12 the block spans; consecutive blocks that fit in 12 share a row */
  span: z.number().int().min(1).max(12).default(12),
  /** checked per block type (blocks.ts): strictly at publish, and at render, where a bad block is skipped */
  data: z.record(z.string(), z.unknown()),
});
export type Block = z.infer<typeof blockSchema>;

export const layoutSchema = z.object({
  blocks: z.array(blockSchema).superRefine((blocks, ctx) => {
    for (let i = LIMITS.blocksPerLayout; i < blocks.length; i++) {
      ctx.addIssue({ code: 'custom', path: [i], message: `at most ${LIMITS.blocksPerLayout} blocks per layout` });
    }
  }),
});
export type Layout = z.infer<typeof layoutSchema>;

const variantSchema = z.object({
  sku,
  price: priceCents,
  salePrice: priceCents.default(0),
  onSale: z.boolean().default(false),
  qtyInStock: z.number().int().min(0).default(0),
  unlimited: z.boolean().default(false),
  optionValues: z.array(z.object({ name: z.string().max(60), value: z.string().min(1).max(100) })).default([]),
});

/** §3 Product, from the item's structured content. */
export const productSchema = z.object({
  productType: codeOf(PRODUCT_TYPES),
  variants: z.array(variantSchema).max(250).default([]),
  /** digital products only */
  priceCents: priceCents.optional(),
  salePriceCents: priceCents.optional(),
  onSale: z.boolean().optional(),
  images: z.array(image).max(30).default([]),
  /** a gift card's design note or a service's duration, shown under the price */
  detail: z.string().max(500).optional(),
});
export type Product = z.infer<typeof productSchema>;

const eventSchema = z.object({
  startDate: isoDate,
  endDate: isoDate,
  location: z.object({ addressTitle: z.string().max(200), addressLine1: z.string().max(200).optional() }).optional(),
});

export const itemSchema = z.object({
  id,
  urlId,
  title: z.string().min(1).max(400),
  status: codeOf(CONTENT_STATUS),
  /** when the item was or will be published */
  publishOn: isoDate,
  updatedOn: isoDate.optional(),
  /** record type of the item (1 text, 2 image, 11 product, 12 event, 16 track): context for client code */
  recordType: z.number().int().min(1).max(99).default(1),
  author: z.object({ displayName: z.string().min(1).max(200) }).optional(),
  excerpt: z.string().max(5000).optional(),
  body: layoutSchema.optional(),
  assetImage: image.optional(),
  tags: z.array(tag).max(100).default([]),
  categories: z.array(category).max(100).default([]),
  product: productSchema.optional(),
  event: eventSchema.optional(),
  sourceUrl: href.optional(),
  commentCount: z.number().int().min(0).default(0),
  /** likes the item has had (the like button adds the visitor's own) */
  likeCount: z.number().int().min(0).default(0),
});
export type Item = z.infer<typeof itemSchema>;

/**
 * Items a collection holds at most (user-ordered and products collections are held to §9's 250 and 200 below). It was
 * 2,000 while a site was one KV value read whole by every request; published as records (docs/site-snapshot.md), a
 * page reads only the items it shows, so a collection may grow with the site.
 */
export const COLLECTION_ITEMS_MAX = 100_000;

const PAGE_COLLECTION_TYPES = [COLLECTION_TYPES.PAGE, COLLECTION_TYPES.SPLASH_PAGE, COLLECTION_TYPES.TEMPLATE_PAGE] as const;

export const pageSchema = z.object({
  id,
  urlId,
  title: z.string().min(1).max(400),
  navigationTitle: z.string().max(200).optional(),
  description: z.string().max(2000).optional(),
  /** a page collection type of §3: page (10), splash page (8) or template page (7) */
  type: z.union(PAGE_COLLECTION_TYPES.map((t) => z.literal(t)) as [z.ZodLiteral<10>, z.ZodLiteral<8>, z.ZodLiteral<7>]).default(10),
  layout: layoutSchema,
  /** a splash page's full-bleed background */
  backgroundImage: image.optional(),
  socialImage: image.optional(),
  /** set when the page is password-protected; checked at the edge */
  password: passwordHash.optional(),
  lockScreenText: z.string().max(2000).optional(),
});
export type Page = z.infer<typeof pageSchema>;

const COLLECTION_TYPE_VALUES = Object.values(COLLECTION_TYPES).filter(
  (t) => !(PAGE_COLLECTION_TYPES as readonly number[]).includes(t),
) as number[];

export const collectionSchema = z
  .object({
    id,
    urlId,
    title: z.string().min(1).max(400),
    navigationTitle: z.string().max(200).optional(),
    description: z.string().max(5000).optional(),
    /** a collection type of §3 other than the page types */
    type: z.number().refine((t) => COLLECTION_TYPE_VALUES.includes(t), {
      message: `expected a collection type (${COLLECTION_TYPE_VALUES.join(', ')})`,
    }),
    /** 'user': the owner orders the items by hand (limited to 250 items); 'chronological': newest first */
    ordering: z.enum(['user', 'chronological']).default('chronological'),
    itemsPerPage: z.number().int().min(1).max(100).default(12),
    config: z
      .object({
        synchronized: z.boolean().optional(),
        /** one of a template's demo collections: its items' comments never load (§2 Comment links) */
        demo: z.boolean().optional(),
      })
      .default({}),
    /** blocks shown above the list */
    headerLayout: layoutSchema.optional(),
    socialImage: image.optional(),
    password: passwordHash.optional(),
    /** a chronological collection grows with the site (a blog of 20,000 posts); each is published as records of its own */
    items: z.array(itemSchema).max(COLLECTION_ITEMS_MAX),
  })
  .superRefine((c, ctx) => {
    if (c.type === COLLECTION_TYPES.PRODUCTS && c.items.length > LIMITS.productsPerCollection) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: `at most ${LIMITS.productsPerCollection} products in a collection` });
    } else if (c.ordering === 'user' && c.items.length > LIMITS.itemsPerCollection) {
      ctx.addIssue({
        code: 'custom',
        path: ['items'],
        message: `at most ${LIMITS.itemsPerCollection} items in a user-orderable collection`,
      });
    }
    if (c.type === COLLECTION_TYPES.PHOTO_SHARING && c.items.length > LIMITS.itemsPerExternalGallery) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: `at most ${LIMITS.itemsPerExternalGallery} items per imported gallery` });
    }
  });
export type Collection = z.infer<typeof collectionSchema>;

export type NavigationItem =
  | { kind: 'page'; id: string; title?: string | undefined }
  | { kind: 'link'; title: string; url: string; newWindow: boolean }
  | { kind: 'folder'; title: string; items: NavigationItem[] };

const navigationItem: z.ZodType<NavigationItem> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('page'), id, title: z.string().max(200).optional() }),
    z.object({ kind: z.literal('link'), title: z.string().min(1).max(200), url: href, newWindow: z.boolean().default(false) }),
    z.object({ kind: z.literal('folder'), title: z.string().min(1).max(200), items: z.array(navigationItem).max(50) }),
  ]),
) as z.ZodType<NavigationItem>;

const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'website',
  'number',
  'name',
  'phone',
  'likert',
  'address',
  'date',
  'time',
  'checkbox',
  'radio',
  'select',
  'hidden',
  'password',
  'section',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export const formFieldSchema = z.object({
  id,
  type: z.enum(FORM_FIELD_TYPES),
  /** the title as typed, used in the submission summary */
  rawTitle: z.string().min(1).max(500),
  title: z.string().min(1).max(500),
  description: z.string().max(2000).optional(),
  required: z.boolean().default(false),
  placeholder: z.string().max(200).optional(),
  /** checkbox, radio and select choices */
  options: z.array(z.string().min(1).max(200)).max(100).optional(),
  /** likert statements, each valued -2..2 */
  questions: z.array(z.string().min(1).max(500)).max(50).optional(),
  /** a hidden field's own value (a query parameter of the same name takes precedence) */
  value: z.string().max(2000).optional(),
});
export type FormField = z.infer<typeof formFieldSchema>;

export const formSchema = z
  .object({
    id,
    name: z.string().min(1).max(200),
    title: z.string().max(200).optional(),
    description: z.string().max(2000).optional(),
    fields: z.array(formFieldSchema).min(1).max(100),
    submitButtonText: z.string().min(1).max(60).default('Submit'),
    /** shown after a successful submission; scripts inside it are run (§4) */
    postSubmitHtml: z.string().max(20_000).default(''),
    postSubmitText: z.string().max(5000).default(''),
  })
  .superRefine((f, ctx) => {
    f.fields.forEach((field, i) => {
      if (['checkbox', 'radio', 'select'].includes(field.type) && !field.options?.length) {
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'options'], message: `a ${field.type} field needs options` });
      }
      if (field.type === 'likert' && !field.questions?.length) {
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'questions'], message: 'a likert field needs questions' });
      }
    });
  });
export type Form = z.infer<typeof formSchema>;

export const accountSchema = z.object({
  id,
  email: z.email(),
  displayName: z.string().min(1).max(200),
  password: passwordHash,
  /** permissions on this site; a non-empty object makes the account an editor (§6) */
  permissions: z.record(z.string(), z.boolean()),
});
export type Account = z.infer<typeof accountSchema>;

/** A Cloudflare Turnstile site key: `0x4AAAAAAA…` for a real widget, `1x0000…AA` and the like for Cloudflare's test keys. */
export const TURNSTILE_SITE_KEY = /^[0-9]x[A-Za-z0-9_-]{10,64}$/;

/** An ISO 3166-1 alpha-2 country code, as the checkout sends it. */
const countryCode = z.string().refine(isCountryCode, { message: 'expected an ISO 3166-1 alpha-2 country code, e.g. GB or US' });

/** A way the store ships physical goods, and what it costs (the spec is silent on shipping rules; see docs/store.md). */
const shippingOptionSchema = z.object({
  id,
  name: z.string().min(1).max(100),
  description: z.string().max(300).optional(),
  rateCents: priceCents,
  /** free when the order's goods come to at least this much (after any discount) */
  freeOverCents: priceCents.optional(),
  /** the destinations it serves; an option without countries serves every country no other option names */
  countries: z.array(countryCode).min(1).max(250).optional(),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

/** A sales tax charged on orders shipped to a country (or one of its regions), as a decimal fraction of the goods. */
const taxRuleSchema = z.object({
  id,
  name: z.string().min(1).max(100),
  rate: z.string().regex(/^0(\.\d{1,6})?$/, 'a tax rate is a decimal fraction below 1, e.g. "0.08875"'),
  country: countryCode,
  /** a state or province code (e.g. NY); without, the whole country */
  region: z
    .string()
    .regex(/^[A-Z0-9]{1,6}$/, 'a region is an upper-case code such as NY')
    .optional(),
});
export type TaxRule = z.infer<typeof taxRuleSchema>;

/** A discount code a visitor may enter in the cart: a percentage or an amount off the goods. */
const couponSchema = z
  .object({
    code: z.string().regex(/^[A-Z0-9][A-Z0-9-]{2,31}$/, 'a discount code is 3 to 32 upper-case letters, digits and dashes'),
    description: z.string().max(200).optional(),
    /** a percentage off, e.g. "10" or "12.5" */
    percentOff: z
      .string()
      .regex(/^(100|\d{1,2}(\.\d{1,2})?)$/, 'percentOff is a number from 0 to 100 with at most 2 decimals')
      .optional(),
    amountOffCents: priceCents.optional(),
    /** the goods must come to at least this much */
    minimumCents: priceCents.optional(),
    expiresOn: isoDate.optional(),
  })
  .refine((c) => (c.percentOff === undefined) !== (c.amountOffCents === undefined), {
    message: 'a discount code has either percentOff or amountOffCents',
  });
export type Coupon = z.infer<typeof couponSchema>;

/** §3 Site settings read. */
export const settingsSchema = z.object({
  storeSettings: z
    .object({
      expressCheckout: z.boolean().default(false),
      measurementStandard: codeOf(MEASUREMENT_SYSTEMS).default(MEASUREMENT_SYSTEMS.IMPERIAL),
      selectedCurrency: z.enum(SUPPORTED_CURRENCY_CODES as unknown as [string, ...string[]]).default('USD'),
      /** the cart page of the store: 1 is SHOW_CART, 2 is COMMERCE_CART_V2 */
      cartVersion: z.union([z.literal(1), z.literal(2)]).default(1),
      storeName: z.string().max(200).optional(),
      contactEmail: z.email().optional(),
      orderConfirmedText: z.string().max(5000).optional(),
      checkoutText: z.string().max(5000).optional(),
      shippingNote: z.string().max(2000).optional(),
      shippingOptions: z.array(shippingOptionSchema).max(20).default([]),
      taxRules: z.array(taxRuleSchema).max(100).default([]),
      coupons: z.array(couponSchema).max(100).default([]),
    })
    .prefault({}),
  commentsEnabled: z.boolean().default(false),
  /** the third-party comment service's shortname, when one is configured */
  commentServiceShortname: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/i, 'a comment service shortname is letters, digits and dashes')
    .optional(),
  /**
   * the affiliate network's pixel address (§7 Tracking pixels): with it, a newsletter signup and a purchase each load
   * its hidden 1x1 frames with their campaigns' cid and irchannel (shared/affiliate.ts); without it none fire
   */
  affiliatePixelUrl: z
    .url({ protocol: /^https$/ })
    .max(500)
    .optional(),
  /** the key of the maps service's script: map blocks draw a live map with it, the static map without (§7 Third-party loads) */
  mapsApiKey: z
    .string()
    .regex(/^[\w-]{10,100}$/, 'a maps API key is 10 to 100 letters, digits, _ and -')
    .optional(),
  /**
   * the web-font service (§7 Third-party loads): its script loads the kit its auth token names on every page, and the
   * kit's families (as the service names them for CSS) may be named by the design's font tweaks
   */
  webFonts: z
    .object({
      token: z.string().regex(/^[a-z0-9]{5,32}$/, 'a web-font token is 5 to 32 lower-case letters and digits'),
      families: z
        .array(z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'a web-font family is lower-case letters, digits and dashes'))
        .min(1)
        .max(20),
    })
    .optional(),
  announcementBarSettings: z
    .object({ style: codeOf(ANNOUNCEMENT_BAR_STYLES), text: z.string().max(1000).optional(), url: href.optional() })
    .optional(),
  mobileInfoBarSettings: z
    .object({
      style: codeOf(MOBILE_INFO_BAR_STYLES),
      text: z.string().max(500).optional(),
      phone: z.string().max(50).optional(),
      email: z.email().optional(),
    })
    .optional(),
  popupOverlaySettings: z
    .object({
      style: z.enum(['NONE', 'CARD', 'FULL']),
      enableMobile: z.boolean().default(true),
      version: z.number().int().min(0).default(1),
      showUntilSignup: z.boolean().default(false),
      /** days between showings after a close; -1 is never again */
      displayFrequency: z.number().int().min(-1).default(7),
      title: z.string().max(200),
      body: z.string().max(2000).optional(),
      buttonText: z.string().max(60).default('Sign Up'),
      image: image.optional(),
      postSubmitText: z.string().max(2000).default('Thank you!'),
      /** the form its signup submits (isOverlayForm): a newsletter list with an email field */
      formId: id.optional(),
    })
    .refine((p) => p.style === 'NONE' || p.formId !== undefined, {
      path: ['formId'],
      message: 'a popup overlay needs the form its signup is submitted to',
    })
    .optional(),
  pinOverlayOptions: z.object({ mode: z.enum(['disabled', 'hover', 'always']).default('disabled') }).prefault({}),
  /**
   * Cloudflare Turnstile on every visitor form of the site (form blocks, newsletter blocks, the popup overlay): the
   * widget's public site key. Its secret is the Worker's TURNSTILE_SECRET_KEY, never the snapshot.
   */
  turnstile: z
    .object({
      siteKey: z.string().regex(TURNSTILE_SITE_KEY, 'a Turnstile site key is a digit, "x" and 10 to 64 letters, digits, "_" or "-"'),
    })
    .optional(),
  useEscapeKeyToLogin: z.boolean().default(false),
  /**
   * Strict-Transport-Security for the site's subdomains too (includeSubDomains). Off unless the owner turns it on: on
   * a customer's apex domain it would force https for a year on every other subdomain they have.
   */
  hstsIncludeSubDomains: z.boolean().default(false),
  cookieSettings: z.object({ isRestrictiveCookiePolicyEnabled: z.boolean().default(false) }).prefault({}),
  /** the cookie notice: its position, or absent for none */
  EU_COOKIE_POLICY: z.enum(COOKIE_NOTICE_POSITIONS).optional(),
  EU_COOKIE_TEXT: z.string().max(2000).optional(),
  EU_COOKIE_BUTTON_LABEL: z.string().max(60).optional(),
  ssBadgeType: codeOf(BADGE_TYPES).default(BADGE_TYPES.NONE),
  /**
   * the product badge (§1's site-wide overlays; the spec gives it no data): one product of the site's store, by its
   * item id, featured site-wide in a small card with this label above its name (worker/overlays/product-badge.tsx)
   */
  productBadge: z
    .object({
      productId: id,
      label: z
        .string()
        .trim()
        .min(1, 'a product badge label has 1 to 40 characters')
        .max(40, 'a product badge label has 1 to 40 characters')
        .default('Featured'),
    })
    .optional(),
  /** a page that shows licensed-asset preview images */
  hasPreviewStockImages: z.boolean().default(false),
  /** §3: beta-feature keys the server switches on for every visitor (added to each browser's own, §4) */
  betaFeatureFlags: z
    .array(z.string().regex(/^[\w-]{1,60}$/))
    .max(50)
    .default([]),
});
export type Settings = z.infer<typeof settingsSchema>;

export const websiteSchema = z.object({
  id,
  identifier: z
    .string()
    .min(1)
    .max(63)
    .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'an identifier is a DNS label'),
  baseUrl: z.url({ protocol: /^https?$/ }),
  developerMode: z.boolean().default(false),
  websiteType: codeOf(WEBSITE_TYPES),
  appDomain: z.string().min(1).max(200),
  title: z.string().min(1).max(200),
  description: z.string().max(2000).optional(),
  logo: image.optional(),
  socialImage: image.optional(),
  language: z.string().min(2).max(20).default('en-US'),
  timeZone: z.string().min(1).max(60).default('UTC'),
  templateId: z.string().min(1).max(64),
  /** the page or collection served at '/' (default: the first item of the main navigation) */
  homepageId: id.optional(),
  /** set when the whole site is password-protected */
  password: passwordHash.optional(),
  lockScreenText: z.string().max(2000).optional(),
  footer: z.object({ text: z.string().max(2000).optional(), address: z.string().max(500).optional() }).prefault({}),
  /** owner-written code placed at the start (header) and end (footer) of every page's body */
  codeInjection: z.object({ header: z.string().max(50_000).optional(), footer: z.string().max(50_000).optional() }).optional(),
});

export const snapshotSchema = z.object({
  /**
   * the snapshot format (format.ts): what validation sees is always the current one, since older formats are upgraded
   * first; absent in what the editor hands over, written by publish:site
   */
  formatVersion: z.literal(SNAPSHOT_FORMAT).default(SNAPSHOT_FORMAT),
  /** the published version; a new version replaces every cached parse and page */
  version: z.string().min(1).max(100),
  website: websiteSchema,
  settings: settingsSchema,
  /** template tweak values, looked up by name and by the name with '@' and '.' stripped */
  tweakJSON: z.record(z.string(), z.string().max(2000)),
  /** navigation sections by name: 'mainNavigation', 'secondaryNavigation', 'footerNavigation' and '_hidden' */
  navigation: z.record(z.string().min(1).max(60), z.array(navigationItem).max(100)),
  pages: z.array(pageSchema).max(1000),
  collections: z.array(collectionSchema).max(1000),
  forms: z.array(formSchema).max(200),
  accounts: z.array(accountSchema).max(1000),
});
export type SiteSnapshot = z.infer<typeof snapshotSchema>;
export type SiteSnapshotInput = z.input<typeof snapshotSchema>;
