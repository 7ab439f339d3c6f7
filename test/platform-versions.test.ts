// §9's two platform-version cookies: a browser that asks for the newer (platform_preview) or the older
// (platform_previous) version of a gradual deployment has its request sent on through the Worker's binding to itself
// with Cloudflare's version override header, when ops have named that version (`npm run platform`). Locally the
// deployment has one version, so the second hop is this version again and says the pin is unmet: what these tests
// see is that the request went through the binding with the override, and that nothing else is touched.
import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_PREVIEW_COOKIE, PLATFORM_PREVIOUS_COOKIE } from '../shared/platform-cookies.ts';
import {
  PLATFORM_PIN_HEADER,
  PLATFORM_VERSION_HEADER,
  PLATFORM_VERSIONS_KEY,
  platformTarget,
  platformWish,
  versionOverride,
  type PlatformVersions,
  type PlatformWish,
} from '../shared/platform-versions.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, visit } from './support/sites.ts';

const HOST = 'platform.localhost';
const OWN = env.CF_VERSION_METADATA.id;
const NEWER = '5a0c2e8e-1f4b-4c47-9a0e-6d3b2f1e9c01';
const OLDER = '0b7d4c1a-8e2f-4a3b-b5c6-d7e8f9a0b1c2';

const record = (versions: Partial<PlatformVersions>) =>
  env.SITES.put(PLATFORM_VERSIONS_KEY, JSON.stringify({ worker: 'site-runtime', newer: null, older: null, ...versions }));

beforeAll(async () => {
  const site = minimalSite();
  site.website.identifier = 'platform';
  site.pages[0]!.layout.blocks = [{ id: 'q', type: 31, data: { text: 'Served by some version.' } }];
  await publish(site, HOST);
});

afterEach(() => env.SITES.delete(PLATFORM_VERSIONS_KEY));

describe('which version a browser asks for', () => {
  it.each<[string | null, PlatformWish | null]>([
    [null, null],
    ['', null],
    ['crumb=abc', null],
    [`${PLATFORM_PREVIEW_COOKIE}=true`, 'newer'],
    [`crumb=abc; ${PLATFORM_PREVIOUS_COOKIE}=true`, 'older'],
    [`${PLATFORM_PREVIEW_COOKIE}=true; ${PLATFORM_PREVIOUS_COOKIE}=true`, 'newer'],
    [`${PLATFORM_PREVIEW_COOKIE}=false`, null],
    [`${PLATFORM_PREVIEW_COOKIE}=1`, null],
    [`${PLATFORM_PREVIOUS_COOKIE}=TRUE`, null],
  ])('Cookie %j asks for %s', (cookie, wish) => {
    expect(platformWish(cookie)).toBe(wish);
  });

  const versions: PlatformVersions = { worker: 'site-runtime-production', newer: NEWER, older: OLDER };
  it.each<[PlatformWish, PlatformVersions | null, string, string | null]>([
    ['newer', versions, OLDER, NEWER],
    ['older', versions, NEWER, OLDER],
    ['newer', versions, NEWER, null],
    ['older', versions, OLDER, null],
    ['newer', { ...versions, newer: null }, OLDER, null],
    ['older', null, NEWER, null],
  ])('%s with %j on version %s goes to %s', (wish, named, own, target) => {
    expect(platformTarget(wish, named, own)).toBe(target);
  });

  it('names the Worker and the version in the override header, a structured-header dictionary', () => {
    expect(versionOverride(versions, NEWER)).toBe(`site-runtime-production="${NEWER}"`);
  });
});

describe('a browser asking for another version', () => {
  it('is sent through the binding with the override when ops named the newer version, and says who served it', async () => {
    await record({ newer: NEWER });
    const res = await visit(HOST, '/', { headers: { cookie: `${PLATFORM_PREVIEW_COOKIE}=true` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Served by some version.');
    // the second hop ran here (one version locally): it says so, and that the version asked for did not serve it
    expect(res.headers.get(PLATFORM_VERSION_HEADER)).toBe(OWN);
    expect(res.headers.get(PLATFORM_PIN_HEADER)).toBe('unmet');
  });

  it('goes to the older version with platform_previous', async () => {
    await record({ newer: NEWER, older: OLDER });
    const res = await visit(HOST, '/', { headers: { cookie: `${PLATFORM_PREVIOUS_COOKIE}=true` } });
    expect(res.status).toBe(200);
    expect(res.headers.get(PLATFORM_PIN_HEADER)).toBe('unmet');
  });

  it('carries a form post on to the other version with its body', async () => {
    await record({ newer: NEWER });
    const res = await visit(HOST, '/api/census/RecordHit', {
      method: 'POST',
      headers: { cookie: `${PLATFORM_PREVIEW_COOKIE}=true`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'event=1',
    });
    // the crumb check of the second hop answers, about the body it was given
    expect(res.headers.get(PLATFORM_PIN_HEADER)).toBe('unmet');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ crumbFail: true });
  });

  it('is served here when this version is the one asked for, or none is named, or the record cannot be read', async () => {
    for (const setUp of [
      () => record({ newer: OWN }),
      () => record({ older: OLDER }),
      () => env.SITES.put(PLATFORM_VERSIONS_KEY, '{"worker":"Not A Name","newer":"x","older":null}'),
      () => env.SITES.put(PLATFORM_VERSIONS_KEY, 'not json'),
      () => env.SITES.delete(PLATFORM_VERSIONS_KEY),
    ]) {
      await setUp();
      const res = await visit(HOST, '/', { headers: { cookie: `${PLATFORM_PREVIEW_COOKIE}=true` } });
      expect(res.status).toBe(200);
      expect(res.headers.get(PLATFORM_VERSION_HEADER)).toBe(OWN);
      expect(res.headers.get(PLATFORM_PIN_HEADER)).toBeNull();
      await res.text();
    }
  });

  it('leaves every other browser alone: no forward and no version header', async () => {
    await record({ newer: NEWER, older: OLDER });
    for (const cookie of [undefined, 'crumb=abc', `${PLATFORM_PREVIEW_COOKIE}=false`]) {
      const res = await visit(HOST, '/', cookie ? { headers: { cookie } } : {});
      expect(res.status).toBe(200);
      expect(res.headers.get(PLATFORM_VERSION_HEADER)).toBeNull();
      expect(res.headers.get(PLATFORM_PIN_HEADER)).toBeNull();
      await res.text();
    }
  });
});
