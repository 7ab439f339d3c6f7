// Blocks left out of a site's pages as they render (worker/blocks/layout.tsx): counted per site in this isolate, for
// the log line that reports each and for the ops views. A site published in an older format keeps its blocks (its
// snapshot is upgraded); a block that still does not fit is dropped, never silently.

/** Sites counted at once; the one counted longest ago is forgotten first (an isolate serves many sites). */
const MAX_SITES_COUNTED = 1024;

/** A block left out of pages as they rendered, because its data does not fit its type or its type is unknown. */
export interface DroppedBlock {
  blockId: string;
  type: number;
  /** the published version (snapshot version and hash) it was last left out of */
  version: string;
  /** what does not fit, as `path: message` */
  reason: string;
  /** renders that left it out */
  count: number;
  lastAt: string;
}

/** The blocks this isolate has left out of one site's pages. */
export interface SiteDroppedBlocks {
  /** the site's identifier */
  site: string;
  /** renders that left a block out, all blocks together */
  count: number;
  /** each block left out (at most MAX_DROPPED_BLOCKS_LISTED; the count goes on beyond them) */
  blocks: DroppedBlock[];
}

/** How many different blocks of one site are listed; a site has at most 60 per layout, but many layouts. */
export const MAX_DROPPED_BLOCKS_LISTED = 100;
const dropped = new Map<string, { count: number; blocks: Map<string, DroppedBlock> }>();

/**
 * Counts a block left out of a page of a site as it rendered (worker/blocks/layout.tsx) and returns how many this
 * isolate has left out of that site's pages so far, for the log line that reports it. Kept per isolate, like the parsed
 * snapshots: the log lines carry the running count, and droppedBlocks() answers for this isolate.
 */
export function countDroppedBlock(
  site: { identifier: string; version: string },
  block: { id: string; type: number },
  reason: string,
  now = Date.now(),
): number {
  let entry = dropped.get(site.identifier);
  if (!entry) {
    if (dropped.size >= MAX_SITES_COUNTED) dropped.delete(dropped.keys().next().value!);
    entry = { count: 0, blocks: new Map() };
    dropped.set(site.identifier, entry);
  }
  entry.count++;
  const lastAt = new Date(now).toISOString();
  const known = entry.blocks.get(block.id);
  if (known) Object.assign(known, { type: block.type, version: site.version, reason, count: known.count + 1, lastAt });
  else if (entry.blocks.size < MAX_DROPPED_BLOCKS_LISTED) {
    entry.blocks.set(block.id, { blockId: block.id, type: block.type, version: site.version, reason, count: 1, lastAt });
  }
  return entry.count;
}

/** For ops: the blocks this isolate has left out of pages as they rendered, per site, most often first. */
export function droppedBlocks(): SiteDroppedBlocks[] {
  return [...dropped]
    .map(([site, { count, blocks }]) => ({ site, count, blocks: [...blocks.values()].map((b) => ({ ...b })) }))
    .sort((a, b) => b.count - a.count);
}
