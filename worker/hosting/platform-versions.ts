// §9's two platform-version cookies at the edge: one switches on preview of the newer platform version, one overrides
// to the older. The platform's versions are this Worker's: while ops roll one out with Cloudflare's gradual deployments
// (`wrangler versions deploy A@90% B@10%`, or B at 0% to try it before anyone else), a deployment holds two versions,
// which ops name in the SITES record `platform:versions` (`npm run platform`; docs/operations.md, "Previewing a version
// from a browser"). A browser with `platform_preview=true` is then served by the newer whatever the percentages, one
// with `platform_previous=true` by the older: the request is sent once more, through the Worker's service binding to
// itself (PLATFORM), with Cloudflare's version override header, which Cloudflare honours on a service binding's fetch.
// That second hop forwards nothing (the forwarded header says it is one) and says which version served it and whether
// it is the one asked for; a browser without either cookie, a deployment of one version or a record naming none costs
// nothing but a look at the Cookie header.
import {
  PLATFORM_FORWARDED_HEADER,
  PLATFORM_PIN_HEADER,
  PLATFORM_VERSION_HEADER,
  PLATFORM_VERSIONS_KEY,
  VERSION_OVERRIDES_HEADER,
  platformTarget,
  platformVersionsSchema,
  platformWish,
  versionOverride,
  type PlatformVersions,
} from '../../shared/platform-versions.ts';
import type { Env } from '../env.ts';
import { checkSettings } from '../http/config.ts';
import { isolateLog } from '../log.ts';

/** The record as this isolate read it, kept as long as a host's pointer (SITE_POINTER_TTL_MS). */
let held: { at: number; versions: PlatformVersions | null } | undefined;

async function readPlatformVersions(env: Env, holdMs: number): Promise<PlatformVersions | null> {
  const now = Date.now();
  if (held && now - held.at < holdMs) return held.versions;
  const text = await env.SITES.get(PLATFORM_VERSIONS_KEY, { cacheTtl: 60 });
  let versions: PlatformVersions | null = null;
  if (text !== null) {
    let reason: string | undefined;
    try {
      const checked = platformVersionsSchema.safeParse(JSON.parse(text));
      if (checked.success) versions = checked.data;
      else reason = `${checked.error.issues[0]?.path.join('.') || 'the record'}: ${checked.error.issues[0]?.message}`;
    } catch {
      reason = 'not JSON';
    }
    if (reason) isolateLog.warn('platform_versions.invalid', { key: PLATFORM_VERSIONS_KEY, reason });
  }
  held = { at: now, versions };
  return versions;
}

/**
 * The answer of the version a browser asks for, when it is another version of the deployment; undefined when this
 * version answers (no platform cookie, no binding, no record or no such version in it, this version is the one, or
 * this is the second hop already).
 */
export function platformForward(request: Request, env: Env): Promise<Response | undefined> | undefined {
  if (request.headers.has(PLATFORM_FORWARDED_HEADER)) return undefined;
  const wish = platformWish(request.headers.get('cookie'));
  if (!wish || !env.PLATFORM) return undefined;
  const read = checkSettings(env);
  // a refused configuration is the app's to answer (503)
  if (!read.ok) return undefined;
  const binding = env.PLATFORM;
  return readPlatformVersions(env, read.settings.sitePointerTtlMs).then(async (versions) => {
    const target = platformTarget(wish, versions, env.CF_VERSION_METADATA?.id);
    if (!target || !versions) return undefined;
    const headers = new Headers(request.headers);
    headers.set(VERSION_OVERRIDES_HEADER, versionOverride(versions, target));
    headers.set(PLATFORM_FORWARDED_HEADER, target);
    const bodyless = request.method === 'GET' || request.method === 'HEAD';
    try {
      return await binding.fetch(new Request(request, { headers }));
    } catch (error) {
      isolateLog.warn('platform.forward_failed', { wish, version: target, reason: (error as Error).message });
      // a page is served by this version instead; a body already sent on cannot be read again
      if (bodyless) return undefined;
      return new Response('The platform version this browser asked for could not be reached. Try again.', {
        status: 502,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    }
  });
}

/**
 * A response to a browser with a platform cookie says which version served it (and, on a second hop, whether it is
 * the one asked for: Cloudflare applies an override only while the version is in the deployment); others pass as
 * they are.
 */
export function markPlatformVersion(request: Request, env: Env, response: Response): Response {
  const asked = request.headers.get(PLATFORM_FORWARDED_HEADER);
  if (asked === null && !platformWish(request.headers.get('cookie'))) return response;
  const own = env.CF_VERSION_METADATA?.id ?? 'dev';
  const marked = new Response(response.body, response);
  marked.headers.set(PLATFORM_VERSION_HEADER, own);
  if (asked !== null) {
    const met = asked === own;
    marked.headers.set(PLATFORM_PIN_HEADER, met ? 'met' : 'unmet');
    if (!met) isolateLog.info('platform.pin_unmet', { asked, served: own });
  }
  return marked;
}
