// The analytics objects of a site: one per site and calendar day in the site's time zone, and the summary an owner
// reads across a range of days.
import { dayKey, daysBetween } from '../../shared/census.ts';
import {
  COUNTER_KINDS,
  type AnalyticsHit,
  type ButtonFigures,
  type CounterKind,
  type DayFigures,
  type PageFigures,
} from '../durable/site-analytics.ts';
import type { Env } from '../env.ts';
import type { SiteModel } from '../site/model.ts';

export function analyticsDay(env: Env, site: SiteModel, day: string) {
  return env.SITE_ANALYTICS.getByName(`${site.website.id}:${day}`);
}

/** Records a hit in today's object (the site's today). */
export async function record(env: Env, site: SiteModel, hit: AnalyticsHit, now = Date.now()): Promise<void> {
  await analyticsDay(env, site, dayKey(now, site.website.timeZone)).record(hit);
}

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
    Promise.all(daysBetween(from, to).map((d): Promise<DayFigures> => analyticsDay(env, site, d).figures(d))),
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
    for (const p of d.pages) {
      const seen = pages.get(p.path);
      if (seen) {
        seen.views += p.views;
        seen.activeMillis += p.activeMillis;
        if (p.title) seen.title = p.title;
      } else pages.set(p.path, { ...p });
    }
    for (const b of d.buttons) {
      const seen = buttons.get(b.id);
      if (seen) Object.assign(seen, { ...b, views: seen.views + b.views, clicks: seen.clicks + b.clicks });
      else buttons.set(b.id, { ...b });
    }
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
