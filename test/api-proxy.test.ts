// The API with API_ORIGIN set: calls forwarded to the product origin with the headers they need and no others,
// upstream statuses passed through, 503 for an origin down or too slow, form submissions kept in the outbox until the
// origin takes them, and census hits sent on best-effort from a bounded buffer.
import { abortAllDurableObjects, env, runDurableObjectAlarm } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CENSUS_BUFFER_SIZE } from '../worker/http/limits.ts';
import { clientResponse, forwardedCookies, originRequestHeaders } from '../worker/http/origin.ts';
import { censusBufferState } from '../worker/http/proxy.ts';
import { UNAVAILABLE_MESSAGE } from '../worker/http/request.ts';
import { backoffMs } from '../worker/durable/form-outbox.ts';
import { heartbeat, originReceived, pageView, proxyRequest, publishCopy, setOrigin, viaProxy } from './support/api.ts';
import { CRUMB, login } from './support/auth.ts';

const ORIGIN = 'proxy.origin.example.test';
const ID = 'site-apiproxy';
let HOST = '';
let OWNER = '';

beforeAll(async () => {
  ({ host: HOST } = await publishCopy('fernwood', 'apiproxy'));
  OWNER = await login(HOST, 'owner@fernwood.example');
});

beforeEach(async () => {
  await setOrigin(ORIGIN, { reset: true });
});

const post = (
  path: string,
  body: string,
  type = 'application/x-www-form-urlencoded',
  cookies?: string,
  headers: Record<string, string> = {},
) => proxyRequest(HOST, path, { method: 'POST', type, body, headers }, { cookies });

const submission = (
  key: string,
  values: Record<string, unknown> = { 'c-name': ['Ada', 'Lovelace'], 'c-email': 'ada@example.com', 'c-message': 'Via the origin' },
) =>
  post(
    '/api/form/SaveFormSubmission',
    new URLSearchParams({
      key,
      formId: 'form-contact',
      collectionId: '',
      objectName: 'b1',
      isOverlayForm: 'false',
      form: JSON.stringify(values),
    }).toString(),
  );

const outbox = () => env.FORM_OUTBOX.getByName(ID);

describe('the proxy to API_ORIGIN', () => {
  it('forwards path, query, method and body with the headers the call needs, and only the crumb and visitor cookies', async () => {
    const req = post('/api/form/FormSubmissionKey?v=2', '', 'text/plain', `ss_cvr=v-1|1|1|1|1; ss_cvt=5; ${OWNER}; _ga=GA1.2; SS_MID=m`, {
      'CF-Ray': '8a1b2c3d',
      'X-Forwarded-For': '203.0.113.5',
      'X-Sitebuilder-Website-Id': 'forged-site',
      'X-Internal-Debug': '1',
      'Accept-Language': 'en-GB',
    });
    const { res } = await viaProxy(req, ORIGIN);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ key: 'origin-key-1' });
    const [received] = await originReceived(ORIGIN);
    expect(received!.method).toBe('POST');
    expect(received!.path).toBe('/api/form/FormSubmissionKey?v=2');
    const h = received!.headers;
    expect(h['x-csrf-token']).toBe(CRUMB);
    expect(h['accept-language']).toBe('en-GB');
    expect(h.cookie).toBe(`crumb=${CRUMB}; ss_cvr=v-1|1|1|1|1; ss_cvt=5`);
    expect(h['x-sitebuilder-website-id']).toBe(ID);
    expect(h['x-sitebuilder-host']).toBe(HOST);
    expect(h['x-sitebuilder-client-address']).toBe('192.0.2.10');
    expect(h['x-sitebuilder-account-id']).toBe('acct-owner');
    for (const name of ['cf-ray', 'x-forwarded-for', 'x-internal-debug']) expect(h[name]).toBeUndefined();
  });

  it('strips platform-internal headers from the answer and keeps the rest', async () => {
    const { res } = await viaProxy(
      proxyRequest(HOST, '/api/form/Submissions?formId=form-contact', {}, { cookies: OWNER, crumb: false }),
      ORIGIN,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ origin: true, path: '/api/form/Submissions' });
    expect(res.headers.get('x-origin-visible')).toBe('yes');
    expect(res.headers.get('x-sitebuilder-node')).toBeNull();
    expect(res.headers.get('cf-cache-status')).toBeNull();
  });

  // (FormSubmissionKey answers an edge key instead when the origin fails: test/form-outbox-outage.test.ts)
  const ownerList = () => proxyRequest(HOST, '/api/form/Submissions?formId=form-contact', {}, { cookies: OWNER, crumb: false });

  it.each([401, 404, 429, 500, 503])('passes an upstream %i through with its body', async (status) => {
    await setOrigin(ORIGIN, { mode: 'status', status, body: `origin says ${status}` });
    const { res } = await viaProxy(ownerList(), ORIGIN);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ error: `origin says ${status}` });
  });

  it("answers 503 'This service is temporarily unavailable…' when the origin is down or too slow", async () => {
    await setOrigin(ORIGIN, { mode: 'down' });
    const down = (await viaProxy(ownerList(), ORIGIN)).res;
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ error: UNAVAILABLE_MESSAGE });
    await setOrigin(ORIGIN, { mode: 'slow', delayMs: 1500 });
    const started = Date.now();
    const slow = (await viaProxy(ownerList(), ORIGIN, 300)).res;
    expect(slow.status).toBe(503);
    expect(await slow.json()).toEqual({ error: UNAVAILABLE_MESSAGE });
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('checks input at the edge: a bad request never reaches the origin', async () => {
    expect((await viaProxy(proxyRequest(HOST, '/api/form/FormSubmissionKey'), ORIGIN)).res.status).toBe(405);
    expect((await viaProxy(post('/api/census/RecordHit', 'event=1'), ORIGIN)).res.status).toBe(400);
    expect((await viaProxy(proxyRequest(HOST, '/api/census/Summary', {}, { crumb: false }), ORIGIN)).res.status).toBe(401);
    expect((await viaProxy(submission('k1', { 'c-email': 'nope' }), ORIGIN)).res.status).toBe(400);
    expect(await originReceived(ORIGIN)).toEqual([]);
  });

  it('forwards the owner summary', async () => {
    const { res } = await viaProxy(
      proxyRequest(HOST, '/api/census/Summary?from=2026-03-01&to=2026-03-07', {}, { cookies: OWNER, crumb: false }),
      ORIGIN,
    );
    expect(await res.json()).toEqual({ origin: true, path: '/api/census/Summary' });
    expect((await originReceived(ORIGIN))[0]!.path).toBe('/api/census/Summary?from=2026-03-01&to=2026-03-07');
  });
});

describe('POST /api/form/SaveFormSubmission through the outbox', () => {
  it("answers with the origin's answer, the key sent as Idempotency-Key; a reused key is not sent twice", async () => {
    const first = (await viaProxy(submission('key-up-1'), ORIGIN)).res;
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, origin: true });
    const again = (await viaProxy(submission('key-up-1'), ORIGIN)).res;
    expect(await again.json()).toEqual({ success: true, origin: true });
    const received = await originReceived(ORIGIN);
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['idempotency-key']).toBe('key-up-1');
    expect(new URLSearchParams(received[0]!.body).get('formId')).toBe('form-contact');
  });

  it("passes the origin's refusal through and keeps nothing, so the corrected form can be sent with the same key", async () => {
    await setOrigin(ORIGIN, { mode: 'status', status: 400, body: 'refused' });
    expect((await viaProxy(submission('key-refused'), ORIGIN)).res.status).toBe(400);
    await setOrigin(ORIGIN, { mode: 'up' });
    expect((await viaProxy(submission('key-refused'), ORIGIN)).res.status).toBe(200);
    expect(await originReceived(ORIGIN)).toHaveLength(2);
  });

  it('keeps a submission through an outage, a restart and a failed retry, and delivers it once the origin is back', async () => {
    const delivered = (await outbox().counts()).delivered;
    await setOrigin(ORIGIN, { mode: 'down' });
    const queued = (await viaProxy(submission('key-outage'), ORIGIN)).res;
    expect(queued.status).toBe(202);
    expect(await queued.json()).toEqual({ success: true, queued: true });
    expect((await outbox().counts()).pending).toBe(1);
    // the same key while it waits: still queued, not stored twice
    expect((await viaProxy(submission('key-outage'), ORIGIN)).res.status).toBe(202);

    await abortAllDurableObjects();
    expect(await runDurableObjectAlarm(outbox())).toBe(true);
    expect((await outbox().counts()).pending).toBe(1);
    expect(await originReceived(ORIGIN)).toEqual([]);

    await setOrigin(ORIGIN, { mode: 'up' });
    expect(await runDurableObjectAlarm(outbox())).toBe(true);
    expect(await outbox().counts()).toMatchObject({ pending: 0, delivered: delivered + 1 });
    const received = await originReceived(ORIGIN);
    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe('/api/form/SaveFormSubmission');
    expect(received[0]!.headers['idempotency-key']).toBe('key-outage');
    expect(JSON.parse(new URLSearchParams(received[0]!.body).get('form')!)).toMatchObject({ 'c-message': 'Via the origin' });
    // now the key answers as the origin did
    const after = (await viaProxy(submission('key-outage'), ORIGIN)).res;
    expect(after.status).toBe(200);
    expect(await originReceived(ORIGIN)).toHaveLength(1);
  });

  it('waits longer after each failed attempt, up to an hour', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(backoffMs(30)).toBe(3_600_000);
  });
});

describe('census hits through the proxy', () => {
  const hit = (path: string) =>
    post(
      '/api/census/RecordHit',
      new URLSearchParams({ event: '10', ss_cvr: '', data: JSON.stringify(heartbeat(ID, path, 5000)) }).toString(),
    );

  it('answers at once and sends the hits the origin missed once it is back', async () => {
    await setOrigin(ORIGIN, { mode: 'down' });
    const first = await viaProxy(hit('/journal'), ORIGIN);
    expect(first.res.status).toBe(204);
    await first.settled;
    expect(censusBufferState().waiting).toBe(1);
    await setOrigin(ORIGIN, { mode: 'up' });
    const second = await viaProxy(hit('/about'), ORIGIN);
    await second.settled;
    expect(censusBufferState().waiting).toBe(0);
    const received = await originReceived(ORIGIN);
    expect(received.map((r) => JSON.parse(new URLSearchParams(r.body).get('data')!).url)).toEqual(['/journal', '/about']);
  });

  it('keeps at most the buffer size while the origin is down, dropping the oldest', async () => {
    await setOrigin(ORIGIN, { mode: 'down' });
    const dropped = censusBufferState().dropped;
    const sends = Array.from({ length: CENSUS_BUFFER_SIZE + 5 }, () => viaProxy(hit('/journal'), ORIGIN).then((r) => r.settled));
    await Promise.all(sends);
    expect(censusBufferState().waiting).toBe(CENSUS_BUFFER_SIZE);
    expect(censusBufferState().dropped - dropped).toBe(5);
    await setOrigin(ORIGIN, { mode: 'up' });
    await (
      await viaProxy(hit('/about'), ORIGIN)
    ).settled;
    expect(censusBufferState().waiting).toBe(0);
    expect(await originReceived(ORIGIN)).toHaveLength(CENSUS_BUFFER_SIZE);
  });

  it('sets the visitor cookies at the edge and sends error reports with their stacks cut', async () => {
    const view = post(
      '/api/census/RecordHit',
      new URLSearchParams({ event: '1', data: JSON.stringify(pageView(ID, '/journal')) }).toString(),
    );
    const { res, settled } = await viaProxy(view, ORIGIN);
    expect(res.headers.getAll('set-cookie').some((c) => c.startsWith('ss_cvr='))).toBe(true);
    await settled;
    const report = [{ event: 'interface_error_site', data: { message: 'boom', stack: 'y'.repeat(7000) }, timestamp: 1 }];
    const errors = await viaProxy(post('/api/events/RecordJavascriptErrors', JSON.stringify(report), 'application/json'), ORIGIN);
    expect(errors.res.status).toBe(204);
    await errors.settled;
    const sent = (await originReceived(ORIGIN)).find((r) => r.path === '/api/events/RecordJavascriptErrors')!;
    expect((JSON.parse(sent.body) as { data: { stack: string } }[])[0]!.data.stack).toHaveLength(5000 + '[STACK TRACE TRUNCATED]'.length);
  });

  it('answers the landing pixel itself and forwards the query', async () => {
    const { res, settled } = await viaProxy(proxyRequest(HOST, '/api/track/Track?landing=%2Fjournal&rk=7', {}, { crumb: false }), ORIGIN);
    expect(res.headers.get('content-type')).toBe('image/gif');
    await settled;
    expect((await originReceived(ORIGIN))[0]!.path).toBe('/api/track/Track?landing=%2Fjournal&rk=7');
  });
});

describe('the header rules of the proxy', () => {
  it('strips hop-by-hop headers (and those Connection names), platform headers and all cookies but the allowed ones', () => {
    const incoming = new Headers({
      Connection: 'keep-alive, X-Hop-Extra',
      'Keep-Alive': 'timeout=5',
      TE: 'trailers',
      Upgrade: 'h2c',
      'Proxy-Authorization': 'Basic eA==',
      'X-Hop-Extra': '1',
      'Transfer-Encoding': 'chunked',
      Host: 'apiproxy.localhost',
      'Content-Length': '12',
      'CF-Connecting-IP': '203.0.113.5',
      'True-Client-IP': '203.0.113.5',
      'X-Real-IP': '203.0.113.5',
      'Content-Type': 'application/json',
      Cookie: 'crumb=c; site_session=s; ss_cvr=a|1|1|1|1; ss_cid=x; other=1',
    });
    const out = originRequestHeaders(incoming, { websiteId: 'w', host: 'h', clientAddress: '203.0.113.5', withVisitorCookies: true });
    expect([...out.keys()].sort()).toEqual([
      'content-type',
      'cookie',
      'x-sitebuilder-client-address',
      'x-sitebuilder-host',
      'x-sitebuilder-website-id',
    ]);
    expect(out.get('cookie')).toBe('crumb=c; ss_cvr=a|1|1|1|1; ss_cid=x');
    expect(forwardedCookies('crumb=c; ss_cvr=a|1|1|1|1; ss_cvt=2', false)).toBe('crumb=c');
    expect(forwardedCookies('site_session=s', true)).toBeNull();

    const answer = clientResponse(
      new Response('{}', {
        status: 429,
        headers: {
          Connection: 'close',
          'Keep-Alive': 'timeout=5',
          'CF-Ray': 'r',
          'X-Powered-By': 'origin',
          'Retry-After': '30',
          'Set-Cookie': 'a=1',
        },
      }),
    );
    expect(answer.status).toBe(429);
    expect([...answer.headers.keys()].sort()).toEqual(['content-type', 'retry-after', 'set-cookie']);
  });
});
