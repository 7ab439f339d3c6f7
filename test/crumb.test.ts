// CSRF crumbs (§7, §8): the cookie visitors get, and the check on every unsafe /api/ request.
import { generateCookie } from 'hono/cookie';
import { beforeAll, describe, expect, it } from 'vitest';
import { crumbCookie } from '../worker/middleware/crumb.ts';
import { newCrumb } from '../worker/http/tokens.ts';
import { CRUMB } from './support/auth.ts';
import { hostOf, publishFixtures } from './support/fixtures.ts';
import { visit } from './support/sites.ts';

beforeAll(publishFixtures);
const HOST = hostOf('fernwood');

const cookieOf = (res: Response, name: string) =>
  (res.headers.get('set-cookie') ?? '')
    .split(/,(?=\s*[\w-]+=)/)
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${name}=`));

describe('the crumb cookie', () => {
  it('is set on an HTML page for a visitor without one: 128 random bits, path /, SameSite=Lax, not Secure on local hosts', async () => {
    const res = await visit(HOST, '/');
    const cookie = cookieOf(res, 'crumb')!;
    expect(cookie).toMatch(/^crumb=[A-Za-z0-9_-]{22}; Path=\/; SameSite=Lax$/);
    const again = cookieOf(await visit(HOST, '/'), 'crumb')!;
    expect(again).not.toBe(cookie);
  });

  it('is Secure on a non-local host', async () => {
    const { publish } = await import('./support/sites.ts');
    const { FIXTURE_FILES } = await import('./support/fixtures.ts');
    await publish(FIXTURE_FILES.lumen, 'www.lumen.example');
    const cookie = cookieOf(await visit('www.lumen.example', '/'), 'crumb')!;
    expect(cookie).toContain('; Secure');
  });

  it('is left alone when the visitor has a valid one', async () => {
    const res = await visit(HOST, '/', { headers: { Cookie: `crumb=${CRUMB}` } });
    expect(cookieOf(res, 'crumb')).toBeUndefined();
  });

  it('is replaced when the visitor has a malformed one', async () => {
    const res = await visit(HOST, '/', { headers: { Cookie: 'crumb=short' } });
    expect(cookieOf(res, 'crumb')).toMatch(/^crumb=[A-Za-z0-9_-]{22};/);
  });

  it.each([
    ['a new crumb', 'fernwood.localhost', newCrumb()],
    ['a new crumb', 'www.lumen.example', newCrumb()],
    ['a value that is not a crumb', 'www.lumen.example', 'not a crumb;'],
  ])('is written for %s on %s exactly as Hono serialises it', (_what, hostname, value) => {
    const secure = !hostname.endsWith('.localhost');
    expect(crumbCookie(value, hostname)).toBe(generateCookie('crumb', value, { path: '/', sameSite: 'Lax', secure }));
  });

  it('is not set on responses that are not HTML', async () => {
    const res = await visit(HOST, '/journal?format=rss');
    expect(cookieOf(res, 'crumb')).toBeUndefined();
  });
});

// POST /api/auth/Logout stands for any unsafe /api/ call: the crumb check runs before the endpoint.
const api = (init: { method?: string; headers?: Record<string, string>; body?: string; query?: string }) =>
  visit(HOST, `/api/auth/Logout${init.query ?? ''}`, {
    method: init.method ?? 'POST',
    headers: init.headers ?? {},
    body: init.body ?? null,
  });

describe('unsafe requests to /api/*', () => {
  it.each([
    ['no crumb cookie and no token', {}],
    ['a token but no cookie', { 'X-CSRF-Token': CRUMB }],
    ['a cookie but no token', { Cookie: `crumb=${CRUMB}` }],
    ['a token that differs from the cookie', { Cookie: `crumb=${CRUMB}`, 'X-CSRF-Token': 'othercrumb0123456789abc' }],
    ['a token one character short', { Cookie: `crumb=${CRUMB}`, 'X-CSRF-Token': CRUMB.slice(0, -1) }],
  ])('with %s: 403 {crumbFail, crumb} and a Set-Cookie of that crumb', async (_name, headers) => {
    const res = await api({ headers });
    expect(res.status).toBe(403);
    const body = (await res.json()) as { crumbFail: boolean; crumb: string };
    expect(body.crumbFail).toBe(true);
    expect(body.crumb).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(cookieOf(res, 'crumb')).toBe(`crumb=${body.crumb}; Path=/; SameSite=Lax`);
  });

  it.each(['PUT', 'PATCH', 'DELETE'])('checks %s too', async (method) => {
    expect((await api({ method })).status).toBe(403);
  });

  it.each([
    ['the X-CSRF-Token header', { headers: { Cookie: `crumb=${CRUMB}`, 'X-CSRF-Token': CRUMB } }],
    ['the crumb query parameter', { headers: { Cookie: `crumb=${CRUMB}` }, query: `?crumb=${CRUMB}` }],
    [
      'the crumb form field',
      { headers: { Cookie: `crumb=${CRUMB}`, 'Content-Type': 'application/x-www-form-urlencoded' }, body: `crumb=${CRUMB}` },
    ],
  ])('accepts the crumb from %s (the endpoint then answers)', async (_name, init) => {
    const res = await api(init);
    // Logout without a session is 401: the request got past the crumb check to the endpoint
    expect(res.status).toBe(401);
  });

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['an Origin of another host', { Origin: 'https://evil.example' }],
    ['an opaque Origin', { Origin: 'null' }],
  ])('refuses a cross-site request even with a matching crumb: %s', async (_name, extra) => {
    const res = await api({ headers: { Cookie: `crumb=${CRUMB}`, 'X-CSRF-Token': CRUMB, ...extra } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'Cross-site requests are not accepted.' });
  });

  it('accepts a same-origin request that says so', async () => {
    const res = await api({
      headers: { Cookie: `crumb=${CRUMB}`, 'X-CSRF-Token': CRUMB, Origin: `http://${HOST}`, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(res.status).toBe(401);
  });

  it('does not check safe methods', async () => {
    const res = await visit(HOST, '/api/auth/Logout', { method: 'GET' });
    expect(res.status).not.toBe(403);
  });
});
