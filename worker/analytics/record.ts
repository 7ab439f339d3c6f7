// The owner's analytics of a site: each hit is written to one shard of the site's day (the calendar day in the site's
// time zone; worker/analytics/shards.ts says which), and the summary an owner reads adds up every shard of every day of
// its range.
import { dayKey, daysBetween } from '../../shared/census.ts';
import {
  COUNTER_KINDS,
  emptyDayFigures,
  TOTALS,
  type AnalyticsHit,
  type ButtonFigures,
  type CounterKind,
  type DayFigures,
  type PageFigures,
} from '../durable/site-analytics.ts';
import type { Env } from '../env.ts';
import { ANALYTICS_DISTINCT_CAP } from '../http/limits.ts';
import type { SiteModel } from '../site/model.ts';
import { ANALYTICS_BATCH_MAX, batchWindowMs, shardCount, shardName, shardOf } from './shards.ts';

/** One shard of a site's day (worker/analytics/shards.ts). */
export function analyticsShard(env: Env, site: SiteModel, day: string, shard: number) {
  return env.SITE_ANALYTICS.getByName(shardName(site.website.id, day, shard));
}

/** The visitor a hit is about, if it names one. */
function visitorOfHit(hit: AnalyticsHit): string | null {
  return hit.kind === 'pageview' || hit.kind === 'heartbeat' ? hit.visitorId : null;
}

/** The shards this isolate has told a day's shard 0 about (`{websiteId}:{day}:{shard}`). */
const announced = new Set<string>();

/** Hits of one shard waiting in this isolate to be written together. */
interface Batch {
  hits: AnalyticsHit[];
  /** settles when the batch is written (or its write failed): every request of the batch answers then */
  written: Promise<void>;
  settle: (error?: unknown) => void;
  flushed: boolean;
}

/** The batches open in this isolate, by `{websiteId}:{day}:{shard}`. */
const open = new Map<string, Batch>();

/** Takes the batch out of `open` and writes it in one call; the first caller does it, later ones find it flushed. */
function flush(env: Env, websiteId: string, day: string, shard: number, key: string, batch: Batch): Promise<void> {
  if (batch.flushed) return batch.written;
  batch.flushed = true;
  if (open.get(key) === batch) open.delete(key);
  const stub = env.SITE_ANALYTICS.getByName(shardName(websiteId, day, shard));
  Promise.resolve()
    .then(() => stub.recordBatch(batch.hits))
    .then(
      () => batch.settle(),
      async (error: unknown) => {
        // an object still running the release before (a gradual deployment) has no recordBatch: one call per hit
        if (!isMissingMethod(error, 'recordBatch')) return batch.settle(error);
        try {
          for (const hit of batch.hits) await stub.record(hit);
          batch.settle();
        } catch (e) {
          batch.settle(e);
        }
      },
    );
  return batch.written;
}

/** What a request lends a flush so that it finishes even when the request's client has gone (ExecutionContext). */
export interface Lifetime {
  waitUntil(promise: Promise<unknown>): void;
}

/**
 * Records a hit in today's (the site's today) shard of its visitor. Shard 0 keeps the list of the day's other shards,
 * so the summary reads only those: a shard is added to it before its first hit from this isolate. An object of the
 * release before (a gradual deployment) has no list: the hit then goes to shard 0, as it did then.
 *
 * Hits are coalesced per shard in the isolate (ANALYTICS_BATCH_MS, ANALYTICS_BATCH_MAX) and written with one call
 * and one transaction (SiteAnalytics.recordBatch), so the object's cost is paid per batch, not per page view. The
 * promise settles when the hit's batch is written: a request answers 204 only for a hit that is stored. An isolate
 * that dies with a batch in hand loses that batch's hits, whose requests get no answer: at most ANALYTICS_BATCH_MAX
 * hits per shard it writes to, none of them acknowledged. Nothing is retried, so nothing is counted twice.
 */
export async function record(env: Env, site: SiteModel, hit: AnalyticsHit, now = Date.now(), lifetime?: Lifetime): Promise<void> {
  const day = today(now, site.website.timeZone);
  const websiteId = site.website.id;
  let shard = shardOf(visitorOfHit(hit), shardCount(env));
  const key = `${websiteId}:${day}:${shard}`;
  if (shard !== 0 && !announced.has(key)) {
    try {
      await analyticsShard(env, site, day, 0).addShard(shard);
      if (announced.size >= 10_000) announced.clear();
      announced.add(key);
    } catch (error) {
      if (!isMissingMethod(error, 'addShard')) throw error;
      shard = 0;
    }
  }
  const windowMs = batchWindowMs(env);
  if (windowMs === 0) return analyticsShard(env, site, day, shard).record(hit);
  const batchKey = `${websiteId}:${day}:${shard}`;
  let batch = open.get(batchKey);
  if (!batch) {
    let settle!: (error?: unknown) => void;
    const written = new Promise<void>((resolve, reject) => {
      settle = (error) => (error === undefined ? resolve() : reject(error));
    });
    batch = { hits: [], written, settle, flushed: false };
    open.set(batchKey, batch);
  }
  const b = batch;
  b.hits.push(hit);
  lifetime?.waitUntil(b.written.catch(() => {}));
  const go = () => void flush(env, websiteId, day, shard, batchKey, b);
  if (b.hits.length >= ANALYTICS_BATCH_MAX) {
    go();
    return b.written;
  }
  // every request of the batch holds a timer for the window (its own: a timer belongs to the request that set it):
  // whichever fires first writes the batch, so a request whose client has gone cannot leave the others waiting
  const timer = setTimeout(go, windowMs);
  // and one more while it waits: a request whose batch is written by another request's call has nothing of its own
  // pending once its window has passed, and the runtime would cancel it as hung (a 500 for a stored hit)
  const waiting = setTimeout(() => {}, WAIT_LIMIT_MS);
  try {
    await b.written;
  } finally {
    clearTimeout(timer);
    clearTimeout(waiting);
  }
}

/** How long a request waits for its batch's write before the runtime may call it hung: far past any write. */
const WAIT_LIMIT_MS = 60_000;

/** The site's day of an instant; a minute's answer is kept (a day changes on the minute in every time zone). */
let lastDay = { minute: -1, timeZone: '', day: '' };
function today(now: number, timeZone: string): string {
  const minute = Math.floor(now / 60_000);
  if (lastDay.minute === minute && lastDay.timeZone === timeZone) return lastDay.day;
  const day = dayKey(now, timeZone);
  lastDay = { minute, timeZone, day };
  return day;
}

/** Whether an RPC call failed because the object runs code of the release before, without that method. */
function isMissingMethod(error: unknown, method: string): boolean {
  return error instanceof TypeError && error.message.includes(`does not implement "${method}"`);
}

/**
 * A day's figures: shard 0's and those of the shards it lists, added up. A day that ended an hour ago or more (in the
 * site's time zone) takes no more hits, since a hit is dated by the Worker's clock as it arrives and written within
 * its batch's window: its sum is then folded into shard 0 (SiteAnalytics.fold), and later reads of it are one call.
 */
export async function dayFigures(env: Env, site: SiteModel, day: string, now = Date.now()): Promise<DayFigures> {
  const zero = analyticsShard(env, site, day, 0);
  const first = await zero.figures(day);
  const others = (first.shards ?? []).filter((k) => Number.isInteger(k) && k > 0);
  if (others.length === 0) return first;
  const rest = await Promise.all(others.map((k) => analyticsShard(env, site, day, k).figures(day)));
  const merged = mergeShards(day, [first, ...rest]);
  if (dayKey(now - FOLD_AFTER_MS, site.website.timeZone) > day) {
    try {
      await zero.fold(merged);
    } catch (error) {
      // an object of the release before has no fold(): the day is read from its shards, as it was
      if (!isMissingMethod(error, 'fold')) throw error;
    }
  }
  return merged;
}

/** How long after a day's end its shards are folded into one: far past the last hit a batch could still hold. */
export const FOLD_AFTER_MS = 3_600_000;

/** Adds up the shards of one day. A counter keeps at most ANALYTICS_DISTINCT_CAP names: the most counted. */
export function mergeShards(day: string, parts: DayFigures[]): DayFigures {
  const out = emptyDayFigures(day);
  const counters = out.counters;
  const visitors = new Set<string>();
  const pages = new Map<string, PageFigures>();
  const buttons = new Map<string, ButtonFigures>();
  for (const d of parts) {
    for (const t of TOTALS) out[t] += d[t];
    for (const id of d.visitorIds) visitors.add(id);
    mergePages(pages, d.pages);
    mergeButtons(buttons, d.buttons);
    for (const kind of COUNTER_KINDS) addCounts(counters[kind], d.counters[kind]);
  }
  if (parts.length > 1) for (const kind of COUNTER_KINDS) counters[kind] = capNames(counters[kind]);
  out.visitorIds = [...visitors];
  out.pages = [...pages.values()];
  out.buttons = [...buttons.values()]
    .sort((a, b) => b.clicks - a.clicks || b.views - a.views || a.id.localeCompare(b.id))
    .slice(0, ANALYTICS_DISTINCT_CAP);
  return out;
}

/** Past the cap, the least counted names are added to '(other)'. */
function capNames(counts: Record<string, number>): Record<string, number> {
  const entries = Object.entries(counts);
  if (entries.length <= ANALYTICS_DISTINCT_CAP) return counts;
  const named = entries.filter(([k]) => k !== OTHER).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const kept = named.slice(0, ANALYTICS_DISTINCT_CAP - 1);
  const rest = named.slice(ANALYTICS_DISTINCT_CAP - 1).reduce((n, [, v]) => n + v, counts[OTHER] ?? 0);
  return { ...Object.fromEntries(kept), [OTHER]: rest };
}

function mergePages(into: Map<string, PageFigures>, from: PageFigures[]): void {
  for (const p of from) {
    const seen = into.get(p.path);
    if (seen) {
      seen.views += p.views;
      seen.activeMillis += p.activeMillis;
      if (p.title) seen.title = p.title;
    } else into.set(p.path, { ...p });
  }
}

function mergeButtons(into: Map<string, ButtonFigures>, from: ButtonFigures[]): void {
  for (const b of from) {
    const seen = into.get(b.id);
    if (seen) Object.assign(seen, { ...b, views: seen.views + b.views, clicks: seen.clicks + b.clicks });
    else into.set(b.id, { ...b });
  }
}

const OTHER = '(other)';

/** How many pages and buttons the summary lists. */
const TOP_PAGES = 10;
const TOP_BUTTONS = 50;

export interface Summary {
  from: string;
  to: string;
  timeZone: string;
  pageViews: number;
  /** distinct visitor record ids (ss_cvr) over the whole range */
  uniqueVisitors: number;
  visits: number;
  anonymousPageViews: number;
  /** the sum of the heartbeats' active time */
  activeTimeMillis: number;
  heartbeats: number;
  searches: number;
  topPages: PageFigures[];
  buttons: ButtonFigures[];
  engagementEvents: Record<string, number>;
  quickViews: Record<string, number>;
  overlays: Record<string, number>;
  mediaPlays: Record<string, number>;
  referrers: Record<string, number>;
  landings: { count: number; sources: Record<string, number>; campaigns: Record<string, number> };
  scriptErrors: Record<string, number>;
  /** form submissions stored in the range, over all the site's forms */
  formSubmissions: number;
  days: {
    day: string;
    pageViews: number;
    uniqueVisitors: number;
    activeTimeMillis: number;
    visits: number;
    heartbeats: number;
    formSubmissions: number;
  }[];
}

const DAY_MS = 86_400_000;

/** Form submissions per site day of the range, read from each form's inbox (the submissions' own record). */
async function formSubmissionsByDay(env: Env, site: SiteModel, from: string, to: string): Promise<Map<string, number>> {
  // a window wide enough for any time zone; each submission is then put on its site day
  const start = Date.parse(`${from}T00:00:00Z`) - DAY_MS;
  const end = Date.parse(`${to}T00:00:00Z`) + 2 * DAY_MS;
  const perForm = await Promise.all(
    site.snapshot.forms.map((form) => env.FORM_INBOX.getByName(`${site.website.id}:${form.id}`).submissionTimes(start, end)),
  );
  const byDay = new Map<string, number>();
  for (const times of perForm) {
    for (const t of times) {
      const day = dayKey(t, site.website.timeZone);
      if (day >= from && day <= to) byDay.set(day, (byDay.get(day) ?? 0) + 1);
    }
  }
  return byDay;
}

function addCounts(into: Record<string, number>, from: Record<string, number>): void {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
}

/** The figures of every day from `from` to `to` (site days), merged. */
export async function summarise(env: Env, site: SiteModel, from: string, to: string): Promise<Summary> {
  const [days, forms] = await Promise.all([
    Promise.all(daysBetween(from, to).map((d) => dayFigures(env, site, d))),
    formSubmissionsByDay(env, site, from, to),
  ]);
  const visitors = new Set<string>();
  const pages = new Map<string, PageFigures>();
  const buttons = new Map<string, ButtonFigures>();
  const counters = Object.fromEntries(COUNTER_KINDS.map((k) => [k, {}])) as Record<CounterKind, Record<string, number>>;
  const out: Summary = {
    from,
    to,
    timeZone: site.website.timeZone,
    pageViews: 0,
    uniqueVisitors: 0,
    visits: 0,
    anonymousPageViews: 0,
    activeTimeMillis: 0,
    heartbeats: 0,
    searches: 0,
    topPages: [],
    buttons: [],
    engagementEvents: counters.events,
    quickViews: counters.quickViews,
    overlays: counters.overlays,
    mediaPlays: counters.media,
    referrers: counters.referrers,
    landings: { count: 0, sources: counters.sources, campaigns: counters.campaigns },
    scriptErrors: counters.scriptErrors,
    formSubmissions: 0,
    days: [],
  };
  for (const d of days) {
    out.pageViews += d.pageViews;
    out.visits += d.visits;
    out.anonymousPageViews += d.anonymousPageViews;
    out.activeTimeMillis += d.activeMillis;
    out.heartbeats += d.heartbeats;
    out.searches += d.searches;
    out.landings.count += d.landings;
    for (const id of d.visitorIds) visitors.add(id);
    mergePages(pages, d.pages);
    mergeButtons(buttons, d.buttons);
    for (const kind of COUNTER_KINDS) addCounts(counters[kind], d.counters[kind]);
    const submitted = forms.get(d.day) ?? 0;
    out.formSubmissions += submitted;
    out.days.push({
      day: d.day,
      pageViews: d.pageViews,
      uniqueVisitors: d.visitorIds.length,
      activeTimeMillis: d.activeMillis,
      visits: d.visits,
      heartbeats: d.heartbeats,
      formSubmissions: submitted,
    });
  }
  out.uniqueVisitors = visitors.size;
  out.topPages = [...pages.values()]
    .filter((p) => p.views > 0)
    .sort((a, b) => b.views - a.views || b.activeMillis - a.activeMillis || a.path.localeCompare(b.path))
    .slice(0, TOP_PAGES);
  out.buttons = [...buttons.values()]
    .sort((a, b) => b.clicks - a.clicks || b.views - a.views || a.id.localeCompare(b.id))
    .slice(0, TOP_BUTTONS);
  return out;
}
