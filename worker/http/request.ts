// Reading a request: its client address, media type (415), body as form fields or JSON (400 when unreadable), and the
// §8 messages every answer shares.
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { addressKey } from './address-key.ts';
import { JsonTooDeepError, parseRequestJson } from '../../shared/json.ts';
import { apiError } from './errors.ts';

/** §8: the generic request layer's message for 503, used for an origin that cannot be reached. */
export const UNAVAILABLE_MESSAGE = 'This service is temporarily unavailable. Please try again later.';
/** §8: the generic request layer's message for 401 and 403. */
export const UNAUTHORIZED_MESSAGE = 'Unauthorized request';

export type ApiContext = Context<AppEnv>;
export function clientAddress(c: ApiContext): string {
  return c.req.header('CF-Connecting-IP') ?? 'unknown';
}

/** The client address as every per-address limit counts it (an IPv6 address by its /64: security/address-key.ts). */
export function throttleAddress(c: ApiContext): string {
  return addressKey(clientAddress(c));
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

/** The body's bytes, as received (the endpoint's body limit has measured them). */
export async function bodyBytes(c: ApiContext): Promise<Uint8Array> {
  return new Uint8Array(await c.req.arrayBuffer());
}

/** A form-encoded (or multipart) body's text fields: Hono's parse, which the crumb check may have done already. */
export async function readForm(c: ApiContext): Promise<{ fields: Record<string, string>; bytes: Uint8Array }> {
  requireMediaType(c, FORM_TYPES);
  const bytes = await bodyBytes(c);
  const body = await c.req.parseBody().catch(() => {
    throw apiError(400, 'The multipart body could not be read.');
  });
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string') fields[k] = v;
  return { fields, bytes };
}

/** JSON text of a request, parsed: 400 naming `what` when it is not JSON or is nested too deeply. */
function requestJson(text: string, what: string): unknown {
  try {
    return parseRequestJson(text);
  } catch (error) {
    throw apiError(400, error instanceof JsonTooDeepError ? `${what}: ${error.message}` : `${what} must be JSON`);
  }
}

/** A JSON body, parsed (400 for a body that is not JSON, truncated or nested too deeply). */
export async function readJson(c: ApiContext): Promise<{ value: unknown; bytes: Uint8Array }> {
  requireMediaType(c, JSON_TYPES);
  const bytes = await bodyBytes(c);
  try {
    return { value: parseRequestJson(new TextDecoder().decode(bytes)), bytes };
  } catch (error) {
    throw apiError(400, error instanceof JsonTooDeepError ? `The body is not accepted: ${error.message}` : 'The body is not valid JSON.');
  }
}

/**
 * The text fields of a body that may be form-encoded, multipart or one JSON object (login, logout): none for a request
 * with no body at all, 415 for a body of another media type, 400 for one that cannot be read.
 */
export async function readFields(c: ApiContext): Promise<Record<string, string>> {
  if (!c.req.header('Content-Type')) {
    if ((await bodyBytes(c)).byteLength === 0) return {};
    throw apiError(415, `Unsupported Media Type: send ${[...FORM_TYPES, ...JSON_TYPES].join(' or ')}`);
  }
  const type = requireMediaType(c, [...FORM_TYPES, ...JSON_TYPES]);
  if (type !== 'application/json') return (await readForm(c)).fields;
  const { value } = await readJson(c);
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw apiError(400, 'The body must be a JSON object.');
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string') fields[k] = v;
  return fields;
}

/** A form field holding JSON (§7: nested objects travel as JSON-string fields). */
export function jsonField(fields: Record<string, string>, name: string): unknown {
  const text = fields[name];
  if (text === undefined || text === '') throw apiError(400, `${name} is required`);
  return requestJson(text, name);
}

/** The empty success answer of the recording calls (§7: 204 is treated as empty). */
export function noContent(c: ApiContext): Response {
  return c.body(null, 204);
}
