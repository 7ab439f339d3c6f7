// Stored snapshots at request time: a bad one gives ERROR 500 and one log line; each version is parsed once.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SNAPSHOT_FORMAT } from '../shared/snapshot/format.ts';
import { hostKey, normaliseHost } from '../shared/snapshot/publish.ts';
import { heldSite, INVALID_SNAPSHOT_LOG_INTERVAL_MS, loadSite, logInvalidSnapshot, snapshotParseCount } from '../worker/hosting/load.ts';
import { contextOf } from './support/fixtures.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, publishStored, visit } from './support/sites.ts';

afterEach(() => vi.restoreAllMocks());

describe('a stored snapshot that cannot be used', () => {
  it.each([
    ['is not JSON', '{"version": "1", "website": '],
    ['breaks the schema', JSON.stringify({ ...minimalSite(), version: '' })],
    [
      'breaks a §9 limit',
      JSON.stringify(
        minimalSite({
          pages: [
            {
              id: 'p',
              urlId: 'p',
              title: 'P',
              layout: { blocks: Array.from({ length: 61 }, (_, i) => ({ id: `b${i}`, type: 21, data: {} })) },
            },
          ],
        }),
      ),
    ],
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

  it('logs a broken site once a minute per isolate, counting the requests in between, and the ERROR page for each', async () => {
    const host = `bad-${Math.random().toString(36).slice(2)}.localhost`;
    await publish('{"version": "1", "website": ', host);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (let i = 0; i < 4; i++) {
      const res = await visit(host, i % 2 ? '/elsewhere' : '/');
      expect(res.status).toBe(500);
      expect(contextOf(await res.text()).pageTypeName).toBe('ERROR');
    }
    expect(errors).toHaveBeenCalledTimes(1);
    // a minute later by this isolate's clock the next failure is logged again, with how many were not
    const minuteOn = Date.now() + INVALID_SNAPSHOT_LOG_INTERVAL_MS;
    const first = JSON.parse(String(errors.mock.calls[0]![0])) as { version: string; error: string };
    const lookup = { version: first.version, reason: first.error };
    logInvalidSnapshot(normaliseHost(host), lookup, undefined, minuteOn);
    expect(errors).toHaveBeenCalledTimes(2);
    const line = JSON.parse(String(errors.mock.calls[1]![0])) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 'error', event: 'snapshot.invalid', host, version: first.version, repeated: 3 });
    logInvalidSnapshot(normaliseHost(host), lookup, undefined, minuteOn + 1);
    expect(errors).toHaveBeenCalledTimes(2);
  });

  it('gives the ERROR page type and logs why, naming formatVersion, when it claims a format newer than the runtime reads', async () => {
    // published by a newer publish:site before the Worker that reads its format was deployed
    const host = 'future-format.localhost';
    await publish({ ...minimalSite(), formatVersion: SNAPSHOT_FORMAT + 1 }, host);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await visit(host, '/');
    expect(res.status).toBe(500);
    expect(contextOf(await res.text()).pageTypeName).toBe('ERROR');
    const line = JSON.parse(String(errors.mock.calls[0]![0])) as Record<string, unknown>;
    expect(line).toMatchObject({ event: 'snapshot.invalid', host });
    expect(line.error).toContain(`formatVersion: format ${SNAPSHOT_FORMAT + 1} is newer than this runtime reads`);
  });

  it('gives ERROR 500 when the host pointer names a missing record', async () => {
    await env.SITES.put(
      hostKey('dangling.localhost'),
      JSON.stringify({ snapshotKey: 'snapshot:gone:1', version: '1', identifier: 'gone', title: 'Gone', publishedAt: '' }),
    );
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

describe('a stored snapshot of an earlier format', () => {
  it('is upgraded as it is read, once per version, with one log line saying what changed', async () => {
    // as publish:site stored it before formats: a newsletter block without a form
    const site = minimalSite({ version: 'before-formats' });
    site.website.identifier = 'beforeformats';
    site.pages[0]!.layout.blocks.push({ id: 'letter', type: 51, data: { title: 'The letter' } });
    const host = 'before-formats.localhost';
    await publishStored(site, host);
    const logged = vi.spyOn(console, 'log');
    for (let i = 0; i < 3; i++) {
      const html = await visit(host, `/?visit=${i}`).then((r) => r.text());
      expect(html).toContain('id="block-letter"');
    }
    const lines = logged.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('snapshot.upgraded'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      event: 'snapshot.upgraded',
      site: 'beforeformats',
      from: 1,
      count: 2,
      changes: [
        "pages[0].layout.blocks[1].data.formId: signs up to the site's newsletter list, form 'newsletter-list'",
        "forms[0]: the site's newsletter list 'newsletter-list' (email), added",
      ],
    });
  });
});

describe('the host pointer', () => {
  it('is kept by the isolate for SITE_POINTER_TTL_MS, then read again, so a publish is seen within that time', async () => {
    const host = 'pointer.localhost';
    await publish(minimalSite({ version: 'p1' }), host);
    const first = await loadSite(env.SITES, host, 60_000);
    expect(first.kind === 'ok' && first.site.version).toMatch(/^p1/);
    await publish(minimalSite({ version: 'p2' }), host);
    // within the time the isolate answers from the pointer it read...
    const kept = await loadSite(env.SITES, host, 60_000);
    expect(kept.kind === 'ok' && kept.site.version).toMatch(/^p1/);
    // ...and once it has passed (here: a time of 0) it reads KV and finds the new version
    const fresh = await loadSite(env.SITES, host, 0);
    expect(fresh.kind === 'ok' && fresh.site.version).toMatch(/^p2/);
  });

  it('answers without waiting what loadSite answers while the pointer is held and its record parsed, and nothing else', async () => {
    const host = 'held.localhost';
    await publish(minimalSite({ version: 'h1' }), host);
    // never read by this isolate: loadSite has to read KV
    expect(heldSite(host, 60_000)).toBeUndefined();
    const loaded = await loadSite(env.SITES, host, 60_000);
    expect(heldSite(host, 60_000)).toBe(loaded);
    // a pointer older than the time asked for is read again by loadSite
    expect(heldSite(host, 0)).toBeUndefined();
    // a record that failed validation is held as what it is, and served as the ERROR page by the same path
    const bad = 'held-bad.localhost';
    await publish('{"version": "1", "website": ', bad);
    const invalid = await loadSite(env.SITES, bad, 60_000);
    expect(invalid.kind).toBe('invalid');
    expect(heldSite(bad, 60_000)).toBe(invalid);
  });
});
