// Owners and editors log in and out (§2, §4, §6): the signed session, the failed-login limit, and logout.
import { serializeSigned } from 'hono/utils/cookie';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeSession } from '../shared/cookies.ts';
import { LOGIN_FAILED_MESSAGE, LOGIN_LIMITS, LOGIN_THROTTLED_MESSAGE } from '../worker/routes/auth.tsx';
import { postForm, publishCopy } from './support/api.ts';
import { CRUMB, login, OWNER_PASSWORD } from './support/auth.ts';
import { contextOf, fixture, hostOf, publishFixtures, textOf } from './support/fixtures.ts';
import { visit } from './support/sites.ts';

beforeAll(publishFixtures);
const HOST = hostOf('fernwood');
const SECRET = 'test-session-secret-0123456789abcdef';
const OWNER = 'owner@fernwood.example';

const setCookies = (res: Response) => (res.headers.get('set-cookie') ?? '').split(/,(?=\s*[\w-]+=)/).map((c) => c.trim());

function attempt(email: string, password: string, opts: { json?: boolean; address?: string; extra?: Record<string, string> } = {}) {
  return visit(HOST, '/api/auth/Login', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Cookie: `crumb=${CRUMB}`,
      ...(opts.json === false ? {} : { Accept: 'application/json' }),
      'CF-Connecting-IP': opts.address ?? `198.51.100.${Math.floor(Math.random() * 250)}`,
    },
    body: new URLSearchParams({ email, password, crumb: CRUMB, ...opts.extra }).toString(),
  });
}

describe('POST /api/auth/Login', () => {
  it('signs an editor in with a signed, HttpOnly session cookie and sends them to the editor', async () => {
    const res = await attempt(OWNER, OWNER_PASSWORD);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, redirect: '/config/?frameUrl=%2F' });
    const cookies = setCookies(res);
    const session = cookies.find((c) => c.startsWith('site_session='))!;
    expect(session).toMatch(/^site_session=[^;]+\.[^;]+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(cookies.find((c) => c.startsWith('ss_lastid='))).toContain(
      `ss_lastid=${encodeURIComponent(btoa(JSON.stringify({ identifier: 'fernwood' })))}`,
    );
  });

  it('accepts the e-mail in any case', async () => {
    expect((await attempt(OWNER.toUpperCase(), OWNER_PASSWORD)).status).toBe(200);
  });

  it('sends an account without permissions to the home page', async () => {
    const res = await attempt('reader@fernwood.example', OWNER_PASSWORD);
    expect(await res.json()).toEqual({ success: true, redirect: '/' });
  });

  it('redirects (303) a form login to the internal URL it asked for, and ignores an external one', async () => {
    const res = await attempt(OWNER, OWNER_PASSWORD, { json: false, extra: { return: '/journal' } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/journal');
    const evil = await attempt(OWNER, OWNER_PASSWORD, { json: false, extra: { return: '//evil.example/' } });
    expect(evil.headers.get('location')).toBe('/config/?frameUrl=%2F');
  });

  it.each([
    ['a wrong password', OWNER, 'not-the-password'],
    ['an unknown account', 'nobody@fernwood.example', OWNER_PASSWORD],
  ])('answers 401 for %s, with no session', async (_name, email, password) => {
    const res = await attempt(email, password);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: LOGIN_FAILED_MESSAGE });
    expect(setCookies(res).some((c) => c.startsWith('site_session='))).toBe(false);
  });

  it('re-renders the login page with the error for a failed form login', async () => {
    const res = await attempt(OWNER, 'nope', { json: false });
    expect(res.status).toBe(401);
    const html = await res.text();
    expect(html).toContain('page-type-login');
    expect(textOf(html)).toContain(LOGIN_FAILED_MESSAGE);
  });

  it('answers 400 when the e-mail or password is missing', async () => {
    expect((await attempt('', OWNER_PASSWORD)).status).toBe(400);
    expect((await attempt(OWNER, '')).status).toBe(400);
  });

  it(`stops an account after ${LOGIN_LIMITS.perAccount} failures in the window, even with the right password, from any address`, async () => {
    const email = 'owner@kettle.example';
    const kettle = (password: string, address: string) =>
      visit(hostOf('kettle'), '/api/auth/Login', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
          Cookie: `crumb=${CRUMB}`,
          'X-CSRF-Token': CRUMB,
          'CF-Connecting-IP': address,
        },
        body: new URLSearchParams({ email, password }).toString(),
      });
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) expect((await kettle('wrong', `192.0.2.${i + 1}`)).status).toBe(401);
    const blocked = await kettle(OWNER_PASSWORD, '192.0.2.200');
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ error: LOGIN_THROTTLED_MESSAGE });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // another account on the same site is not affected
    expect((await attempt(OWNER, OWNER_PASSWORD)).status).toBe(200);
  });

  it('counts failures against the account however the e-mail is spaced or cased', async () => {
    const { host } = await publishCopy('kettle', 'authspacing');
    const email = 'owner@kettle.example';
    const variants = [` ${email}`, `${email} `, `  ${email.toUpperCase()}`, `\t${email}`, `${email}\n`];
    const attemptAs = (address: string, as: string, password: string) =>
      postForm(host, '/api/auth/Login', { email: as, password }, { address, headers: { Accept: 'application/json' } });
    expect(variants).toHaveLength(LOGIN_LIMITS.perAccount);
    for (const [i, as] of variants.entries()) expect((await attemptAs(`192.0.2.${i + 1}`, as, 'wrong')).status).toBe(401);
    expect((await attemptAs('192.0.2.200', email, OWNER_PASSWORD)).status).toBe(429);
  });

  it('lets no more guesses through than the account allows when they all arrive at once', async () => {
    const { host } = await publishCopy('kettle', 'authburst');
    const email = 'owner@kettle.example';
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        postForm(
          host,
          '/api/auth/Login',
          { email, password: `wrong-${i}` },
          { address: `198.51.100.${i + 1}`, headers: { Accept: 'application/json' } },
        ),
      ),
    );
    const statuses = guesses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.perAccount);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - LOGIN_LIMITS.perAccount);
  });

  it('does not count a successful login against the address', async () => {
    const address = '203.0.113.150';
    for (let i = 0; i < LOGIN_LIMITS.perAddress + 2; i++) expect((await attempt(OWNER, OWNER_PASSWORD, { address })).status).toBe(200);
  });

  it(`stops a client address after ${LOGIN_LIMITS.perAddress} failures across accounts`, async () => {
    const address = '203.0.113.99';
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      expect((await attempt(`guess${i}@fernwood.example`, 'wrong', { address })).status).toBe(401);
    }
    expect((await attempt('reader@fernwood.example', OWNER_PASSWORD, { address })).status).toBe(429);
    expect((await attempt('reader@fernwood.example', OWNER_PASSWORD, { address: '203.0.113.100' })).status).toBe(200);
  });

  it('is crumb-checked like every /api/ call', async () => {
    const res = await visit(HOST, '/api/auth/Login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ email: OWNER, password: OWNER_PASSWORD }).toString(),
    });
    expect(res.status).toBe(403);
  });
});

describe('a session', () => {
  it('shows on pages as the authenticated account, and those pages are private, no-store', async () => {
    const cookie = await login(HOST, 'reader@fernwood.example');
    const res = await visit(HOST, '/journal', { headers: { Cookie: cookie } });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const ctx = contextOf(await res.text());
    expect(ctx.authenticatedAccount).toEqual({ id: expect.any(String), displayName: expect.any(String) });
    expect(ctx.permissions).toEqual({});
  });

  const accountId = () => fixture('fernwood').accounts.find((a) => a.email === 'reader@fernwood.example')!.id;
  const websiteId = () => fixture('fernwood').website.id;
  const signed = async (payload: Parameters<typeof encodeSession>[0], secret = SECRET) =>
    (await serializeSigned('site_session', encodeSession(payload), secret)).split(';')[0]!;

  it.each([
    ['expired', async () => signed({ a: accountId(), w: websiteId(), e: Date.now() - 1000 })],
    ['signed with another secret', async () => signed({ a: accountId(), w: websiteId(), e: Date.now() + 60_000 }, 'another-secret')],
    ['unsigned', async () => `site_session=${encodeSession({ a: accountId(), w: websiteId(), e: Date.now() + 60_000 })}`],
    [
      'tampered (another account id under the old signature)',
      async () => {
        const good = await signed({ a: accountId(), w: websiteId(), e: Date.now() + 60_000 });
        const [, sig] = decodeURIComponent(good.slice('site_session='.length)).split('.');
        return `site_session=${encodeURIComponent(`${encodeSession({ a: 'a-owner', w: websiteId(), e: Date.now() + 60_000 })}.${sig}`)}`;
      },
    ],
    ['for another site', async () => signed({ a: accountId(), w: 'another-website', e: Date.now() + 60_000 })],
    ['for an account the snapshot does not hold', async () => signed({ a: 'ghost', w: websiteId(), e: Date.now() + 60_000 })],
  ])('counts as logged out when %s', async (_name, make) => {
    const res = await visit(HOST, '/journal', { headers: { Cookie: await make() } });
    expect(contextOf(await res.text()).authenticatedAccount).toBeNull();
    expect(res.headers.get('cache-control')).not.toBe('private, no-store');
  });

  it('is accepted when it is current and correctly signed', async () => {
    const res = await visit(HOST, '/journal', {
      headers: { Cookie: await signed({ a: accountId(), w: websiteId(), e: Date.now() + 60_000 }) },
    });
    expect(contextOf(await res.text()).authenticatedAccount?.id).toBe(accountId());
  });
});

describe('POST /api/auth/Logout', () => {
  const logout = (cookie: string, body = '') =>
    visit(HOST, '/api/auth/Logout', {
      method: 'POST',
      headers: {
        Cookie: `crumb=${CRUMB}; ${cookie}`,
        'X-CSRF-Token': CRUMB,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body,
    });

  it('clears the session and ss_lastid and sends the visitor to / with logout=true', async () => {
    const res = await logout(await login(HOST, OWNER));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, redirect: '/?logout=true' });
    const cookies = setCookies(res);
    expect(cookies.find((c) => c.startsWith('site_session='))).toMatch(/Max-Age=0/);
    expect(cookies.find((c) => c.startsWith('ss_lastid='))).toMatch(/Max-Age=0/);
  });

  it("returns to the preview frame's URL inside the editor, never elsewhere", async () => {
    const cookie = await login(HOST, OWNER);
    expect(await (await logout(cookie, 'frameUrl=%2Fjournal%3Ftag%3Dmist')).json()).toEqual({
      success: true,
      redirect: '/journal?tag=mist&logout=true',
    });
    expect(await (await logout(cookie, 'frameUrl=https%3A%2F%2Fevil.example%2F')).json()).toEqual({
      success: true,
      redirect: '/?logout=true',
    });
  });

  it('acts only for an authenticated account', async () => {
    const res = await logout('');
    expect(res.status).toBe(401);
    expect(setCookies(res).some((c) => c.startsWith('site_session='))).toBe(false);
  });
});

describe('GET /login', () => {
  it('shows a login form with the crumb and no way to create an account', async () => {
    const res = await visit(HOST, '/login?return=%2Fjournal', { headers: { Cookie: `crumb=${CRUMB}` } });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(html).toContain(`name="crumb" value="${CRUMB}"`);
    expect(html).toContain('name="return" value="/journal"');
    expect(textOf(html)).not.toMatch(/sign up|create (an )?account/i);
  });
});

describe('where a login returns to', () => {
  const UNSAFE = [
    ['a backslash path', '/\\evil.example'],
    ['a backslash after the slash, encoded', '/%5Cevil.example'],
    ['a protocol-relative URL', '//evil.example/'],
    ['a protocol-relative URL, encoded', '/%2F%2Fevil.example'],
    ['a protocol-relative URL, encoded twice', '/%252F%252Fevil.example'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a javascript: path', '/javascript:alert(1)'],
    ['an absolute URL', 'https://evil.example/journal'],
    ['a tab inside', '/\t/evil.example'],
    ['a leading space', ' /journal'],
    ['a relative path', 'journal'],
  ] as const;
  const hiddenReturn = (html: string) => /name="return" value="([^"]*)"/.exec(html)?.[1];

  it.each(UNSAFE)('the login page never carries %s in its return field', async (_name, value) => {
    const res = await visit(HOST, `/login?return=${encodeURIComponent(value)}`, { headers: { Cookie: `crumb=${CRUMB}` } });
    expect(res.status).toBe(200);
    expect(hiddenReturn(await res.text())).toBeUndefined();
  });

  it.each(UNSAFE)('a failed login re-rendered never carries %s, and a good one never goes there', async (_name, value) => {
    const failed = await attempt(OWNER, 'wrong', { json: false, extra: { return: value } });
    expect(failed.status).toBe(401);
    expect(hiddenReturn(await failed.text())).toBeUndefined();
    const ok = await attempt(OWNER, OWNER_PASSWORD, { json: false, extra: { return: value } });
    expect(ok.headers.get('location')).toBe('/config/?frameUrl=%2F');
  });

  it('keeps an internal path with its query, on the page and after the login', async () => {
    const value = '/config/?frameUrl=%2Fjournal%3Ftag%3Dmist';
    const page = await visit(HOST, `/login?return=${encodeURIComponent(value)}`, { headers: { Cookie: `crumb=${CRUMB}` } });
    expect(hiddenReturn(await page.text())).toBe(value.replace(/&/g, '&amp;'));
    const ok = await attempt(OWNER, OWNER_PASSWORD, { json: false, extra: { return: value } });
    expect(ok.headers.get('location')).toBe(value);
  });
});

describe('the failed-login limit per address', () => {
  it('counts one IPv6 network (/64) as one client address', async () => {
    const { host } = await publishCopy('kettle', 'authsix');
    const attemptFrom = (address: string, email: string, password: string) =>
      postForm(host, '/api/auth/Login', { email, password }, { address, headers: { Accept: 'application/json' } });
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      expect((await attemptFrom(`2001:db8:5:6:${i.toString(16)}::1`, `guess${i}@kettle.example`, 'wrong')).status).toBe(401);
    }
    expect((await attemptFrom('2001:0db8:0005:0006:ffff::9', 'owner@kettle.example', OWNER_PASSWORD)).status).toBe(429);
    expect((await attemptFrom('2001:db8:5:7::1', 'owner@kettle.example', OWNER_PASSWORD)).status).toBe(200);
  });
});

describe('the auth endpoints', () => {
  it.each(['/api/auth/Login', '/api/auth/Logout'])('answer another method on %s with 405 and Allow, as JSON', async (path) => {
    const res = await visit(HOST, path, { headers: { Cookie: `crumb=${CRUMB}` } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await res.json()).toEqual({ error: 'Method Not Allowed' });
  });

  it('answer a host with no site as the API does (JSON 404)', async () => {
    const res = await visit('nosite.localhost', '/api/auth/Login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `crumb=${CRUMB}`, 'X-CSRF-Token': CRUMB },
      body: new URLSearchParams({ email: OWNER, password: OWNER_PASSWORD }).toString(),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'No site is published at this host.' });
  });

  it('let Logout come with no payload at all (§7)', async () => {
    const cookie = await login(HOST, OWNER);
    const res = await visit(HOST, '/api/auth/Logout', {
      method: 'POST',
      headers: { Cookie: `crumb=${CRUMB}; ${cookie}`, 'X-CSRF-Token': CRUMB, Accept: 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, redirect: '/?logout=true' });
  });
});
