// /api/events/*: engagement events (RecordEvent), script error reports and traces (§7, §8), and /api/track/Track,
// the landing pixel.
import { Hono } from 'hono';
import { errorReportsSchema, eventNameSchema, recordEventDataSchema, traceEntriesSchema, trackQuerySchema } from '../../shared/census.ts';
import { truncateStack } from '../../shared/error-report.ts';
import type { AppEnv } from '../env.ts';
import { logOf, type Logger } from '../log.ts';
import { factsOf } from '../observability/context.ts';
import { record } from '../analytics/record.ts';
import { apiMode } from '../http/origin-config.ts';
import { BODY_LIMITS } from '../http/limits.ts';
import { sendCensus } from '../http/proxy.ts';
import { isRecorded } from '../analytics/recording.ts';
import { apiError } from '../http/errors.ts';
import { jsonField, noContent, readForm, readJson, throttleAddress } from '../http/request.ts';
import {
  REPORT_LINES_PER_ADDRESS,
  REPORT_LINES_PER_SITE,
  REPORT_WINDOW_MS,
  takeReportLines,
  type ReportKind,
} from '../observability/report-budget.ts';
import { endpoint } from './endpoint.ts';
import { valid } from '../http/validate.ts';

export const eventsApp = new Hono<AppEnv>();

/** The window in which each site's throttling was last said in the logs (once a window and kind is enough). */
const throttledSaid = new Map<string, number>();

/** One line per site, kind and window saying that reports are being dropped (the counts are in Analytics Engine). */
function throttledOnce(site: string, kind: ReportKind, log: Logger): void {
  const key = `${kind} ${site}`;
  const current = Math.floor(Date.now() / REPORT_WINDOW_MS);
  if (throttledSaid.get(key) === current) return;
  if (throttledSaid.size >= 1024) throttledSaid.clear();
  throttledSaid.set(key, current);
  log.warn('client.reports_throttled', {
    kind,
    note: `over ${REPORT_LINES_PER_ADDRESS} a minute from one address or ${REPORT_LINES_PER_SITE} from the site: counted, not logged`,
  });
}

endpoint(eventsApp, '/api/events/RecordEvent', {
  bodyLimit: BODY_LIMITS.recordEvent,
  async POST(c) {
    const site = c.get('site');
    const mode = apiMode(c.env);
    const { fields, bytes } = await readForm(c);
    if (!fields.event) throw apiError(400, 'event is required');
    const name = valid(eventNameSchema, fields.event, { field: 'event' });
    const data = valid(recordEventDataSchema, jsonField(fields, 'data'), { field: 'data' });
    if (data.websiteId !== site.website.id) throw apiError(400, 'data.websiteId is not this site');
    if (!(await isRecorded(c, site, data.pagePath))) return noContent(c);
    if (mode.kind === 'proxy') sendCensus(c, mode, site, bytes);
    else await record(c.env, site, { kind: 'event', name }, Date.now(), c.executionCtx);
    return noContent(c);
  },
});

endpoint(eventsApp, '/api/events/RecordJavascriptErrors', {
  bodyLimit: BODY_LIMITS.javascriptErrors,
  async POST(c) {
    const site = c.get('site');
    const mode = apiMode(c.env);
    const { value } = await readJson(c);
    // §8: stacks over 5000 characters are cut and marked here too, whatever the client did
    const reports = valid(errorReportsSchema, value).map((r) => ({
      ...r,
      data: { ...r.data, ...(r.data.stack ? { stack: truncateStack(r.data.stack) } : {}) },
    }));
    // error reports are diagnostics, not visitor analytics: kept whoever is logged in
    if (mode.kind === 'proxy') {
      sendCensus(c, mode, site, new TextEncoder().encode(JSON.stringify(reports)));
      return noContent(c);
    }
    const perApp = new Map<string, number>();
    // every report is counted (the owner's figures, and the request's data point); only the budget's share is logged
    const logged = takeReportLines('error', site.website.identifier, throttleAddress(c), reports.length, factsOf(c.req.raw));
    const log = logOf(c);
    reports.forEach((r, i) => {
      const app = r.event.slice('interface_error_'.length);
      perApp.set(app, (perApp.get(app) ?? 0) + 1);
      if (i < logged) log.warn('client.script_error', { site: site.website.identifier, app, ...r.data, timestamp: r.timestamp });
    });
    if (logged < reports.length) throttledOnce(site.website.identifier, 'error', log);
    for (const [app, count] of perApp) await record(c.env, site, { kind: 'script-error', app, count }, Date.now(), c.executionCtx);
    return noContent(c);
  },
});

endpoint(eventsApp, '/api/events/Trace', {
  bodyLimit: BODY_LIMITS.trace,
  async POST(c) {
    const site = c.get('site');
    const mode = apiMode(c.env);
    const { fields, bytes } = await readForm(c);
    const entries = valid(traceEntriesSchema, jsonField(fields, 'data'), { field: 'data' });
    if (mode.kind === 'proxy') sendCensus(c, mode, site, bytes);
    else if (takeReportLines('trace', site.website.identifier, throttleAddress(c), 1, factsOf(c.req.raw)) === 1)
      logOf(c).info('client.trace', { site: site.website.identifier, entries });
    else throttledOnce(site.website.identifier, 'trace', logOf(c));
    return noContent(c);
  },
});

eventsApp.all('/api/events/*', () => {
  throw apiError(404, 'Not Found');
});

/** A transparent 1x1 GIF. */
const PIXEL = Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'), (ch) => ch.charCodeAt(0));
/** Every visit must reach the edge: neither the browser nor a shared cache may keep the pixel. */
const NEVER_CACHED = {
  'Content-Type': 'image/gif',
  'Cache-Control': 'no-store, no-cache, must-revalidate, max-age=0',
  Pragma: 'no-cache',
  Expires: 'Thu, 01 Jan 1970 00:00:00 GMT',
};

endpoint(eventsApp, '/api/track/Track', {
  async GET(c) {
    const site = c.get('site');
    const mode = apiMode(c.env);
    const query = valid(trackQuerySchema, c.req.query());
    if (await isRecorded(c, site, null)) {
      if (mode.kind === 'proxy') sendCensus(c, mode, site, null);
      else
        await record(
          c.env,
          site,
          {
            kind: 'landing',
            source: query.source?.slice(0, 100) || null,
            campaign: query.campaign?.slice(0, 100) || null,
          },
          Date.now(),
          c.executionCtx,
        );
    }
    return c.body(PIXEL, 200, NEVER_CACHED);
  },
});

eventsApp.all('/api/track/*', () => {
  throw apiError(404, 'Not Found');
});
