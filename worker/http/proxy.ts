// The proxy to the product origin (API_ORIGIN set): calls whose answer the client needs are forwarded and answered
// with the origin's status and body; census hits are answered at once and sent on best-effort from a bounded buffer.
import { isolateLog, logOf } from '../log.ts';
import type { SiteModel } from '../site/model.ts';
import type { ApiMode } from './origin-config.ts';
import { CENSUS_BUFFER_SIZE } from './limits.ts';
import { clientResponse, originRequestHeaders, sendToOrigin, type OriginContext, type OriginRequest } from './origin.ts';
import { apiError } from './errors.ts';
import { clientAddress, UNAVAILABLE_MESSAGE, type ApiContext } from './request.ts';
import { noCookieMode } from './visitor-cookies.ts';
import { requestUrl } from './request-url.ts';

export type ProxyMode = Extract<ApiMode, { kind: 'proxy' }>;

/** What the origin learns about a request besides its own headers. */
export function originContext(c: ApiContext, site: SiteModel, extra: Partial<OriginContext> = {}): OriginContext {
  return {
    websiteId: site.website.id,
    host: requestUrl(c).host,
    clientAddress: clientAddress(c),
    accountId: c.get('session')?.account.id,
    withVisitorCookies: !noCookieMode(c, site),
    ...extra,
  };
}

/** The same path and query on the origin, with the method and the body as received. */
export function originRequest(
  c: ApiContext,
  mode: ProxyMode,
  site: SiteModel,
  body: Uint8Array | null,
  extra: Partial<OriginContext> = {},
): OriginRequest {
  const url = requestUrl(c);
  return {
    url: `${mode.origin}${url.pathname}${url.search}`,
    method: c.req.method,
    headers: originRequestHeaders(c.req.raw.headers, originContext(c, site, extra)),
    body,
  };
}

/**
 * Forwards a call and answers with the origin's status, headers and body (401, 404, 429, 500 and 503 included); an
 * origin that cannot be reached or does not answer in time is 503 with §8's message.
 */
export async function forward(
  c: ApiContext,
  mode: ProxyMode,
  site: SiteModel,
  body: Uint8Array | null,
  extra: Partial<OriginContext> = {},
): Promise<Response> {
  const req = originRequest(c, mode, site, body, extra);
  const outcome = await sendToOrigin(req, mode.timeoutMs);
  if (outcome.kind === 'unreachable') {
    logOf(c).warn('api.origin_unreachable', { path: requestUrl(c).pathname, reason: outcome.reason });
    throw apiError(503, UNAVAILABLE_MESSAGE);
  }
  return clientResponse(outcome.response);
}

// ----- census hits: best-effort, bounded -----

interface BufferedHit {
  req: { url: string; method: string; headers: [string, string][]; body: Uint8Array | null };
  timeoutMs: number;
}

/** Hits waiting for the origin in this isolate, oldest first. */
const buffer: BufferedHit[] = [];
let dropped = 0;
let draining: Promise<void> | null = null;

/** For tests and operations: what waits, and how many were dropped since the isolate started. */
export function censusBufferState(): { waiting: number; dropped: number } {
  return { waiting: buffer.length, dropped };
}

async function drain(): Promise<void> {
  while (buffer.length > 0) {
    const hit = buffer[0]!;
    const outcome = await sendToOrigin({ ...hit.req, headers: hit.req.headers }, hit.timeoutMs);
    if (outcome.kind === 'unreachable' || outcome.response.status === 429 || outcome.response.status >= 500) {
      if (outcome.kind === 'answered') await outcome.response.body?.cancel();
      // kept for the next hit's attempt: traffic paces the retries, the buffer's size bounds what waits
      isolateLog.warn('census.origin_unavailable', {
        waiting: buffer.length,
        reason: outcome.kind === 'unreachable' ? outcome.reason : `status ${outcome.response.status}`,
      });
      return;
    }
    buffer.shift();
    const { status } = outcome.response;
    await outcome.response.body?.cancel();
    if (status >= 400) isolateLog.warn('census.refused', { status, path: new URL(hit.req.url).pathname });
  }
}

/**
 * Queues a census hit for the origin and sends what waits, after the response (waitUntil). A full buffer drops its
 * oldest hit: analytics are best-effort, and an outage must not grow memory without bound.
 */
export function sendCensus(c: ApiContext, mode: ProxyMode, site: SiteModel, body: Uint8Array | null): void {
  const req = originRequest(c, mode, site, body);
  if (buffer.length >= CENSUS_BUFFER_SIZE) {
    buffer.shift();
    dropped++;
    if (dropped === 1 || dropped % 100 === 0) logOf(c).warn('census.buffer_full', { dropped, size: CENSUS_BUFFER_SIZE });
  }
  buffer.push({ req: { url: req.url, method: req.method, headers: [...(req.headers as Headers)], body }, timeoutMs: mode.timeoutMs });
  draining ??= drain().finally(() => {
    draining = null;
  });
  c.executionCtx.waitUntil(draining);
}
