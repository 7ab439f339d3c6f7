// What every API endpoint checks before its own work: the method (405), the content type (415), the body size (413),
// the site of the host, and JSON error answers the client's request layer understands (§8).
import type { Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../env.ts';
import { log } from '../log.ts';
import type { SiteModel } from '../site/model.ts';

/** §8: the generic request layer's message for 503, used for an origin that cannot be reached. */
export const UNAVAILABLE_MESSAGE = 'This service is temporarily unavailable. Please try again later.';
/** §8: the generic request layer's message for 401 and 403. */
export const UNAUTHORIZED_MESSAGE = 'Unauthorized request';

export type ApiContext = Context<AppEnv>;
type Handler = (c: ApiContext) => Response | Promise<Response>;

/** A JSON error answer, thrown from anywhere in a handler; the app's error handler sends it. */
export function apiError(status: number, message: string, headers: Record<string, string> = {}): HTTPException {
  const res = new Response(JSON.stringify({ error: message }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
  return new HTTPException(status as 400, { res, message });
}

/** Registers one endpoint's methods; any other method is 405 with Allow (HEAD comes with GET). */
export function endpoint(app: Hono<AppEnv>, path: string, handlers: Partial<Record<'GET' | 'POST', Handler>>): void {
  for (const [method, handler] of Object.entries(handlers)) app.on(method, path, handler);
  const allow = Object.keys(handlers)
    .flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]))
    .join(', ');
  app.all(path, () => {
    throw apiError(405, 'Method Not Allowed', { Allow: allow });
  });
}

/** The site of the request's host: 404 when none is published there, 503 when its snapshot cannot be used. */
export function apiSite(c: ApiContext): SiteModel {
  const lookup = c.get('site');
  if (lookup.kind === 'ok') return lookup.site;
  if (lookup.kind === 'missing') throw apiError(404, 'No site is published at this host.');
  log.error('snapshot.invalid', new Error(lookup.reason), { host: new URL(c.req.url).hostname, version: lookup.version });
  throw apiError(503, UNAVAILABLE_MESSAGE);
}

export function clientAddress(c: ApiContext): string {
  return c.req.header('CF-Connecting-IP') ?? 'unknown';
}

export const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'] as const;
export const JSON_TYPES = ['application/json'] as const;

export function mediaType(c: ApiContext): string {
  return (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** 415 unless the body's media type is one of `accepted`. */
export function requireMediaType(c: ApiContext, accepted: readonly string[]): string {
  const type = mediaType(c);
  if (!accepted.includes(type)) throw apiError(415, `Unsupported Media Type: send ${accepted.join(' or ')}`);
  return type;
}

function tooLarge(limit: number): HTTPException {
  return apiError(413, `Payload Too Large: at most ${limit} bytes`);
}

/**
 * The body's bytes, at most `limit` of them (413 beyond). A declared Content-Length is checked before reading; a
 * streamed body is counted as it arrives and abandoned at the limit. The crumb check may already have read a form
 * body: Hono keeps those bytes, and they are measured the same way.
 */
export async function readBody(c: ApiContext, limit: number): Promise<Uint8Array> {
  const declared = Number(c.req.header('Content-Length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (Object.keys(c.req.bodyCache).length > 0) {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength > limit) throw tooLarge(limit);
    return bytes;
  }
  const stream = c.req.raw.body;
  if (!stream) return new Uint8Array();
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A form-encoded (or multipart) body's text fields. */
export async function readForm(c: ApiContext, limit: number): Promise<{ fields: Record<string, string>; bytes: Uint8Array }> {
  const type = requireMediaType(c, FORM_TYPES);
  const bytes = await readBody(c, limit);
  const fields: Record<string, string> = {};
  if (type === 'application/x-www-form-urlencoded') {
    for (const [k, v] of new URLSearchParams(new TextDecoder().decode(bytes))) fields[k] = v;
  } else {
    const form = await new Response(bytes, { headers: { 'Content-Type': c.req.header('Content-Type')! } }).formData().catch(() => {
      throw apiError(400, 'The multipart body could not be read.');
    });
    form.forEach((v, k) => {
      if (typeof v === 'string') fields[k] = v;
    });
  }
  return { fields, bytes };
}

/** A JSON body, parsed. */
export async function readJson(c: ApiContext, limit: number): Promise<{ value: unknown; bytes: Uint8Array }> {
  requireMediaType(c, JSON_TYPES);
  const bytes = await readBody(c, limit);
  try {
    return { value: JSON.parse(new TextDecoder().decode(bytes)), bytes };
  } catch {
    throw apiError(400, 'The body is not valid JSON.');
  }
}

/** A form field holding JSON (§7: nested objects travel as JSON-string fields). */
export function jsonField(fields: Record<string, string>, name: string): unknown {
  const text = fields[name];
  if (text === undefined || text === '') throw apiError(400, `${name} is required`);
  try {
    return JSON.parse(text);
  } catch {
    throw apiError(400, `${name} must be JSON`);
  }
}

/** The empty success answer of the recording calls (§7: 204 is treated as empty). */
export function noContent(c: ApiContext): Response {
  return c.body(null, 204);
}
