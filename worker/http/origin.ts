// Talking to the product origin: the headers a forwarded request keeps (hop-by-hop and platform-internal ones are
// stripped both ways; of the cookies only the crumb and the visitor cookies go), the request with its time-out, and
// which answers mean the origin could not be reached.
import { CRUMB_COOKIE } from '../../shared/cookies.ts';
import { VISITOR_COOKIES } from '../../shared/visitor-cookies.ts';
import { withoutPlatformHeaders } from './platform-headers.ts';

/** RFC 9110 §7.6.1 connection-specific headers, never forwarded by a proxy. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'trailers',
  'transfer-encoding',
  'upgrade',
]);
/** Set again by the runtime for the new request. */
const RECOMPUTED = new Set(['host', 'content-length', 'accept-encoding']);

/**
 * Statuses that mean the origin is down or unreachable rather than answering: a gateway's 502 and 504 and the 52x
 * family a Worker receives when a proxied origin is down, refuses, times out or fails its TLS handshake.
 */
const UNREACHABLE = new Set([502, 504, 520, 521, 522, 523, 524, 525, 526, 527, 530]);

function stripHopByHop(headers: Headers): Headers {
  const named = (headers.get('connection') ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const out = withoutPlatformHeaders(headers);
  for (const name of [...HOP_BY_HOP, ...named]) out.delete(name);
  return out;
}

/**
 * The Cookie header reduced to the crumb, (unless in no-cookie mode) the visitor cookies and the call's own cookies
 * (the store's cart and receipts), values as sent.
 */
export function forwardedCookies(cookieHeader: string | null, withVisitorCookies: boolean, own: readonly string[] = []): string | null {
  if (!cookieHeader) return null;
  const allowed = new Set<string>([CRUMB_COOKIE, ...(withVisitorCookies ? VISITOR_COOKIES : []), ...own]);
  const kept = cookieHeader
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => allowed.has(pair.split('=', 1)[0]!.trim()));
  return kept.length ? kept.join('; ') : null;
}

export interface OriginContext {
  /** trusted facts the edge adds after stripping anything of the kind a client sent */
  websiteId: string;
  host: string;
  clientAddress: string;
  accountId?: string | undefined;
  idempotencyKey?: string | undefined;
  /** the submission key is the edge's, issued while the origin could not (X-Sitebuilder-Key-Issuer: edge) */
  edgeKey?: boolean | undefined;
  /** when the edge accepted the submission (ms), which a delivery from the outbox may follow by hours */
  submittedAt?: number | undefined;
  withVisitorCookies: boolean;
  /** cookies of the call itself that the origin needs (the store's CART, hasCart and receipts) */
  ownCookies?: readonly string[] | undefined;
}

/** The headers of a request forwarded to the origin. */
export function originRequestHeaders(incoming: Headers, ctx: OriginContext): Headers {
  const headers = stripHopByHop(incoming);
  for (const name of RECOMPUTED) headers.delete(name);
  headers.delete('cookie');
  const cookies = forwardedCookies(incoming.get('cookie'), ctx.withVisitorCookies, ctx.ownCookies);
  if (cookies) headers.set('Cookie', cookies);
  // the x-sitebuilder- prefix is platform-internal: a client's own were removed above, so these are the edge's word
  headers.set('X-Sitebuilder-Website-Id', ctx.websiteId);
  headers.set('X-Sitebuilder-Host', ctx.host);
  headers.set('X-Sitebuilder-Client-Address', ctx.clientAddress);
  if (ctx.accountId) headers.set('X-Sitebuilder-Account-Id', ctx.accountId);
  if (ctx.idempotencyKey) headers.set('Idempotency-Key', ctx.idempotencyKey);
  // the origin never saw this key: the edge vouches for it (signed, single use, this site and form; docs/api.md)
  if (ctx.edgeKey) headers.set('X-Sitebuilder-Key-Issuer', 'edge');
  if (ctx.submittedAt !== undefined) headers.set('X-Sitebuilder-Submitted-At', new Date(ctx.submittedAt).toISOString());
  return headers;
}

/** An origin answer as the client receives it: status and body as they came, without hop-by-hop or internal headers. */
export function clientResponse(upstream: Response): Response {
  const headers = stripHopByHop(upstream.headers);
  // the runtime may have decoded the body; its length is set again when the response is sent
  headers.delete('content-length');
  const bodiless = [101, 204, 205, 304].includes(upstream.status);
  return new Response(bodiless ? null : upstream.body, { status: upstream.status, statusText: upstream.statusText, headers });
}

export type OriginOutcome = { kind: 'answered'; response: Response } | { kind: 'unreachable'; reason: string };

export interface OriginRequest {
  url: string;
  method: string;
  headers: Headers | [string, string][];
  body: Uint8Array | string | null;
}

/** Sends a request to the origin; no answer within `timeoutMs`, a network failure or a 52x is 'unreachable'. */
export async function sendToOrigin(req: OriginRequest, timeoutMs: number): Promise<OriginOutcome> {
  try {
    const response = await fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? null : req.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (UNREACHABLE.has(response.status)) {
      await response.body?.cancel();
      return { kind: 'unreachable', reason: `status ${response.status}` };
    }
    return { kind: 'answered', response };
  } catch (e) {
    return { kind: 'unreachable', reason: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}
