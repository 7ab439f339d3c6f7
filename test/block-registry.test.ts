// The block registry against §3's table of block types: every type is there, once, with the spec's code, in its own
// folder. The table is copied here from the spec on purpose, so a registry that drifts from it fails.
import { describe, expect, it } from 'vitest';
import type { AnyBlock } from '../worker/blocks/define.ts';
import { BLOCK_BY_CODE, BLOCK_CODES, BLOCK_NAMES, BLOCKS } from '../worker/blocks/registry.ts';

/** §3 "Block types", name → code, with the names as the registry spells them (spaces and dashes as underscores). */
const SPEC_BLOCK_TYPES: [name: string, code: number][] = [
  ['navigation', 1],
  ['html', 2],
  ['logo', 3],
  ['map', 4],
  ['image', 5],
  ['twitter', 6],
  ['journal', 7],
  ['gallery', 8],
  ['form', 9],
  ['geo', 10],
  ['index', 11],
  ['collection_link', 12],
  ['link', 13],
  ['tag_cloud', 14],
  ['comments', 16],
  ['folder', 17],
  ['menu', 18],
  ['social_links', 19],
  ['summary', 20],
  ['spacer', 21],
  ['embed', 22],
  ['code', 23],
  ['foursquare', 24],
  ['instagram', 25],
  ['calendar', 26],
  ['posts_by_author', 27],
  ['posts_by_tag', 28],
  ['posts_by_category', 29],
  ['posts_by_month', 30],
  ['quote', 31],
  ['video', 32],
  ['search', 33],
  ['audio', 41],
  ['photo_community', 42],
  ['product', 43],
  ['markdown', 44],
  ['photo_sharing', 45],
  ['online_retailer', 46],
  ['horizontal_rule', 47],
  ['social_account_links', 48],
  ['rss', 49],
  ['restaurant_booking', 50],
  ['newsletter', 51],
  ['donation', 52],
  ['button', 53],
  ['social_account_links_v2', 54],
  ['summary_v2', 55],
  ['audio_streaming', 56],
  ['email_footer', 57],
  ['in_browser_message_link', 58],
  ['tour_dates', 59],
  ['album', 60],
  ['archive', 61],
  ['chart', 62],
  ['wedding_registry', 63],
  ['appointment_scheduling', 65],
  ['restaurant_booking_v2', 66],
];

/** Every block folder's definition (worker/blocks/<name>/index.ts or .tsx), by folder name. */
const FOLDERS = new Map(
  Object.entries(import.meta.glob<AnyBlock>('../worker/blocks/*/index.{ts,tsx}', { eager: true, import: 'default' })).map(
    ([path, definition]) => [path.split('/').at(-2)!, definition],
  ),
);

describe('the block registry', () => {
  it.each(SPEC_BLOCK_TYPES)('has %s as block type %i', (name, code) => {
    expect(BLOCK_CODES[name as keyof typeof BLOCK_CODES]).toBe(code);
    expect(BLOCK_NAMES.get(code)).toBe(name);
    expect(BLOCK_BY_CODE.get(code)?.name).toBe(name);
  });

  it('holds the 57 types of §3 and nothing else, each once', () => {
    expect(SPEC_BLOCK_TYPES).toHaveLength(57);
    expect(BLOCKS.map((b) => [b.name, b.code])).toEqual(SPEC_BLOCK_TYPES);
    expect(BLOCK_BY_CODE.size).toBe(BLOCKS.length);
    expect(new Set(BLOCKS.map((b) => b.name)).size).toBe(BLOCKS.length);
  });

  it('lists every block folder, each named after its type (social_links in social-links/)', () => {
    expect(FOLDERS.size).toBe(BLOCKS.length);
    for (const [folder, definition] of FOLDERS) {
      expect(definition.name.replace(/_/g, '-'), folder).toBe(folder);
      expect(BLOCKS as readonly AnyBlock[], folder).toContain(definition);
    }
  });
});
