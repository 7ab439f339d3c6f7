// The data schema of every block type of §3, keyed by block name. Checked at publish time, and per block at render
// time, where a block whose data does not fit is logged and skipped instead of failing the page.
import * as z from 'zod';
import type { BlockTypeName } from '../codes.ts';
import { LIMITS } from '../limits.ts';
import { category, href, id, image, isoDate, priceCents, tag } from './common.ts';

const text = (max = 10_000) => z.string().max(max);
const alignment = z.enum(['left', 'center', 'right']);
const socialService = z.enum([
  'facebook',
  'instagram',
  'x',
  'twitter',
  'linkedin',
  'youtube',
  'vimeo',
  'pinterest',
  'tiktok',
  'github',
  'mastodon',
  'bandcamp',
  'soundcloud',
  'spotify',
  'email',
  'rss',
]);
const collectionRef = z.object({ collectionId: id });

/** §3 Map location and block settings. */
const mapLocation = z.object({
  mapLat: z.number().min(-90).max(90).default(40.720882),
  mapLng: z.number().min(-180).max(180).default(-74.000988),
  markerLat: z.number().min(-90).max(90).nullable().default(null),
  markerLng: z.number().min(-180).max(180).nullable().default(null),
  mapZoom: z.number().int().min(1).max(21).default(12),
  addressTitle: text(200).optional(),
  addressLine1: text(200).optional(),
  addressLine2: text(200).optional(),
  addressCountry: text(100).optional(),
});

const summary = collectionRef.extend({
  headerText: text(200).optional(),
  limit: z.number().int().min(1).max(LIMITS.itemsPerCollection).default(6),
  showTitle: z.boolean().default(true),
  showExcerpt: z.boolean().default(true),
  showThumbnail: z.boolean().default(true),
  showDate: z.boolean().default(true),
  showPrice: z.boolean().default(false),
  filter: z.object({ tag: tag.optional(), category: category.optional() }).optional(),
});

const socialAccount = z.object({ service: socialService, url: href, username: text(100).optional() });

const restaurantBooking = z.object({
  restaurantName: text(200),
  restaurantId: z.string().min(1).max(40),
  partySizeMax: z.number().int().min(1).max(50).default(10),
  region: z.enum(['us', 'eu', 'uk', 'au', 'jp']).optional(),
});

export const BLOCK_DATA = {
  navigation: z.object({
    section: z.string().min(1).max(60),
    orientation: z.enum(['horizontal', 'vertical']).default('vertical'),
  }),
  html: z.object({ html: text(100_000) }),
  logo: z.object({ text: text(200).optional(), image: image.optional(), href: href.default('/') }),
  map: z.object({
    location: mapLocation,
    vSize: z.number().int().min(1).max(40).default(12),
    /** 1 Original, 2 Grayscale, 3 Satellite, 4 Minimal Light, 5 Minimal Dark, 6 Minimal Blue */
    style: z.number().int().min(1).max(6).default(2),
    controls: z.boolean().default(true),
    terrain: z.boolean().default(false),
    labels: z.boolean().default(true),
    infoWindow: z.object({ autoOpen: z.boolean() }).optional(),
  }),
  image: z.object({
    image,
    link: href.optional(),
    newWindow: z.boolean().default(false),
    lightbox: z.boolean().default(false),
    description: text(2000).optional(),
    lightboxTheme: z.enum(['light', 'dark']).default('dark'),
    title: text(200).optional(),
  }),
  twitter: z.object({
    handle: z.string().min(1).max(30),
    tweets: z.array(z.object({ id: z.string(), text: text(560), date: isoDate })).max(50),
  }),
  journal: collectionRef.extend({ limit: z.number().int().min(1).max(50).default(5) }),
  gallery: collectionRef.extend({
    design: z.enum(['stacked', 'slider', 'slideshow', 'grid', 'autogrid', 'autocolumns', 'carousel', 'list']),
    vSize: z.number().optional(),
    aspectRatio: z.string().max(20).optional(),
    'auto-crop': z.boolean().default(true),
    imageAspectRatio: z.union([z.literal('Auto'), z.number().positive()]).default('Auto'),
    slidesPerRow: z.number().int().min(1).max(10).default(3),
    lightbox: z.boolean().default(false),
    mixedContent: z.boolean().default(false),
    columnWidth: z.number().positive().default(250),
    gutter: z.number().min(0).default(0),
    listImageSize: z.number().min(0).max(100).optional(),
    'active-alignment': alignment.default('center'),
    lightboxTheme: z.enum(['light', 'dark']).default('dark'),
    'thumbnails-per-row': z.number().int().min(1).max(20).default(4),
    'square-thumbs': z.boolean().default(false),
    autoplay: z.boolean().default(false),
    'autoplay-duration': z.number().positive().default(5),
    thumbnails: z.boolean().default(false),
    'thumbnail-strip-height': z.number().min(0).optional(),
    'thumbnail-strip-margin': z.number().min(0).optional(),
    'meta-position': z.enum(['top', 'bottom', 'top-left', 'bottom-left', 'top-right', 'bottom-right', 'center']).default('bottom-left'),
  }),
  form: z.object({ formId: id, showTitle: z.boolean().default(true) }),
  geo: z.object({
    locationName: text(200),
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    date: isoDate.optional(),
  }),
  index: z.object({ collectionIds: z.array(id).min(1).max(50) }),
  collection_link: collectionRef,
  link: z.object({ url: href, title: text(200), description: text(1000).optional(), newWindow: z.boolean().default(false) }),
  tag_cloud: collectionRef.extend({ kind: z.enum(['tags', 'categories']).default('tags') }),
  comments: z.object({ collectionId: id, itemId: id }),
  folder: z.object({
    title: text(200),
    links: z
      .array(z.object({ title: text(200), url: href }))
      .min(1)
      .max(50),
  }),
  menu: z.object({
    menus: z
      .array(
        z.object({
          title: text(200),
          sections: z.array(
            z.object({
              title: text(200),
              items: z.array(z.object({ title: text(200), description: text(1000).optional(), price: text(40).optional() })),
            }),
          ),
        }),
      )
      .min(1),
  }),
  social_links: z.object({ links: z.array(socialAccount).min(1).max(30) }),
  summary,
  spacer: z.object({ height: z.number().int().min(0).max(400).default(24) }),
  embed: z.object({ html: text(20_000), url: href.optional(), providerName: text(100).optional(), title: text(200) }),
  code: z.object({
    code: text(100_000),
    language: z.enum(['html', 'javascript', 'css', 'plain']).default('html'),
    displaySource: z.boolean().default(false),
  }),
  foursquare: z.object({
    checkins: z.array(z.object({ venue: text(200), city: text(200).optional(), date: isoDate, shout: text(500).optional() })).max(50),
  }),
  instagram: collectionRef,
  calendar: collectionRef,
  posts_by_author: collectionRef,
  posts_by_tag: collectionRef,
  posts_by_category: collectionRef,
  posts_by_month: collectionRef,
  quote: z.object({ text: text(2000), source: text(200).optional() }),
  video: z.object({
    /** data-html: the embed HTML */
    html: text(20_000),
    providerName: text(100),
    url: href,
    title: text(200),
    mode: z.enum(['none', 'fit', 'fill']).nullable().default('fit'),
    thumbnail: image.optional(),
    description: text(2000).optional(),
  }),
  search: z.object({ collectionId: id.optional(), placeholder: text(100).default('Search') }),
  audio: z.object({ title: text(200), author: text(200).optional(), url: href, durationSeconds: z.number().min(0).optional() }),
  photo_community: collectionRef,
  product: z.object({ collectionId: id, itemId: id, showPrice: z.boolean().default(true), showAddToCart: z.boolean().default(true) }),
  markdown: z.object({ markdown: text(100_000) }),
  photo_sharing: collectionRef,
  online_retailer: z.object({
    retailerName: text(100),
    products: z
      .array(z.object({ title: text(200), price: text(40), url: href, image: image.optional(), author: text(200).optional() }))
      .min(1)
      .max(20),
  }),
  horizontal_rule: z.object({}),
  social_account_links: z.object({ accounts: z.array(socialAccount).min(1).max(30) }),
  rss: z.object({
    /** fetched at render time (server side), behind Suspense: an http(s) URL, or a path on this site such as
     * '/journal?format=rss' (the collection feeds this worker serves), read without leaving the worker */
    feedUrl: z.union([
      z.url({ protocol: /^https?$/ }),
      z
        .string()
        .regex(/^\/[^/\\]/, 'an internal path')
        .max(150),
    ]),
    title: text(200).optional(),
    limit: z.number().int().min(1).max(50).default(5),
    showDates: z.boolean().default(true),
  }),
  restaurant_booking: restaurantBooking,
  newsletter: z.object({
    title: text(200),
    description: text(2000).optional(),
    buttonText: text(60).default('Sign Up'),
    placeholder: text(100).default('Email Address'),
    collectNames: z.boolean().default(false),
    postSubmitText: text(2000).default('Thank you!'),
    disclaimer: text(2000).optional(),
  }),
  donation: z.object({
    donatePageId: id,
    title: text(200),
    description: text(5000).optional(),
    buttonText: text(60).default('Donate'),
    suggestedAmountsCents: z.array(priceCents).max(8).default([]),
    contributionConfirmedText: text(5000).optional(),
  }),
  button: z.object({
    buttonText: text(100),
    clickthroughUrl: href,
    newWindow: z.boolean().default(false),
    alignment: alignment.default('center'),
    size: z.enum(['small', 'medium', 'large']).default('medium'),
  }),
  social_account_links_v2: z.object({
    accounts: z.array(socialAccount).min(1).max(30),
    style: z.enum(['icons', 'text']).default('icons'),
    alignment: alignment.default('center'),
  }),
  summary_v2: summary.extend({ design: z.enum(['wall', 'carousel', 'list', 'grid']).default('grid') }),
  audio_streaming: z.object({
    provider: text(100),
    title: text(200),
    embedHtml: text(20_000),
    url: href,
  }),
  email_footer: z.object({ address: text(500), unsubscribeText: text(200).default('Unsubscribe') }),
  in_browser_message_link: z.object({ text: text(200).default('View this email in your browser') }),
  tour_dates: z.object({
    artistName: text(200),
    events: z.array(z.object({ date: isoDate, venue: text(200), city: text(200), ticketUrl: href.optional() })).max(100),
  }),
  album: z.object({
    title: text(200),
    artist: text(200),
    cover: image,
    tracks: z
      .array(z.object({ title: text(200), url: href, durationSeconds: z.number().min(0) }))
      .min(1)
      .max(LIMITS.tracksPerAlbum, `at most ${LIMITS.tracksPerAlbum} tracks in an album`),
  }),
  archive: collectionRef.extend({ groupBy: z.enum(['month', 'year']).default('month') }),
  chart: z.object({
    title: text(200).optional(),
    labels: z.array(text(60)).min(1).max(50),
    series: z
      .array(z.object({ name: text(60), values: z.array(z.number()) }))
      .min(1)
      .max(8),
    yAxisLabel: text(60).optional(),
  }),
  wedding_registry: z.object({
    coupleName: text(200),
    registries: z
      .array(z.object({ name: text(200), url: href }))
      .min(1)
      .max(10),
  }),
  appointment_scheduling: z.object({
    businessName: text(200),
    bookingUrl: href,
    appointmentTypes: z
      .array(z.object({ name: text(200), durationMinutes: z.number().int().positive(), priceCents: priceCents.optional() }))
      .min(1)
      .max(30),
  }),
  restaurant_booking_v2: restaurantBooking,
} satisfies Record<BlockTypeName, z.ZodType>;

export type BlockData<N extends BlockTypeName> = z.output<(typeof BLOCK_DATA)[N]>;

/** Block types whose data names a collection that must exist in the snapshot. */
export function referencedCollectionIds(name: BlockTypeName, data: unknown): string[] {
  if (!data || typeof data !== 'object') return [];
  const d = data as { collectionId?: unknown; collectionIds?: unknown };
  if (name === 'index' && Array.isArray(d.collectionIds)) return d.collectionIds.filter((x) => typeof x === 'string');
  return typeof d.collectionId === 'string' ? [d.collectionId] : [];
}
