// §9's platform-version cookies: the SITES record that names the two versions of a gradual deployment, and the pure
// rules of which version a browser's cookies ask for. Shared by the Worker (worker/hosting/platform-versions.ts) and
// `npm run platform` (scripts/platform-versions.ts), which writes the record.
import { parse } from 'hono/utils/cookie';
import * as z from 'zod';
import { PLATFORM_COOKIE_PREFIX, PLATFORM_PREVIEW_COOKIE, PLATFORM_PREVIOUS_COOKIE } from './platform-cookies.ts';

/** The SITES record naming the deployment's versions (written by `npm run platform`). */
export const PLATFORM_VERSIONS_KEY = 'platform:versions';
/** Cloudflare's header that sends a request to one version of a Worker of the current deployment. */
export const VERSION_OVERRIDES_HEADER = 'Cloudflare-Workers-Version-Overrides';
/** On the second hop: the version the first asked for. */
export const PLATFORM_FORWARDED_HEADER = 'x-platform-forwarded';
/** On every response to a browser with a platform cookie: the version that served it. */
export const PLATFORM_VERSION_HEADER = 'x-platform-version';
/** On a forwarded response: 'met' when the version asked for served it, 'unmet' when Cloudflare routed it elsewhere. */
export const PLATFORM_PIN_HEADER = 'x-platform-version-pin';

/** A version id as wrangler prints it: letters, digits and dashes only, so it sits in a structured header's string. */
const versionId = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'a version id is letters, digits and dashes');

export const platformVersionsSchema = z.strictObject({
  /** the Worker's name in its environment: the key of the override header */
  worker: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'a Worker name is lower-case letters, digits and dashes'),
  newer: versionId.nullable(),
  older: versionId.nullable(),
  writtenAt: z.string().optional(),
});
export type PlatformVersions = z.infer<typeof platformVersionsSchema>;

export type PlatformWish = 'newer' | 'older';

/** Which version a browser's cookies ask for ('true' only, as the beta features' cookies; the preview wins), or null. */
export function platformWish(cookieHeader: string | null): PlatformWish | null {
  if (!cookieHeader?.includes(PLATFORM_COOKIE_PREFIX)) return null;
  const cookies = parse(cookieHeader);
  if (cookies[PLATFORM_PREVIEW_COOKIE] === 'true') return 'newer';
  if (cookies[PLATFORM_PREVIOUS_COOKIE] === 'true') return 'older';
  return null;
}

/** The version to send a request to: the one wished for, when the record names it and it is not this version. */
export function platformTarget(wish: PlatformWish, versions: PlatformVersions | null, own: string | undefined): string | null {
  const id = versions?.[wish] ?? null;
  return id !== null && id !== own ? id : null;
}

/** The override header's value: a dictionary of one member, the Worker's name and the version as a string. */
export function versionOverride(versions: PlatformVersions, id: string): string {
  return `${versions.worker}="${id}"`;
}
