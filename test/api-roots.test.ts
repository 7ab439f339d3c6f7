// The API roots of §7 (/api/ and /api/rest/): every answer, from any path (a handler, the crumb check, the body limits,
// a throttle, the proxy, 405, 413, 404), says Cache-Control: no-store; a path no API route answers is the API's JSON
// 404, never a page of the site (nor one from the page cache); /api/rest/ is forwarded to the product origin when
// API_ORIGIN is set.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../worker/routes/auth.tsx';
import { BODY_CAP } from '../worker/http/limits.ts';
import { UNAVAILABLE_MESSAGE } from '../worker/http/request.ts';
import { call, originReceived, pageView, postForm, proxyRequest, publishCopy, setOrigin, viaProxy } from './support/api.ts';
import { CRUMB, login, OWNER_PASSWORD } from './support/auth.ts';
import { routedPaths } from './support/routes.ts';
import { visit } from './support/sites.ts';

const ORIGIN = 'roots.origin.example.test';
const FORM = 'application/x-www-form-urlencoded';
let HOST = '';
let ID = '';
let OWNER = '';

beforeAll(async () => {
  ({ host: HOST } = await publishCopy('fernwood', 'apiroots'));
  ID = 'site-apiroots';
  OWNER = await login(HOST, 'owner@fernwood.example');
});

const loginAs = (host: string, email: string, password: string, address = '203.0.113.40') =>
  postForm(host, '/api/auth/Login', { email, password }, { address, headers: { Accept: 'application/json' } });

/** Every way an /api/ answer is made, with the status it must have. */
const ANSWERS: [string, () => Promise<Response>, number][] = [
  ['a crumbFail', () => visit(HOST, '/api/census/RecordHit', { method: 'POST', headers: { 'Content-Type': FORM }, body: 'event=1' }), 403],
  [
    'a cross-site refusal',
    () => call(HOST, '/api/census/RecordHit', { method: 'POST', type: FORM, body: 'event=1', headers: { Origin: 'https://evil.example' } }),
    403,
  ],
  ['the /api/ body cap', () => call(HOST, '/api/census/RecordHit', { method: 'POST', type: FORM, body: 'x'.repeat(BODY_CAP + 1) }), 413],
  [
    "an endpoint's body limit",
    () => call(HOST, '/api/census/overlay', { method: 'POST', type: 'application/json', body: JSON.stringify({ pad: 'x'.repeat(9000) }) }),
    413,
  ],
  ['a method not allowed', () => call(HOST, '/api/census/RecordHit'), 405],
  ['a media type not taken', () => call(HOST, '/api/census/RecordHit', { method: 'POST', type: 'text/plain', body: 'event=1' }), 415],
  ['a field error', () => postForm(HOST, '/api/census/RecordHit', { data: '{}' }), 400],
  ['a recorded hit', () => postForm(HOST, '/api/census/RecordHit', { event: '1', data: JSON.stringify(pageView(ID, '/journal')) }), 204],
  ['the landing pixel', () => call(HOST, '/api/track/Track?landing=%2Fjournal&rk=12', {}, { crumb: false }), 200],
  ['a submission key', () => call(HOST, '/api/form/FormSubmissionKey', { method: 'POST' }), 200],
  ['an owner endpoint refused', () => call(HOST, '/api/form/Submissions?formId=form-contact'), 401],
  ['an owner endpoint answered', () => call(HOST, '/api/census/Summary', {}, { cookies: OWNER }), 200],
  ['an unknown call of a family', () => call(HOST, '/api/census/Nope', { method: 'POST' }), 404],
  ['a path under no family', () => call(HOST, '/api/nothing/here'), 404],
  ['the root itself', () => call(HOST, '/api/'), 404],
  ['/api/rest/ with no origin behind it', () => call(HOST, '/api/rest/commerce/orders'), 404],
  ['a host with no site', () => call('nosite.localhost', '/api/census/RecordHit', { method: 'POST', type: FORM, body: 'event=1' }), 404],
  ['a login', () => loginAs(HOST, 'reader@fernwood.example', OWNER_PASSWORD), 200],
  ['a failed login', () => loginAs(HOST, 'reader@fernwood.example', 'wrong', '203.0.113.41'), 401],
  [
    'a throttled login',
    async () => {
      const { host } = await publishCopy('kettle', 'apirootsthrottle');
      for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) await loginAs(host, 'owner@kettle.example', 'wrong', `203.0.113.${50 + i}`);
      return loginAs(host, 'owner@kettle.example', OWNER_PASSWORD, '203.0.113.60');
    },
    429,
  ],
  [
    'a login body that cannot be read',
    () => call(HOST, '/api/auth/Login', { method: 'POST', type: 'multipart/form-data; boundary=abc', body: '--abc\r\nContent-Dispo' }),
    400,
  ],
  ['a login by GET', () => call(HOST, '/api/auth/Login'), 405],
  ['a logout with no session', () => call(HOST, '/api/auth/Logout', { method: 'POST' }), 401],
  [
    'a logout',
    async () => call(HOST, '/api/auth/Logout', { method: 'POST' }, { cookies: await login(HOST, 'reader@fernwood.example') }),
    303,
  ],
];

describe('every /api/ answer', () => {
  it.each(ANSWERS)('%s is no-store', async (_name, make, status) => {
    const res = await make();
    expect(res.status).toBe(status);
    expect(res.headers.get('cache-control')).toMatch(/(^|[\s,])no-store($|[\s,])/);
    await res.body?.cancel();
  });

  it.each([...routedPaths('GET'), ...routedPaths('POST')].filter((p) => p.startsWith('/api/')))(
    'of the routed path %s is no-store, whatever it answers',
    async (path) => {
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE']) {
        const res = await call(HOST, path, { method, ...(['GET', 'HEAD'].includes(method) ? {} : { type: FORM, body: '' }) });
        expect(res.headers.get('cache-control'), `${method} ${path}: ${res.status}`).toMatch(/no-store/);
        expect(res.status, `${method} ${path}`).toBeLessThan(500);
        await res.body?.cancel();
      }
    },
  );

  it('of a path no API route answers is the JSON 404, never a page of the site or of the page cache', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await visit(HOST, '/api/journal', { headers: { Cookie: `crumb=${CRUMB}` } });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.headers.get('x-page-cache')).toBeNull();
      expect(await res.json()).toEqual({ error: 'Not Found' });
    }
  });
});

describe('/api/rest/ with API_ORIGIN set', () => {
  beforeEach(async () => {
    await setOrigin(ORIGIN, { reset: true });
  });

  it('forwards a GET to the same path and query on the origin, with the edge’s headers, and answers no-store', async () => {
    const { res } = await viaProxy(proxyRequest(HOST, '/api/rest/commerce/orders?page=2', {}, { cookies: OWNER }), ORIGIN);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ rest: true, method: 'GET', path: '/api/rest/commerce/orders?page=2' });
    // the origin said public, max-age=600; an owner's answer is private besides
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-sitebuilder-node')).toBeNull();
    const [received] = await originReceived(ORIGIN);
    expect(received!.headers['x-sitebuilder-website-id']).toBe(ID);
    expect(received!.headers['x-sitebuilder-account-id']).toBeTruthy();
  });

  it.each(['POST', 'PUT', 'DELETE'])('forwards %s with its body, crumb-checked', async (method) => {
    const body = JSON.stringify({ quantity: 2 });
    const { res } = await viaProxy(proxyRequest(HOST, '/api/rest/cart/items', { method, type: 'application/json', body }), ORIGIN);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ rest: true, method });
    expect((await originReceived(ORIGIN))[0]).toMatchObject({ method, path: '/api/rest/cart/items', body });
    const { res: refused } = await viaProxy(
      new Request(`http://${HOST}/api/rest/cart/items`, { method, headers: { 'Content-Type': 'application/json' }, body }),
      ORIGIN,
    );
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ crumbFail: true });
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(await originReceived(ORIGIN)).toHaveLength(1);
  });

  it('refuses a method outside §7’s request layer with 405 and Allow', async () => {
    const { res } = await viaProxy(
      proxyRequest(HOST, '/api/rest/cart/items', { method: 'PATCH', type: 'application/json', body: '{}' }),
      ORIGIN,
    );
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST, PUT, DELETE');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503, no-store, when the origin is down', async () => {
    await setOrigin(ORIGIN, { mode: 'down' });
    const { res } = await viaProxy(proxyRequest(HOST, '/api/rest/commerce/orders'), ORIGIN);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: UNAVAILABLE_MESSAGE });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('passes an origin error through, no-store', async () => {
    await setOrigin(ORIGIN, { mode: 'status', status: 500, body: 'origin failure' });
    const { res } = await viaProxy(proxyRequest(HOST, '/api/rest/commerce/orders'), ORIGIN);
    expect(res.status).toBe(500);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
