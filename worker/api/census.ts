// /api/census/*: page views and heartbeats (RecordHit), quick views, button views and clicks, overlay events (§7), and
// the owner's summary of them.
import { Hono } from 'hono';
import {
  addDays,
  buttonTrackingSchema,
  dayKey,
  daysBetween,
  heartbeatDataSchema,
  hitDataSchema,
  isDayKey,
  overlaySchema,
  pageViewDataSchema,
  parseHitEvent,
  type AnalyticsEventName,
  type HeartbeatData,
  type HitData,
  type PageViewData,
} from '../../shared/census.ts';
import { ANALYTICS_EVENTS } from '../../shared/codes.ts';
import type { AppEnv } from '../env.ts';
import { record, summarise } from '../analytics/record.ts';
import { apiMode } from '../http/origin-config.ts';
import { apiError } from '../http/errors.ts';
import { BODY_LIMITS, SUMMARY_DEFAULT_DAYS, SUMMARY_MAX_DAYS } from '../http/limits.ts';
import { forward, sendCensus } from '../http/proxy.ts';
import { isRecorded } from '../analytics/recording.ts';
import { visibleProduct } from '../site/catalog.ts';
import { bodyBytes, jsonField, noContent, readForm, readJson, UNAUTHORIZED_MESSAGE, type ApiContext } from '../http/request.ts';
import { endpoint } from './endpoint.ts';
import { valid } from '../http/validate.ts';
import { visitorOf } from '../http/visitor-cookies.ts';
import { requestUrl } from '../http/request-url.ts';

export const censusApp = new Hono<AppEnv>();

const EVENT_CHOICES = Object.entries(ANALYTICS_EVENTS)
  .map(([name, code]) => `${code} (${name})`)
  .join(', ');

/** The host of an external referrer; the site's own pages are not referrers. */
function referrerHost(referrer: string, c: ApiContext): string | null {
  if (!referrer) return null;
  try {
    const host = new URL(referrer).hostname.toLowerCase();
    return host && host !== requestUrl(c).hostname ? host.slice(0, 200) : null;
  } catch {
    return null;
  }
}

type ParsedHit = { kind: 'view'; data: PageViewData } | { kind: 'heartbeat'; data: HeartbeatData } | { kind: 'media'; data: HitData };

/** RecordHit's data for its event: page views and site searches carry the page-view extras, heartbeats theirs. */
function parseHit(event: AnalyticsEventName, raw: unknown): ParsedHit {
  if (event === 'PAGE_VIEW' || event === 'SITE_SEARCH') return { kind: 'view', data: valid(pageViewDataSchema, raw, { field: 'data' }) };
  if (event === 'HEARTBEAT') return { kind: 'heartbeat', data: valid(heartbeatDataSchema, raw, { field: 'data' }) };
  return { kind: 'media', data: valid(hitDataSchema, raw, { field: 'data' }) };
}

endpoint(censusApp, '/api/census/RecordHit', {
  bodyLimit: BODY_LIMITS.recordHit,
  async POST(c) {
    const site = c.get('site');
    const mode = apiMode(c.env);
    const { fields, bytes } = await readForm(c);
    if (!fields.event) throw apiError(400, 'event is required');
    const event = parseHitEvent(fields.event);
    if (!event) throw apiError(400, `event must be an analytics event kind: ${EVENT_CHOICES}`);
    const hit = parseHit(event, jsonField(fields, 'data'));
    if (hit.data.websiteId !== site.website.id) throw apiError(400, 'data.websiteId is not this site');
    if (!(await isRecorded(c, site, hit.data.url))) return noContent(c);

    const now = Date.now();
    const visitor = visitorOf(c, site, fields.ss_cvr, hit.kind === 'view' ? 'view' : 'activity', now);
    if (mode.kind === 'proxy') {
      sendCensus(c, mode, site, bytes);
      return noContent(c);
    }
    const path = new URL(hit.data.url, 'https://site.invalid').pathname;
    switch (hit.kind) {
      case 'view':
        await record(
          c.env,
          site,
          {
            kind: 'pageview',
            path,
            title: hit.data.title.slice(0, 200),
            visitorId: visitor.id,
            newSession: visitor.newSession,
            referrerHost: referrerHost(hit.data.referrer, c),
            search: event === 'SITE_SEARCH',
            // the view sent again as the visitor consents on the page (§6): it starts their record and visit, and
            // the page was counted already (in no-cookie mode)
            consent: fields.consent === 'true' && visitor.id !== null,
          },
          now,
          c.executionCtx,
        );
        break;
      case 'heartbeat':
        await record(
          c.env,
          site,
          { kind: 'heartbeat', path, activeMillis: hit.data.activeMillis, visitorId: visitor.id },
          now,
          c.executionCtx,
        );
        break;
      case 'media':
        await record(c.env, site, { kind: 'media', media: event === 'AUDIO' ? 'audio' : 'video' }, now, c.executionCtx);
        break;
    }
    return noContent(c);
  },
});

const PRODUCT_ID = /^[A-Za-z0-9_-]{1,64}$/;

endpoint(censusApp, '/api/census/RecordQuickView/:productId', {
  bodyLimit: BODY_LIMITS.empty,
  async POST(c) {
    const site = c.get('site');
    const mode = apiMode(c.env);
    const productId = c.req.param('productId') ?? '';
    if (!PRODUCT_ID.test(productId)) throw apiError(400, 'productId is letters, digits, _ and -');
    // the product's item record, found by its id (visible to visitors now)
    if (!(await visibleProduct(site, productId, new Date()))) throw apiError(404, 'No product has this id.');
    if (!(await isRecorded(c, site, null))) return noContent(c);
    if (mode.kind === 'proxy') sendCensus(c, mode, site, await bodyBytes(c));
    else await record(c.env, site, { kind: 'quickview', productId }, Date.now(), c.executionCtx);
    return noContent(c);
  },
});

for (const action of ['click', 'render'] as const) {
  endpoint(censusApp, `/api/census/button-${action}`, {
    bodyLimit: BODY_LIMITS.buttonTracking,
    async POST(c) {
      const site = c.get('site');
      const mode = apiMode(c.env);
      const { value, bytes } = await readJson(c);
      const p = valid(buttonTrackingSchema, value);
      if (!(await isRecorded(c, site, p.pagePath))) return noContent(c);
      if (mode.kind === 'proxy') sendCensus(c, mode, site, bytes);
      else {
        const pagePath = new URL(p.pagePath, 'https://site.invalid').pathname;
        await record(
          c.env,
          site,
          {
            kind: 'button',
            action: action === 'click' ? 'click' : 'view',
            id: p.id,
            pagePath,
            buttonText: p.buttonText.slice(0, 200),
            clickthroughUrl: p.clickthroughUrl.slice(0, 500),
          },
          Date.now(),
          c.executionCtx,
        );
      }
      return noContent(c);
    },
  });
}

endpoint(censusApp, '/api/census/overlay', {
  bodyLimit: BODY_LIMITS.overlay,
  async POST(c) {
    const site = c.get('site');
    const mode = apiMode(c.env);
    const { value, bytes } = await readJson(c);
    const overlay = valid(overlaySchema, value);
    if (!(await isRecorded(c, site, null))) return noContent(c);
    if (mode.kind === 'proxy') sendCensus(c, mode, site, bytes);
    else await record(c.env, site, { kind: 'overlay', name: overlay.event ?? 'overlay' }, Date.now(), c.executionCtx);
    return noContent(c);
  },
});

/** The owner's figures for a range of the site's days: ?from=YYYY-MM-DD&to=YYYY-MM-DD (the last 30 days without). */
endpoint(censusApp, '/api/census/Summary', {
  async GET(c) {
    const site = c.get('site');
    const mode = apiMode(c.env);
    const session = c.get('session');
    if (!session?.isEditor) throw apiError(401, UNAUTHORIZED_MESSAGE);
    const today = dayKey(Date.now(), site.website.timeZone);
    const to = c.req.query('to') || today;
    const from = c.req.query('from') || addDays(to, -(SUMMARY_DEFAULT_DAYS - 1));
    for (const [name, value] of [
      ['from', from],
      ['to', to],
    ] as const) {
      if (!isDayKey(value)) throw apiError(400, `${name} must be a date as YYYY-MM-DD`);
    }
    if (from > to) throw apiError(400, 'from must not be after to');
    if (daysBetween(from, to).length > SUMMARY_MAX_DAYS) throw apiError(400, `a summary covers at most ${SUMMARY_MAX_DAYS} days`);
    if (mode.kind === 'proxy') return forward(c, mode, site, null);
    return c.json(await summarise(c.env, site, from, to), 200, { 'Cache-Control': 'private, no-store' });
  },
});

censusApp.all('/api/census/*', () => {
  throw apiError(404, 'Not Found');
});
