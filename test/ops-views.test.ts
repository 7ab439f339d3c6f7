// Issue 31 §4: the ops views under /__ops/ on any host, behind OPS_TOKEN (Bearer, compared in constant time): a site's
// version, parse time and size, its form outbox (backlog, oldest waiting entry, dead letters), the isolate's held
// sites and memory. 401 without the credential; 404 for the whole path while OPS_TOKEN is unset.
import { createExecutionContext, env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../worker/index.ts';
import type { Env } from '../worker/env.ts';
import { sameToken } from '../worker/routes/ops.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, visit } from './support/sites.ts';

/** An ops view's JSON, read loosely: each test says what it expects of it. */
// biome-ignore lint/suspicious/noExplicitAny: the tests read nested fields of the views' JSON with toMatchObject and matchers
type OpsBody = Record<string, any>;

const HOST = 'opsviews.localhost';
const TOKEN = 'ops-token-0123456789abcdef-0123456789';
const withToken = { ...env, OPS_TOKEN: TOKEN } as Env;

function ops(path: string, init: RequestInit = {}, config: Env = withToken, host = 'anything.localhost'): Promise<Response> {
  return Promise.resolve(worker.fetch(new Request(`http://${host}/__ops${path}`, init), config, createExecutionContext()));
}
const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

beforeAll(async () => {
  const site = minimalSite({ version: '2026-12-02.1' });
  site.website.identifier = 'opsviews';
  site.website.id = 'w-opsviews';
  await publish(site, HOST);
  await (await visit(HOST, '/')).arrayBuffer();
  // a submission waiting for the origin in the site's outbox
  await env.FORM_OUTBOX.getByName('w-opsviews').enqueue({
    key: 'edge.ops-1',
    formId: 'form-contact',
    url: 'https://origin.example.test/api/form/SaveFormSubmission',
    method: 'POST',
    headers: [['Content-Type', 'application/x-www-form-urlencoded']],
    body: 'form=%7B%7D',
    timeoutMs: 1000,
  });
});

describe('the ops views', () => {
  it.each([
    ['no credential', {}],
    ['a wrong token', bearer('ops-token-0123456789abcdef-0123456780')],
    ['the token in another scheme', { headers: { Authorization: `Basic ${TOKEN}` } }],
    ['the token as a prefix', bearer(`${TOKEN}x`)],
  ])('refuse %s: 401, and nothing of the view', async (_, init) => {
    for (const path of ['/isolate', `/sites/${HOST}`, `/sites/${HOST}/outbox`]) {
      const res = await ops(path, init);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="ops"');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(await res.text()).not.toContain('opsviews');
    }
  });

  it('do not exist while OPS_TOKEN is unset: 404, with or without a credential', async () => {
    const res = await ops('/isolate', bearer(TOKEN), { ...env, OPS_TOKEN: undefined } as unknown as Env);
    expect(res.status).toBe(404);
    expect((await visit('anything.localhost', '/__ops/isolate', bearer(TOKEN))).status).toBe(404);
  });

  it('show a site’s published version, and its size and parse time in this isolate, from any host', async () => {
    const res = await ops(`/sites/${HOST}`, bearer(TOKEN));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const body = (await res.json()) as OpsBody;
    expect(body).toMatchObject({ host: HOST, site: 'opsviews', usable: true });
    expect(body.version).toMatch(/^2026-12-02\.1\+/);
    expect(body.parsed).toMatchObject({ identifier: 'opsviews', version: body.version, held: true, wholeSnapshot: false });
    expect(body.parsed.jsonChars).toBeGreaterThan(100);
    expect(body.parsed.heldBytes).toBeGreaterThan(body.parsed.jsonChars);
    expect(body.parsed.parseMs).toBeGreaterThanOrEqual(0);
    expect((await ops('/sites/nobody.localhost', bearer(TOKEN))).status).toBe(404);
  });

  it('show a site’s outbox: the backlog, the entry waiting longest and the dead letters, without the visitor’s data', async () => {
    const res = await ops(`/sites/${HOST}/outbox`, bearer(TOKEN));
    expect(res.status).toBe(200);
    const body = (await res.json()) as OpsBody;
    expect(body).toMatchObject({ host: HOST, site: 'opsviews', deadLetters: [] });
    // what the outbox itself answers (the entry above was waiting, or already went to the tests' stand-in origin)
    const { backlog } = body;
    expect(Object.keys(backlog).sort()).toEqual(
      ['dead', 'deadErased', 'delivered', 'nextAlarmAt', 'oldestPending', 'oldestPendingAt', 'pending'].sort(),
    );
    expect(backlog.pending + backlog.delivered + backlog.dead).toBe(1);
    if (backlog.pending) expect(body.backlog.oldestPending).toMatchObject({ key: 'edge.ops-1', formId: 'form-contact' });
    expect(JSON.stringify(body)).not.toContain('form=');
  });

  it('show the isolate’s held sites and its memory estimate', async () => {
    const res = await ops('/isolate', bearer(TOKEN));
    expect(res.status).toBe(200);
    const body = (await res.json()) as OpsBody;
    expect(body.sites.map((s: { identifier: string }) => s.identifier)).toContain('opsviews');
    expect(body.memory.estimatedBytes).toBe(body.records.heldBytes);
    expect(body.memory.budgetBytes).toBeGreaterThan(0);
  });

  it('compare the token in constant time, whatever the lengths', async () => {
    expect(await sameToken(TOKEN, TOKEN)).toBe(true);
    expect(await sameToken(TOKEN.slice(0, -1), TOKEN)).toBe(false);
    expect(await sameToken('', TOKEN)).toBe(false);
  });
});
