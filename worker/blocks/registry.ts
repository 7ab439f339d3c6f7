// The block registry: every block type of §3, each defined once in its own folder (worker/blocks/<name>/index.ts). This
// list is the one place a block type is named; the codes and names, each type's data type, the blocks' stylesheet and
// the traits other code asks about (owner code, search text, references, donation pages, images) all come from it.
import type * as z from 'zod';
import type { Block } from '../../shared/snapshot/schema.ts';
import album from './album/index.ts';
import appointmentScheduling from './appointment-scheduling/index.ts';
import archive from './archive/index.tsx';
import audioStreaming from './audio-streaming/index.tsx';
import audio from './audio/index.tsx';
import button from './button/index.tsx';
import calendar from './calendar/index.ts';
import chart from './chart/index.ts';
import code from './code/index.tsx';
import collectionLink from './collection-link/index.tsx';
import comments from './comments/index.tsx';
import type { AnyBlock } from './define.ts';
import donation from './donation/index.tsx';
import emailFooter from './email-footer/index.tsx';
import embed from './embed/index.tsx';
import folder from './folder/index.tsx';
import form from './form/index.ts';
import foursquare from './foursquare/index.tsx';
import gallery from './gallery/index.ts';
import geo from './geo/index.tsx';
import horizontalRule from './horizontal-rule/index.tsx';
import html from './html/index.tsx';
import image from './image/index.ts';
import inBrowserMessageLink from './in-browser-message-link/index.tsx';
import index from './index/index.tsx';
import instagram from './instagram/index.tsx';
import journal from './journal/index.tsx';
import link from './link/index.tsx';
import logo from './logo/index.tsx';
import map from './map/index.ts';
import markdown from './markdown/index.tsx';
import menu from './menu/index.tsx';
import navigation from './navigation/index.ts';
import newsletter from './newsletter/index.ts';
import onlineRetailer from './online-retailer/index.tsx';
import { partPhoneStyles, partStyles } from './parts/styles.ts';
import photoCommunity from './photo-community/index.tsx';
import photoSharing from './photo-sharing/index.tsx';
import postsByAuthor from './posts-by-author/index.tsx';
import postsByCategory from './posts-by-category/index.tsx';
import postsByMonth from './posts-by-month/index.tsx';
import postsByTag from './posts-by-tag/index.tsx';
import product from './product/index.ts';
import quote from './quote/index.tsx';
import restaurantBookingV2 from './restaurant-booking-v2/index.tsx';
import restaurantBooking from './restaurant-booking/index.ts';
import rss from './rss/index.ts';
import search from './search/index.tsx';
import socialAccountLinksV2 from './social-account-links-v2/index.tsx';
import socialAccountLinks from './social-account-links/index.tsx';
import socialLinks from './social-links/index.ts';
import spacer from './spacer/index.tsx';
import summaryV2 from './summary-v2/index.tsx';
import summary from './summary/index.ts';
import tagCloud from './tag-cloud/index.tsx';
import tourDates from './tour-dates/index.ts';
import twitter from './twitter/index.tsx';
import video from './video/index.ts';
import weddingRegistry from './wedding-registry/index.tsx';

/** Every block type, in the order of §3's table. */
export const BLOCKS = [
  navigation,
  html,
  logo,
  map,
  image,
  twitter,
  journal,
  gallery,
  form,
  geo,
  index,
  collectionLink,
  link,
  tagCloud,
  comments,
  folder,
  menu,
  socialLinks,
  summary,
  spacer,
  embed,
  code,
  foursquare,
  instagram,
  calendar,
  postsByAuthor,
  postsByTag,
  postsByCategory,
  postsByMonth,
  quote,
  video,
  search,
  audio,
  photoCommunity,
  product,
  markdown,
  photoSharing,
  onlineRetailer,
  horizontalRule,
  socialAccountLinks,
  rss,
  restaurantBooking,
  newsletter,
  donation,
  button,
  socialAccountLinksV2,
  summaryV2,
  audioStreaming,
  emailFooter,
  inBrowserMessageLink,
  tourDates,
  album,
  archive,
  chart,
  weddingRegistry,
  appointmentScheduling,
  restaurantBookingV2,
] as const satisfies readonly AnyBlock[];

type Definition = (typeof BLOCKS)[number];
export type BlockTypeName = Definition['name'];
/** The definition of one block type, by name. */
export type BlockOf<N extends BlockTypeName> = Extract<Definition, { name: N }>;

/** The §3 code of each block type, by name. */
export const BLOCK_CODES = Object.fromEntries(BLOCKS.map((b) => [b.name, b.code])) as {
  readonly [D in Definition as D['name']]: D['code'];
};

/** Each block type by its §3 code. */
export const BLOCK_BY_CODE: ReadonlyMap<number, AnyBlock> = new Map(BLOCKS.map((b) => [b.code, b]));

/** The name of each block type, by its §3 code. */
export const BLOCK_NAMES: ReadonlyMap<number, BlockTypeName> = new Map(BLOCKS.map((b) => [b.code, b.name]));

/** The blocks' CSS: the parts several types share, each type's own in §3 order (CSS two types share, once), the parts' phone rules. */
export const blockStyles = partStyles + [...new Set(BLOCKS.flatMap((b) => b.styles ?? []))].join('') + partPhoneStyles;

export type ParsedBlock =
  { ok: true; definition: AnyBlock; data: unknown } | { ok: false; definition: AnyBlock | undefined; issues: readonly z.core.$ZodIssue[] };

const parsedBlocks = new WeakMap<Block, ParsedBlock>();

/**
 * A block's data checked against its type's schema, defaults filled in. Each block object is parsed once: a parsed
 * snapshot's blocks live as long as that version is served, so publish checks, page renders and traits share it.
 */
export function parseBlock(block: Block): ParsedBlock {
  let parsed = parsedBlocks.get(block);
  if (!parsed) {
    parsed = parse(block);
    parsedBlocks.set(block, parsed);
  }
  return parsed;
}

function parse(block: Block): ParsedBlock {
  const definition = BLOCK_BY_CODE.get(block.type);
  if (!definition) {
    const issue: z.core.$ZodIssue = { code: 'custom', path: [], message: `unknown block type ${block.type}`, input: block.type };
    return { ok: false, definition, issues: [issue] };
  }
  const result = definition.schema.safeParse(block.data);
  return result.success ? { ok: true, definition, data: result.data } : { ok: false, definition, issues: result.error.issues };
}
