// The analytics wire protocol of §7 (census hits, button tracking, engagement events, error reports, traces, the
// landing pixel) as runtime schemas, so the client that sends and the edge that checks share one definition; and the
// calendar-day keys the analytics are kept by.
import * as z from 'zod';
import { ANALYTICS_EVENTS } from './codes.ts';

export type AnalyticsEventName = keyof typeof ANALYTICS_EVENTS;

/** RecordHit's `event`: an analytics event kind of §3, by code ('1') or by name ('PAGE_VIEW'). */
export function parseHitEvent(value: string | null | undefined): AnalyticsEventName | null {
  if (!value) return null;
  for (const [name, code] of Object.entries(ANALYTICS_EVENTS) as [AnalyticsEventName, number][]) {
    if (value === name || value === String(code)) return name;
  }
  return null;
}

const count = z.number().int().min(0).max(1_000_000);
const text = (max: number) => z.string().max(max);
const optionalText = (max: number) => z.string().max(max).nullish();
const sitePath = z
  .string()
  .min(1)
  .max(2000)
  .regex(/^\/(?!\/)/, 'a path starts with a single /');

/** §7 RecordHit data: what every hit carries. */
export const hitDataSchema = z.object({
  url: sitePath,
  title: text(1000),
  itemId: optionalText(100),
  recordType: z.number().int().nullish(),
  collectionId: optionalText(100),
  websiteId: z.string().min(1).max(100),
  templateId: text(100),
  userAgent: text(1000),
  /** the browser's clock: ms since the epoch, or a date string */
  clientDate: z.union([z.number().finite(), z.string().max(64)]),
  viewportInnerHeight: count,
  viewportInnerWidth: count,
  screenHeight: count,
  screenWidth: count,
});

/** A page view (and a site search, which is the search page's view) adds these. */
export const pageViewDataSchema = hitDataSchema.extend({
  queryString: text(2000),
  referrer: text(2000),
  localStorageSupported: z.boolean(),
});

/** §9: tracking stops after about an hour, so one heartbeat never reports more active time than that. */
export const MAX_HEARTBEAT_ACTIVE_MS = 3_600_000;

/** A heartbeat adds the active time, when the view started and the activity event types seen. */
export const heartbeatDataSchema = hitDataSchema.extend({
  activeMillis: z.number().int().min(0).max(MAX_HEARTBEAT_ACTIVE_MS),
  viewStartTimeMillis: z.number().finite().min(0),
  eventLog: z.array(text(40)).max(1000),
});

export type HitData = z.infer<typeof hitDataSchema>;
export type PageViewData = z.infer<typeof pageViewDataSchema>;
export type HeartbeatData = z.infer<typeof heartbeatDataSchema>;

/** §3 Button tracking payload plus visitorCookie: button-click and button-render. */
export const buttonTrackingSchema = z.object({
  pagePath: sitePath,
  id: z.string().min(1).max(100),
  buttonText: text(500),
  clickthroughUrl: text(2000),
  alignment: text(40),
  size: text(40),
  newWindow: z.boolean(),
  /** the button block's context, as the client has it */
  context: z.unknown().optional(),
  visitorCookie: optionalText(200),
});

/** POST /api/census/overlay: the given payload plus visitorCookie; `event` names what happened. */
export const overlaySchema = z.looseObject({
  event: z.string().min(1).max(100).optional(),
  visitorCookie: optionalText(200),
});

/** RecordEvent's event name. */
export const eventNameSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w .:-]+$/, 'an event name is letters, digits, spaces and _.:-');

/** §7 RecordEvent data; other keys (urlRequested of system_network_error, ...) travel with it. */
export const recordEventDataSchema = z.looseObject({
  websiteId: z.string().min(1).max(100),
  templateId: text(100),
  /** the template website id */
  variantId: text(100),
  pagePath: sitePath,
  pageHash: optionalText(2000),
});

/** §7 RecordJavascriptErrors: one report. */
export const errorReportSchema = z.object({
  event: z
    .string()
    .max(100)
    .regex(/^interface_error_[\w-]+$/, "an error event is 'interface_error_{app}'"),
  data: z.object({
    websiteId: optionalText(100),
    templateId: optionalText(100),
    url: optionalText(2000),
    userAgent: optionalText(1000),
    message: text(5000),
    // cut at the edge, so only an outright flood is refused
    stack: optionalText(100_000),
    file: optionalText(2000),
    line: z.number().int().nullish(),
    column: z.number().int().nullish(),
    custom: z.unknown().optional(),
  }),
  timestamp: z.number().finite(),
});
/** §9: the reporter sends at most 20 times and queues at most 10 errors, so one request carries at most 20. */
export const MAX_ERROR_REPORTS = 20;
export const errorReportsSchema = z.array(errorReportSchema).min(1).max(MAX_ERROR_REPORTS);

/** §7 Trace: the entries of the data field. */
export const MAX_TRACE_ENTRIES = 100;
export const traceEntriesSchema = z
  .array(z.object({ pageUrl: text(2000), type: z.string().min(1).max(100), data: text(10_000) }))
  .min(1)
  .max(MAX_TRACE_ENTRIES);

/** §7 landing tracking: the pixel's query (the fields copied from the page's query are in site-runtime.ts, zod-free). */
export { TRACK_COPIED_PARAMS } from './site-runtime.ts';
export const trackQuerySchema = z.object({
  landing: z.string().min(1).max(2000),
  refer: optionalText(2000),
  rk: z
    .string()
    .regex(/^\d{1,8}$/, 'rk is an integer up to 99999999')
    .nullish(),
  lang: optionalText(35),
  screen: z
    .string()
    .regex(/^\d{1,5}x\d{1,5}$/, 'screen is WxH')
    .nullish(),
  source: optionalText(200),
  campaign: optionalText(200),
  subcampaign: optionalText(200),
  channel: optionalText(200),
  subchannel: optionalText(200),
  variation: optionalText(200),
  mkwid: optionalText(200),
});

/** The reasons a value fails a schema, as 'path: message', for a 400 answer. */
export function describeIssues(error: z.ZodError, prefix = ''): string {
  return error.issues
    .slice(0, 3)
    .map((i) => {
      const path = [prefix, ...i.path.map(String)].filter(Boolean).join('.');
      return path ? `${path}: ${i.message}` : i.message;
    })
    .join('; ');
}

// ----- days -----

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      // an unknown zone in a snapshot counts as UTC rather than losing the hit
      f = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/** The calendar day (YYYY-MM-DD) of an instant in the site's time zone. */
export function dayKey(ms: number, timeZone: string): string {
  const parts = formatterFor(timeZone).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export function isDayKey(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included; empty when `to` is before `from`. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}
