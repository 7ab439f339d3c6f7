// Where a hit is written: a site's day is split over ANALYTICS_SHARDS SiteAnalytics objects, so a busy site's page
// views, heartbeats and clicks do not all queue at one object (a Durable Object runs one call at a time: one object
// per site and day is a ceiling on the site's traffic, whatever the day). A hit that names a visitor goes to the shard
// of a hash of the visitor's id, so a visitor's views and heartbeats land together and each visitor id is stored by one
// shard; a hit without a visitor (no-cookie mode, clicks, events, landings) goes to any shard. Every shard counts
// exactly. Shard 0 of a day lists the day's other shards that were written, and the owner's summary reads shard 0 and
// those, and adds them up (worker/analytics/record.ts): a quiet day costs one read, a busy one at most ANALYTICS_SHARDS.
/**
 * Shards per site and day: at one visitor's hits per shard, ten times what one object absorbs needs more than ten
 * (bench/README.md, "analytics"). A day is read from shard 0's list, not from this count, so it may change between
 * releases. Shard 0 keeps the name of the one object per day of before (`{websiteId}:{day}`), so the day of a deploy is
 * read whole.
 */
export const ANALYTICS_SHARDS = 16;

/**
 * The shard count in force. The benchmark (bench/analytics-load.ts) and tests may bind ANALYTICS_SHARDS to measure the
 * design of one object per day ("1") against this one; it is not a wrangler.toml variable, so a deployment cannot
 * change it by mistake.
 */
export function shardCount(env: object): number {
  const raw = (env as { ANALYTICS_SHARDS?: unknown }).ANALYTICS_SHARDS;
  const n = typeof raw === 'string' || typeof raw === 'number' ? Number(raw) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= 64 ? n : ANALYTICS_SHARDS;
}

/** FNV-1a, 32 bits: stable across isolates and releases, which is all the spread needs. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The shard of a hit: the visitor's, or any one when the hit names no visitor. */
export function shardOf(visitorId: string | null, shards: number): number {
  if (shards <= 1) return 0;
  return visitorId ? hash(visitorId) % shards : Math.floor(Math.random() * shards);
}

/** The object name of a site's day's shard. */
export function shardName(websiteId: string, day: string, shard: number): string {
  return shard === 0 ? `${websiteId}:${day}` : `${websiteId}:${day}:${shard}`;
}

/**
 * How long a hit waits in the isolate for others of its shard before they are written together, milliseconds: every
 * request of a batch answers once the batch is written, so this is what coalescing adds to a hit's answer. Bound
 * ANALYTICS_BATCH_MS = "0" (the benchmark's design before, tests) and each hit is written on its own; like
 * ANALYTICS_SHARDS it is not a wrangler.toml variable.
 */
export const ANALYTICS_BATCH_MS = 50;
/** A batch is written at once when it holds this many hits, whatever its window. */
export const ANALYTICS_BATCH_MAX = 200;

export function batchWindowMs(env: object): number {
  const raw = (env as { ANALYTICS_BATCH_MS?: unknown }).ANALYTICS_BATCH_MS;
  const n = typeof raw === 'string' || typeof raw === 'number' ? Number(raw) : Number.NaN;
  return Number.isFinite(n) && n >= 0 && n <= 1000 ? n : ANALYTICS_BATCH_MS;
}
