// Test support for the API endpoints: fixture sites published under their own ids, requests that carry a crumb, the
// Worker with API_ORIGIN set, and the fake product origin's controls (test/support/outbound.ts).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import type { SiteSnapshot } from '../../shared/snapshot/schema.ts';
import { app } from '../../worker/index.ts';
import { CRUMB } from './auth.ts';
import { fixture, type FixtureName } from './fixtures.ts';
import type { OriginMode, ReceivedRequest, StoredSubmission } from './outbound.ts';
import { publish, visit } from './sites.ts';

/**
 * Publishes a fixture under a site id and host of its own, so each test file's Durable Objects (keyed by site id)
 * start empty whatever other files do. Returns the host ({identifier}.localhost) and the snapshot published.
 */
export async function publishCopy(
  name: FixtureName,
  identifier: string,
  change: (s: SiteSnapshot) => void = () => {},
): Promise<{ host: string; site: SiteSnapshot }> {
  const site = structuredClone(fixture(name));
  site.website.id = `site-${identifier}`;
  site.website.identifier = identifier;
  change(site);
  const host = `${identifier}.localhost`;
  await publish(site, host);
  return { host, site };
}

export interface CallOptions {
  /** extra cookies, as "a=1; b=2" */
  cookies?: string | undefined;
  headers?: Record<string, string>;
  /** CF-Connecting-IP */
  address?: string;
  /** send the crumb cookie and X-CSRF-Token (default true) */
  crumb?: boolean;
}

function headersOf(opts: CallOptions, type?: string): Record<string, string> {
  const cookies = [opts.crumb === false ? '' : `crumb=${CRUMB}`, opts.cookies ?? ''].filter(Boolean).join('; ');
  return {
    ...(type ? { 'Content-Type': type } : {}),
    ...(cookies ? { Cookie: cookies } : {}),
    ...(opts.crumb === false ? {} : { 'X-CSRF-Token': CRUMB }),
    'CF-Connecting-IP': opts.address ?? '192.0.2.10',
    ...opts.headers,
  };
}

/** A form-encoded POST with a crumb. */
export function postForm(host: string, path: string, fields: Record<string, string>, opts: CallOptions = {}): Promise<Response> {
  return visit(host, path, {
    method: 'POST',
    headers: headersOf(opts, 'application/x-www-form-urlencoded'),
    body: new URLSearchParams(fields).toString(),
  });
}

/** A JSON POST with a crumb. */
export function postJson(host: string, path: string, value: unknown, opts: CallOptions = {}): Promise<Response> {
  return visit(host, path, { method: 'POST', headers: headersOf(opts, 'application/json'), body: JSON.stringify(value) });
}

/** Any request with the crumb headers (a GET, a raw body, an odd method). */
export function call(host: string, path: string, init: RequestInit & { type?: string } = {}, opts: CallOptions = {}): Promise<Response> {
  const { type, headers, ...rest } = init;
  return visit(host, path, { ...rest, headers: { ...headersOf(opts, type), ...(headers as Record<string, string> | undefined) } });
}

/** The Set-Cookie values of a response, one per cookie. */
export function setCookies(res: Response): string[] {
  return res.headers.getAll('set-cookie');
}

/** RecordHit data for a page of a site, with every §7 field. */
export function hitData(websiteId: string, url: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    url,
    title: `Page ${url}`,
    itemId: null,
    collectionId: null,
    websiteId,
    templateId: 'tmpl',
    userAgent: 'Mozilla/5.0 (test)',
    clientDate: Date.now(),
    viewportInnerHeight: 800,
    viewportInnerWidth: 1280,
    screenHeight: 1080,
    screenWidth: 1920,
    ...extra,
  };
}

export const pageView = (websiteId: string, url: string, extra: Record<string, unknown> = {}) =>
  hitData(websiteId, url, { queryString: '', referrer: '', localStorageSupported: true, ...extra });

export const heartbeat = (websiteId: string, url: string, activeMillis: number) =>
  hitData(websiteId, url, { activeMillis, viewStartTimeMillis: Date.now() - activeMillis, eventLog: ['scroll', 'mousemove'] });

// ----- the Worker with API_ORIGIN set, and the fake origin -----

/**
 * Sends a request through the Worker with API_ORIGIN pointing at the fake origin `originHost`; resolves once the
 * response is ready, and `settled` once the work it left for after the response (census forwarding) is done.
 */
export async function viaProxy(request: Request, originHost: string, timeoutMs = 400): Promise<{ res: Response; settled: Promise<void> }> {
  const ctx = createExecutionContext();
  const res = await app.fetch(request, { ...env, API_ORIGIN: `https://${originHost}`, API_TIMEOUT_MS: String(timeoutMs) }, ctx);
  return { res, settled: waitOnExecutionContext(ctx) };
}

/** A request for viaProxy with the crumb headers. */
export function proxyRequest(host: string, path: string, init: RequestInit & { type?: string } = {}, opts: CallOptions = {}): Request {
  const { type, headers, ...rest } = init;
  return new Request(`http://${host}${path}`, {
    redirect: 'manual',
    ...rest,
    headers: { ...headersOf(opts, type), ...(headers as Record<string, string> | undefined) },
  });
}

export async function setOrigin(
  originHost: string,
  change: { mode?: OriginMode; status?: number; body?: string; delayMs?: number; reset?: boolean },
): Promise<void> {
  const res = await fetch(`https://${originHost}/__control`, { method: 'POST', body: JSON.stringify(change) });
  if (!res.ok) throw new Error(`the fake origin did not take the change: ${res.status}`);
}

export async function originReceived(originHost: string): Promise<ReceivedRequest[]> {
  const res = await fetch(`https://${originHost}/__control`);
  return ((await res.json()) as { received: ReceivedRequest[] }).received;
}

/** The submissions the fake origin holds, one per Idempotency-Key, oldest first. */
export async function originStored(originHost: string): Promise<StoredSubmission[]> {
  const res = await fetch(`https://${originHost}/__control`);
  return ((await res.json()) as { stored: StoredSubmission[] }).stored;
}
