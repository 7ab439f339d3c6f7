// How many of visitors' error reports and trace posts reach the logs: per site and per client address, in each
// isolate, in fixed windows of a minute. What is over the budget is still counted (the request's data point:
// reportsDropped) but not logged, so one address's flood costs its own budget and never the lines of others' real
// errors, and a site's flood costs at most its own budget per isolate.
//
// In-isolate rather than the SlidingWindowThrottle Durable Object: the budget protects the logs (their cost and their
// signal), not a secret, so it needs no agreement between isolates; a Durable Object would add a subrequest and a
// storage write to every report, and turn a flood of reports into a flood of object calls, which is the load the
// budget is there to shed. Spread over isolates, a flood reaches at most the budget times the isolates it lands on,
// and every report is counted in Analytics Engine whichever isolate saw it. The spec's own limits still apply first
// (§8: 20 sends and 10 queued errors per page, 5000-character stacks; the endpoints' body limits and MAX_ERROR_REPORTS).
import type { RequestFacts } from './context.ts';

export type ReportKind = 'error' | 'trace';

/** Lines one client address may log per kind and minute: one page's whole §8 allowance of sends, then nothing. */
export const REPORT_LINES_PER_ADDRESS = 20;
/** Lines one site may log per kind and minute in one isolate, whatever the number of addresses. */
export const REPORT_LINES_PER_SITE = 200;
export const REPORT_WINDOW_MS = 60_000;
/** Keys one window holds at most (a flood from many addresses cannot grow the isolate's memory without bound). */
const MAX_KEYS = 10_000;

let window = -1;
const used = new Map<string, number>();

function roll(now: number): void {
  const current = Math.floor(now / REPORT_WINDOW_MS);
  if (current !== window) {
    window = current;
    used.clear();
  }
}

/**
 * How many of `count` report lines of a site and address may be logged now; the rest are dropped. Counts all of them
 * in the request's data point (its facts).
 */
export function takeReportLines(
  kind: ReportKind,
  site: string,
  address: string,
  count: number,
  facts: RequestFacts | undefined,
  now = Date.now(),
): number {
  roll(now);
  const siteKey = `${kind} ${site}`;
  const addressKey = `${kind} ${site} ${address}`;
  const fromAddress = REPORT_LINES_PER_ADDRESS - (used.get(addressKey) ?? 0);
  const fromSite = REPORT_LINES_PER_SITE - (used.get(siteKey) ?? 0);
  // a full table takes no new address: its lines wait for the next window (the known ones keep their budget)
  const known = used.has(addressKey) || used.size < MAX_KEYS;
  const granted = known ? Math.max(0, Math.min(count, fromAddress, fromSite)) : 0;
  if (granted > 0) {
    used.set(addressKey, (used.get(addressKey) ?? 0) + granted);
    used.set(siteKey, (used.get(siteKey) ?? 0) + granted);
  }
  if (facts) {
    facts.reports.received += count;
    facts.reports.logged += granted;
    facts.reports.dropped += count - granted;
  }
  return granted;
}

/** For tests: the budget starts afresh. */
export function resetReportBudget(): void {
  window = -1;
  used.clear();
}
