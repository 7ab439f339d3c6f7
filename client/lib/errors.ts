// Script error and trace reporting (§7 Error and trace reporting, §8 Script error reporting, §9): uncaught errors and
// unhandled rejections go to RecordJavascriptErrors, debounced by 1 s, stacks cut at 5000 characters with the marker;
// at most 10 wait at a time and at most 20 sends leave a page. Trace entries (the page's, client/page.ts, which islands
// add to as well) are flushed every 30 s while some wait, and as a beacon when the page is hidden.
import { ERROR_REPORTING, errorEventName, truncateStack } from '../../shared/error-report.ts';
import { ERROR_APP } from '../../shared/site-runtime.ts';
import { page } from '../page.ts';
import { readPageContext } from './page-context.ts';
import { beacon, request } from './request.ts';

/** The Trace endpoint takes at most this many entries in one send (docs/api.md). */
const TRACE_BATCH = 100;

interface Report {
  event: string;
  data: Record<string, unknown>;
  timestamp: number;
}

const queue: Report[] = [];
let sends = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
const context = readPageContext();

function send(): void {
  timer = undefined;
  if (!queue.length || sends >= ERROR_REPORTING.maxSends) return;
  sends++;
  request('/api/events/RecordJavascriptErrors', { data: queue.splice(0) }).catch(() => undefined);
}

/** Queues one report; the send waits until no error has come for a second. */
export function reportError(
  message: string,
  error?: unknown,
  where?: { file?: string; line?: number; column?: number },
  custom?: unknown,
): void {
  if (sends >= ERROR_REPORTING.maxSends || queue.length >= ERROR_REPORTING.maxQueued) return;
  const stack = error instanceof Error && error.stack ? truncateStack(error.stack) : null;
  queue.push({
    event: errorEventName(ERROR_APP),
    data: {
      websiteId: context?.website.id ?? null,
      templateId: context?.templateId ?? null,
      url: location.href,
      userAgent: navigator.userAgent,
      message: String(message).slice(0, 5000),
      stack,
      file: where?.file ?? null,
      line: where?.line ?? null,
      column: where?.column ?? null,
      custom: custom ?? null,
    },
    timestamp: Date.now(),
  });
  clearTimeout(timer);
  timer = setTimeout(send, ERROR_REPORTING.debounceMs);
}

const traces = page.traces;

/** A trace log entry (a third-party script that failed, a system error shown), sent with the next flush. */
export function trace(type: string, data: unknown): void {
  if (traces.length < TRACE_BATCH * 2) traces.push({ pageUrl: location.href, type, data: JSON.stringify(data ?? null) });
}

function flushTraces(viaBeacon: boolean): void {
  if (!traces.length) return;
  const body = { data: JSON.stringify(traces.splice(0, TRACE_BATCH)) };
  if (viaBeacon) beacon('/api/events/Trace', body);
  else request('/api/events/Trace', { data: body }).catch(() => undefined);
}

export function installErrorReporting(): void {
  window.addEventListener('error', (event) => {
    // a resource that failed to load (an image, a script tag) is not a script error
    if (!(event instanceof ErrorEvent)) return;
    reportError(event.message, event.error, { file: event.filename, line: event.lineno, column: event.colno });
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    reportError(reason instanceof Error ? reason.message : `Unhandled rejection: ${String(reason)}`, reason);
  });
  setInterval(() => flushTraces(false), ERROR_REPORTING.traceFlushIntervalMs);
  window.addEventListener('pagehide', () => flushTraces(true));
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flushTraces(true));
}
