// Stored snapshots at request time: a bad one gives ERROR 500 and one log line; each version is parsed once.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hostKey } from '../shared/snapshot/publish.ts';
import { snapshotParseCount } from '../worker/site/load.ts';
import { contextOf } from './support/fixtures.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, visit } from './support/sites.ts';

afterEach(() => vi.restoreAllMocks());

describe('a stored snapshot that cannot be used', () => {
  it.each([
    ['is not JSON', '{"version": "1", "website": '],
    ['breaks the schema', JSON.stringify({ ...minimalSite(), version: '' })],
    ['breaks a §9 limit', JSON.stringify(minimalSite({ pages: [{ id: 'p', urlId: 'p', title: 'P', layout: { blocks: Array.from({ length: 61 }, (_, i) => ({ id: `b${i}`, type: 21, data: {} })) } }] }))],
  ])('gives the ERROR page type with status 500 and one log line when it %s', async (_name, text) => {
    const host = `bad-${Math.random().toString(36).slice(2)}.localhost`;
    await publish(text, host);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await visit(host, '/');
    const html = await res.text();
    expect(res.status).toBe(500);
    expect(contextOf(html).pageTypeName).toBe('ERROR');
    expect(html).toContain('Something Went Wrong!');
    const lines = errors.mock.calls.map((c) => String(c[0]));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('snapshot.invalid');
    expect(lines[0]).toContain(host);
  });

  it('gives ERROR 500 when the host pointer names a missing record', async () => {
    await env.SITES.put(hostKey('dangling.localhost'), JSON.stringify({ snapshotKey: 'snapshot:gone:1', version: '1', identifier: 'gone', title: 'Gone', publishedAt: '' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await visit('dangling.localhost', '/');
    expect(res.status).toBe(500);
  });
});

describe('snapshot parsing', () => {
  it('parses each published version once per isolate, and again after a new publish', async () => {
    const host = 'once.localhost';
    await publish(minimalSite(), host);
    await visit(host, '/').then((r) => r.text());
    const afterFirst = snapshotParseCount();
    for (let i = 0; i < 5; i++) await visit(host, '/').then((r) => r.text());
    expect(snapshotParseCount()).toBe(afterFirst);

    const next = minimalSite({ version: '2026-11-02.1' });
    next.pages[0]!.title = 'Welcome back';
    await publish(next, host);
    const html = await visit(host, '/').then((r) => r.text());
    expect(html).toContain('Welcome back');
    expect(snapshotParseCount()).toBe(afterFirst + 1);
  });
});
