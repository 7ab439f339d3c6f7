// §2's secure host (secure.{app domain}, secure.localhost locally) through the real Worker: a donation link is sent on
// (302, path and query kept) to the site that offers the donation page, as its owner record (`donate:{id}`, written by
// publish after the site's pointer) names it; an unknown, malformed or no longer offered id, and any other path, is a
// plain 404; nothing there renders a site or sets a cookie. Publishing refuses an id another site still offers.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { donationConflictError, donationConflicts, validatedRecords, type Published } from '../shared/snapshot/publish.ts';
import { donateKey, hostKey } from '../shared/snapshot/records.ts';
import type { SiteSnapshot } from '../shared/snapshot/schema.ts';
import { blockTraits } from '../worker/blocks/indexes.ts';
import { validateSnapshot } from '../worker/hosting/validate.ts';
import { SECURE_HOST_MESSAGES } from '../worker/routing/secure-host.ts';
import { contextOf, fixture } from './support/fixtures.ts';
import { putRecords, visit } from './support/sites.ts';

const SECURE = 'secure.sitebuilder.app';
const SECURE_LOCAL = 'secure.localhost:8787';

/** trailhead under an identifier of its own, its donation block offering donatePageId, or no donation block at all. */
function trailheadCopy(identifier: string, donatePageId: string | null): SiteSnapshot {
  const site = structuredClone(fixture('trailhead'));
  site.website.id = `site-${identifier}`;
  site.website.identifier = identifier;
  for (const page of site.pages) {
    page.layout.blocks = page.layout.blocks.flatMap((b) =>
      b.type !== 52 ? [b] : donatePageId ? [{ ...b, data: { ...b.data, donatePageId } }] : [],
    );
  }
  return site;
}

/**
 * Publishes as publish:site does: the records, the pointer last, then the owners of its donation pages; or, when
 * another site offers one of its donation pages now, nothing at all, with what publish:site says.
 */
async function publishOwning(site: SiteSnapshot, host: string): Promise<{ published: Published; refused: string[] }> {
  const result = validateSnapshot(site, { strictBlocks: true });
  if (!result.ok) throw new Error(`${site.website.identifier} does not validate`);
  const published = await validatedRecords(result, blockTraits, host);
  const conflicts = await donationConflicts(published.donations, site.website.identifier, (key) => env.SITES.get(key));
  if (conflicts.length) return { published, refused: conflicts.map(donationConflictError) };
  await putRecords(published.records);
  await putRecords(published.donations);
  return { published, refused: [] };
}

/** Every answer of the secure host: never a cookie, never a site's page. */
function expectNothingOfASite(res: Response): void {
  expect(res.headers.get('Set-Cookie')).toBeNull();
  expect(res.headers.get('Cache-Control')).toBe('no-store');
}

beforeAll(async () => {
  // a site on the platform's domain, one on a local host, and one whose donation page has gone since
  const a = await publishOwning(trailheadCopy('sh-trailhead', 'trail-fund'), 'sh-trailhead.sitebuilder.app');
  const b = await publishOwning(trailheadCopy('sh-local', 'local-fund'), 'sh-local.localhost');
  const c = await publishOwning(trailheadCopy('sh-gone', 'gone-fund'), 'sh-gone.localhost');
  expect([...a.refused, ...b.refused, ...c.refused]).toEqual([]);
  // republished without its donation block: the owner record stays, naming a site that no longer offers the page
  expect((await publishOwning(trailheadCopy('sh-gone', null), 'sh-gone.localhost')).published.donations).toEqual([]);
});

describe('GET secure.{app domain}/commerce/donate?donatePageId={id}', () => {
  it('sends the visitor to the donate page on the https host of the site that offers it (302, Location exact)', async () => {
    const res = await visit(SECURE, '/commerce/donate?donatePageId=trail-fund');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('https://sh-trailhead.sitebuilder.app/commerce/donate?donatePageId=trail-fund');
    expectNothingOfASite(res);
  });

  it('keeps the query as it came, the amount of a suggested-amount link among it', async () => {
    const res = await visit(SECURE, '/commerce/donate?donatePageId=trail-fund&amount=2500&note=a%20b');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(
      'https://sh-trailhead.sitebuilder.app/commerce/donate?donatePageId=trail-fund&amount=2500&note=a%20b',
    );
  });

  it('answers HEAD alike', async () => {
    const res = await visit(SECURE, '/commerce/donate?donatePageId=trail-fund', { method: 'HEAD' });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('https://sh-trailhead.sitebuilder.app/commerce/donate?donatePageId=trail-fund');
  });

  it('sends a contribution confirmation on too, its query kept', async () => {
    const res = await visit(SECURE, '/commerce/contribution-confirmed?donatePageId=trail-fund&amount=1000');
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(
      'https://sh-trailhead.sitebuilder.app/commerce/contribution-confirmed?donatePageId=trail-fund&amount=1000',
    );
  });

  it('sends secure.localhost to a local site over http on the same port, where the donate page renders', async () => {
    const res = await visit(SECURE_LOCAL, '/commerce/donate?donatePageId=local-fund&amount=5000');
    expect(res.status).toBe(302);
    const location = res.headers.get('Location')!;
    expect(location).toBe('http://sh-local.localhost:8787/commerce/donate?donatePageId=local-fund&amount=5000');
    expectNothingOfASite(res);
    const page = await visit(new URL(location).host, '/commerce/donate?donatePageId=local-fund&amount=5000');
    expect(page.status).toBe(200);
    expect(contextOf(await page.text()).pageTypeName).toBe('DONATE');
  });

  it('answers 404 for an owner record naming a site that does not offer the page', async () => {
    await env.SITES.put(donateKey('moved-fund'), JSON.stringify({ identifier: 'sh-local', host: 'sh-local.localhost' }));
    // sh-local offers local-fund, not moved-fund: named, but not offered
    expect((await visit(SECURE, '/commerce/donate?donatePageId=moved-fund')).status).toBe(404);
  });
});

describe('what the secure host does not answer', () => {
  it.each([
    ['an id no site offers', '/commerce/donate?donatePageId=no-such-fund', SECURE_HOST_MESSAGES.unknownId('no-such-fund')],
    ['an id whose site no longer offers it', '/commerce/donate?donatePageId=gone-fund', SECURE_HOST_MESSAGES.unknownId('gone-fund')],
    ['a malformed id', '/commerce/donate?donatePageId=%3Cscript%3E', SECURE_HOST_MESSAGES.malformedId],
    ['an id too long', `/commerce/donate?donatePageId=${'a'.repeat(65)}`, SECURE_HOST_MESSAGES.malformedId],
    ['no id', '/commerce/donate', SECURE_HOST_MESSAGES.noId],
    ['an empty id', '/commerce/contribution-confirmed?donatePageId=', SECURE_HOST_MESSAGES.noId],
    ['the home page', '/', SECURE_HOST_MESSAGES.otherPath],
    ['a page path', '/trail-fund', SECURE_HOST_MESSAGES.otherPath],
    ['a longer donate path', '/commerce/donate/extra?donatePageId=trail-fund', SECURE_HOST_MESSAGES.otherPath],
    ['the checkout', '/checkout', SECURE_HOST_MESSAGES.otherPath],
    ['the API', '/api/census/RecordHit', SECURE_HOST_MESSAGES.otherPath],
    ['media', '/media/fernwood-heron.jpg?format=500w', SECURE_HOST_MESSAGES.otherPath],
    ['robots.txt', '/robots.txt', SECURE_HOST_MESSAGES.otherPath],
  ])('%s: a plain 404 saying so, and no cookie', async (_what, path, message) => {
    for (const host of [SECURE, SECURE_LOCAL]) {
      const res = await visit(host, path);
      expect(res.status, `${host}${path}`).toBe(404);
      expect(res.headers.get('Content-Type')).toMatch(/^text\/plain/);
      expect(await res.text()).toBe(message);
      expectNothingOfASite(res);
    }
  });

  it('refuses other methods on a donation path (405, Allow: GET, HEAD)', async () => {
    const res = await visit(SECURE, '/commerce/donate?donatePageId=trail-fund', { method: 'POST', body: 'amount=1' });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('GET, HEAD');
    expectNothingOfASite(res);
  });

  it('sets no cookie even to a visitor with a site session, a crumb or a cart', async () => {
    const res = await visit(SECURE, '/commerce/donate?donatePageId=trail-fund', {
      headers: { Cookie: 'crumb=abc; site_session=x; hasCart=true', 'Sec-Fetch-Dest': 'document' },
    });
    expect(res.status).toBe(302);
    expectNothingOfASite(res);
  });

  it('leaves the ops views to themselves (before the secure host)', async () => {
    const res = await visit('secure.localhost', '/__ops/isolate');
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
  });

  it('is no other app domain: secure.{site}.sitebuilder.app looks for a site of its own', async () => {
    const res = await visit('secure.sh-trailhead.sitebuilder.app', '/commerce/donate?donatePageId=trail-fund');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('No site is published at secure.sh-trailhead.sitebuilder.app');
  });
});

describe('publishing the owners of donation pages', () => {
  it('writes one owner record per donation page, naming the site and its host as published', async () => {
    expect(JSON.parse((await env.SITES.get(donateKey('trail-fund')))!)).toEqual({
      identifier: 'sh-trailhead',
      host: 'sh-trailhead.sitebuilder.app',
    });
  });

  it('refuses a donatePageId another site offers, naming the id and that site, and writes nothing', async () => {
    const { published, refused } = await publishOwning(trailheadCopy('sh-thief', 'trail-fund'), 'sh-thief.localhost');
    expect(refused).toEqual([
      "donatePageId 'trail-fund' is offered by the site sh-trailhead (published at sh-trailhead.sitebuilder.app): a donation page " +
        'id is one link on the secure host (secure.{app domain}/commerce/donate?donatePageId=…) and belongs to one site',
    ]);
    expect(await env.SITES.get(hostKey('sh-thief.localhost'))).toBeNull();
    expect(await env.SITES.get(published.records[0]!.key)).toBeNull();
    const res = await visit(SECURE, '/commerce/donate?donatePageId=trail-fund');
    expect(res.headers.get('Location')).toBe('https://sh-trailhead.sitebuilder.app/commerce/donate?donatePageId=trail-fund');
  });

  it('lets another site take an id whose site no longer offers it', async () => {
    const { refused } = await publishOwning(trailheadCopy('sh-heir', 'gone-fund'), 'sh-heir.localhost');
    expect(refused).toEqual([]);
    const res = await visit(SECURE_LOCAL, '/commerce/donate?donatePageId=gone-fund');
    expect(res.headers.get('Location')).toBe('http://sh-heir.localhost:8787/commerce/donate?donatePageId=gone-fund');
  });

  it('lets another site take an id whose host was unpublished since', async () => {
    await publishOwning(trailheadCopy('sh-leaver', 'leaver-fund'), 'sh-leaver.localhost');
    expect((await visit(SECURE, '/commerce/donate?donatePageId=leaver-fund')).status).toBe(302);
    await env.SITES.delete(hostKey('sh-leaver.localhost'));
    expect(await (await visit(SECURE, '/commerce/donate?donatePageId=leaver-fund')).text()).toBe(
      SECURE_HOST_MESSAGES.unknownId('leaver-fund'),
    );
    expect((await publishOwning(trailheadCopy('sh-stayer', 'leaver-fund'), 'sh-stayer.localhost')).refused).toEqual([]);
  });

  it('lets a site republished at another host take its ids along', async () => {
    const { refused } = await publishOwning(trailheadCopy('sh-local', 'local-fund'), 'sh-local-2.localhost');
    expect(refused).toEqual([]);
    const res = await visit(SECURE_LOCAL, '/commerce/donate?donatePageId=local-fund');
    expect(res.headers.get('Location')).toBe('http://sh-local-2.localhost:8787/commerce/donate?donatePageId=local-fund');
  });
});
