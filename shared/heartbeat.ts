// Heartbeat analytics (§9): how a page view's active time is counted from the visitor's activity, and when it is
// sent. Pure, so the table of §9 is tested as a table (test/heartbeat-rules.test.ts) and the browser applies it as is.

/** §9 Heartbeat analytics. */
export const HEARTBEAT = {
  /** the first activity of a view counts this much */
  firstActivityMs: 3000,
  /** a gap longer than this between two activities counts 0 */
  maxGapMs: 15_000,
  /** a flush happens once the active time exceeds this */
  flushActiveMs: 300_000,
  /** a flush needs at least this much active time */
  minFlushMs: 1000,
  /** tracking stops after about this much tracked time */
  maxTrackedMs: 3_600_000,
} as const;

/** §9: the activity events (touch events are the touch family). */
export const ACTIVITY_EVENTS = ['keypress', 'focus', 'scroll', 'mousemove', 'touchstart', 'touchmove', 'touchend'] as const;

/** How many entries one heartbeat's event log keeps (repeats in a row are one entry). */
export const EVENT_LOG_LIMIT = 100;

export interface ActivityClock {
  /** active time not yet sent */
  active: number;
  /** the time of the latest activity, null before the first */
  last: number | null;
  /** active time counted over the whole view, sent or not */
  tracked: number;
  /** activity event types since the last flush */
  log: string[];
}

export const newActivityClock = (): ActivityClock => ({ active: 0, last: null, tracked: 0, log: [] });

/** Whether the view has been tracked for as long as §9 allows: nothing more is counted or sent. */
export const trackingStopped = (clock: ActivityClock): boolean => clock.tracked >= HEARTBEAT.maxTrackedMs;

/**
 * One activity at `now`: the first counts 3000 ms, a gap of up to 15000 ms counts the gap, a longer one counts 0;
 * never past the hour. Answers whether the active time now calls for a flush (over 300000 ms).
 */
export function onActivity(clock: ActivityClock, type: string, now: number): boolean {
  if (trackingStopped(clock)) return false;
  const gap = clock.last === null ? HEARTBEAT.firstActivityMs : now - clock.last;
  const counted = Math.min(gap < 0 || gap > HEARTBEAT.maxGapMs ? 0 : gap, HEARTBEAT.maxTrackedMs - clock.tracked);
  clock.last = now;
  clock.active += counted;
  clock.tracked += counted;
  if (clock.log[clock.log.length - 1] !== type && clock.log.length < EVENT_LOG_LIMIT) clock.log.push(type);
  return clock.active > HEARTBEAT.flushActiveMs;
}

/**
 * A flush (on a full clock, blur, page hide or unload): the active time and event log to send, or null when less
 * than 1000 ms is waiting (what is waiting then stays for the next flush). The clock starts counting afresh.
 */
export function flush(clock: ActivityClock): { activeMillis: number; eventLog: string[] } | null {
  if (clock.active < HEARTBEAT.minFlushMs) return null;
  const out = { activeMillis: clock.active, eventLog: clock.log };
  clock.active = 0;
  clock.log = [];
  return out;
}
