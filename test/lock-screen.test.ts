// Password-protected pages and sites: the password is checked at the edge; a wrong one re-renders the lock screen.
import { beforeAll, describe, expect, it } from 'vitest';
import { WRONG_PASSWORD_MESSAGE } from '../worker/routes/pages.tsx';
import { LOCK_LIMITS, lockThrottledMessage, MISSING_PASSWORD_MESSAGE } from '../worker/routes/lock-screen.ts';
import { derivePbkdf2 } from '../worker/security/password.ts';
import { contextOf, textOf } from './support/fixtures.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, visit } from './support/sites.ts';

const HOST = 'locks.localhost';
const SITE_HOST = 'locked-site.localhost';
/** the locked page, the same on a copy of the site */
let sameLock: ReturnType<typeof minimalSite>['pages'][number] | undefined;

async function hashOf(password: string) {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derivePbkdf2(password, salt, 100_000, 32);
  const b64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));
  return { algorithm: 'PBKDF2-SHA256' as const, iterations: 100_000, salt: b64(salt), hash: b64(hash) };
}

beforeAll(async () => {
  const site = minimalSite();
  site.website.identifier = 'locks';
  sameLock = {
    id: 'private',
    urlId: 'private',
    title: 'Members’ notes',
    password: await hashOf('trailmix'),
    lockScreenText: 'These notes are for workshop members.',
    layout: { blocks: [{ id: 'secret', type: 2, data: { html: '<p>The secret meeting point is the old boathouse.</p>' } }] },
  };
  site.pages.push(sameLock);
  await publish(site, HOST);
  const lockedSite = minimalSite();
  lockedSite.website.identifier = 'lockedsite';
  lockedSite.website.password = await hashOf('open-sesame');
  await publish(lockedSite, SITE_HOST);
});

const form = (password: string) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
  body: new URLSearchParams({ password }).toString(),
});

describe('a password-protected page', () => {
  it('renders LOCK_SCREEN without the page content, never cached', async () => {
    const res = await visit(HOST, '/private');
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(contextOf(html).pageTypeName).toBe('LOCK_SCREEN');
    expect(textOf(html)).toContain('These notes are for workshop members.');
    expect(html).not.toContain('old boathouse');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('re-renders the lock screen with an error for a wrong password', async () => {
    const res = await visit(HOST, '/private', form('wrong-guess'));
    const html = await res.text();
    expect(res.status).toBe(403);
    expect(contextOf(html).pageTypeName).toBe('LOCK_SCREEN');
    expect(textOf(html)).toContain(WRONG_PASSWORD_MESSAGE);
    expect(res.headers.get('set-cookie') ?? '').not.toContain('unlock_');
  });

  it('unlocks with the right password: a signed cookie, then the page', async () => {
    const res = await visit(HOST, '/private', form('trailmix'));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/private');
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^unlock_page_private=[^;]+; Path=\/; HttpOnly; SameSite=Lax$/);
    const page = await visit(HOST, '/private', { headers: { Cookie: cookie.split(';')[0]! } });
    const html = await page.text();
    expect(contextOf(html).pageTypeName).toBe('PAGE');
    expect(html).toContain('old boathouse');
  });

  it('refuses a tampered unlock cookie', async () => {
    const res = await visit(HOST, '/private', { headers: { Cookie: 'unlock_page_private=AAAAAAAAAAAAAAAA.forged%3D' } });
    expect(contextOf(await res.text()).pageTypeName).toBe('LOCK_SCREEN');
  });

  it('is not opened by the unlock cookie of another site with the same lock (one template, one password)', async () => {
    const copy = minimalSite();
    copy.website.identifier = 'lockscopy';
    copy.website.id = 'site-lockscopy';
    copy.pages.push({ ...sameLock! });
    await publish(copy, 'locks-copy.localhost');
    const unlock = await visit('locks-copy.localhost', '/private', form('trailmix'));
    expect(unlock.status).toBe(303);
    const cookie = unlock.headers.get('set-cookie')!.split(';')[0]!;
    expect(await (await visit('locks-copy.localhost', '/private', { headers: { Cookie: cookie } })).text()).toContain('old boathouse');
    const elsewhere = await visit(HOST, '/private', { headers: { Cookie: cookie } });
    const html = await elsewhere.text();
    expect(contextOf(html).pageTypeName).toBe('LOCK_SCREEN');
    expect(html).not.toContain('old boathouse');
  });

  it('leaves other pages of the site open', async () => {
    const res = await visit(HOST, '/home');
    expect(contextOf(await res.text()).pageTypeName).toBe('PAGE');
  });
});

describe('a password-protected site', () => {
  it('locks every page, including not-found ones, until unlocked', async () => {
    for (const path of ['/', '/home', '/search?q=x', '/nowhere']) {
      const res = await visit(SITE_HOST, path);
      expect(contextOf(await res.text()).pageTypeName, path).toBe('LOCK_SCREEN');
    }
    const unlock = await visit(SITE_HOST, '/home', form('open-sesame'));
    const cookie = unlock.headers.get('set-cookie')!.split(';')[0]!;
    const res = await visit(SITE_HOST, '/home', { headers: { Cookie: cookie } });
    expect(contextOf(await res.text()).pageTypeName).toBe('PAGE');
  });
});

describe("the lock screen's form", () => {
  it('posts to the locked URL itself, never with the password in a URL', async () => {
    const html = await (await visit(HOST, '/private?from=letter')).text();
    expect(html).toContain('<form class="lock-form" action="/private?from=letter" method="post">');
    expect(html).toMatch(/<input[^>]*type="password"[^>]*name="password"/);
  });

  it('never echoes, caches or redirects with the password', async () => {
    const wrong = await visit(HOST, '/private', form('a-wrong-guess-123'));
    expect(wrong.status).toBe(403);
    expect(wrong.headers.get('cache-control')).toBe('private, no-store');
    expect(await wrong.text()).not.toContain('a-wrong-guess-123');
    const right = await visit(HOST, '/private?from=letter', form('trailmix'));
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/private?from=letter');
    expect(right.headers.get('set-cookie')).not.toContain('trailmix');
  });

  it('refuses a password posted from another site', async () => {
    const res = await visit(HOST, '/private', {
      ...form('trailmix'),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});

describe('guessing a lock-screen password', () => {
  /** A site of its own (the lock's counter is per page, the address's per site) with the page /private. */
  async function lockedPage(identifier: string, password = 'trailmix'): Promise<string> {
    const site = minimalSite();
    site.website.identifier = identifier;
    site.website.id = `site-${identifier}`;
    site.pages.push({ id: 'private', urlId: 'private', title: 'Members’ notes', password: await hashOf(password), layout: { blocks: [] } });
    const host = `${identifier}.localhost`;
    await publish(site, host);
    return host;
  }
  const guess = (host: string, password: string, address: string, path = '/private') =>
    visit(host, path, { ...form(password), headers: { ...form(password).headers, 'CF-Connecting-IP': address } });

  it(`stops a client address after ${LOCK_LIMITS.perAddress} wrong passwords, with Retry-After and a clear message, even for the right one`, async () => {
    const host = await lockedPage('lockthrottle');
    for (let i = 0; i < LOCK_LIMITS.perAddress; i++) expect((await guess(host, `guess-${i}`, '192.0.2.60')).status).toBe(403);
    const blocked = await guess(host, 'trailmix', '192.0.2.60');
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOCK_LIMITS.windowMs / 1000);
    expect(blocked.headers.get('cache-control')).toBe('private, no-store');
    expect(blocked.headers.get('set-cookie') ?? '').not.toContain('unlock_');
    const html = await blocked.text();
    expect(contextOf(html).pageTypeName).toBe('LOCK_SCREEN');
    expect(textOf(html)).toContain(lockThrottledMessage(retryAfter));
    expect(lockThrottledMessage(retryAfter)).toMatch(/^Too many incorrect passwords\. Please try again in \d+ minutes?\.$/);
    // another address still gets in
    expect((await guess(host, 'trailmix', '192.0.2.61')).status).toBe(303);
  });

  it('counts one IPv6 network (/64) as one client address', async () => {
    const host = await lockedPage('lockthrottlesix');
    for (let i = 0; i < LOCK_LIMITS.perAddress; i++) {
      expect((await guess(host, `guess-${i}`, `2001:db8:aa:bb::${(i + 1).toString(16)}`)).status).toBe(403);
    }
    expect((await guess(host, 'another', '2001:DB8:AA:BB:ffff:1:2:3')).status).toBe(429);
    expect((await guess(host, 'trailmix', '2001:db8:aa:bc::1')).status).toBe(303);
  });

  it(`stops guesses at one page from many addresses after ${LOCK_LIMITS.perLock}`, async () => {
    const host = await lockedPage('lockthrottlepage');
    for (let i = 0; i < LOCK_LIMITS.perLock; i++) expect((await guess(host, `guess-${i}`, `198.51.100.${i + 1}`)).status).toBe(403);
    expect((await guess(host, 'trailmix', '198.51.100.200')).status).toBe(429);
  });

  it('does not count the right password, nor a post without one', async () => {
    const host = await lockedPage('lockthrottleok');
    for (let i = 0; i < LOCK_LIMITS.perAddress + 2; i++) expect((await guess(host, 'trailmix', '203.0.113.80')).status).toBe(303);
    for (let i = 0; i < LOCK_LIMITS.perAddress + 2; i++) {
      const empty = await guess(host, '', '203.0.113.80');
      expect(empty.status).toBe(400);
      expect(textOf(await empty.text())).toContain(MISSING_PASSWORD_MESSAGE);
    }
    expect((await guess(host, 'wrong', '203.0.113.80')).status).toBe(403);
  });

  it('lets no more guesses through than the address allows when they all arrive at once', async () => {
    const host = await lockedPage('lockthrottleburst');
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => guess(host, `guess-${i}`, '192.0.2.90')));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 403)).toHaveLength(LOCK_LIMITS.perAddress);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16 - LOCK_LIMITS.perAddress);
  });
});
