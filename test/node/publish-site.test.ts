// npm run publish:site, run as ops run it: an invalid file exits non-zero and writes nothing; a valid one is readable.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_LIST_FORM_ID, SNAPSHOT_FORMAT } from '../../shared/snapshot/format.ts';

const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'publish-test-'));
const state = join(dir, 'state');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
const run = (bin: string, args: string[]) => spawnSync(join(root, 'node_modules', '.bin', bin), args, { cwd: root, env, encoding: 'utf8' });
const publish = (...args: string[]) => run('tsx', ['scripts/publish-site.ts', ...args, '--persist-to', state]);
/** A value from the local KV state publish:site wrote. */
const kvGet = (key: string) =>
  run('wrangler', ['kv', 'key', 'get', key, '--binding', 'SITES', '--local', '--preview', 'false', '--persist-to', state, '--text']);
const corpus = readdirSync(join(root, 'fixtures/snapshots')).filter((f) => f.endsWith('.json'));

describe('npm run publish:site', () => {
  it('rejects an invalid snapshot with every violation, exits 1 and writes nothing', () => {
    const site = JSON.parse(readFileSync(join(root, 'fixtures/sites/lumen.json'), 'utf8'));
    site.pages[0].layout.blocks = Array.from({ length: 62 }, (_, i) => ({ id: `b${i}`, type: 21, data: {} }));
    site.website.baseUrl = 'not a url';
    const file = join(dir, 'invalid.json');
    writeFileSync(file, JSON.stringify(site));
    const result = publish(file);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('is not a valid site snapshot; nothing was published');
    expect(result.stderr).toContain('pages[0].layout.blocks[61]: at most 60 blocks per layout');
    expect(result.stderr).toContain('website.baseUrl: ');
    expect(existsSync(state)).toBe(false);
  });

  it('rejects a file that is not JSON', () => {
    const file = join(dir, 'garbage.json');
    writeFileSync(file, '{"version": ');
    const result = publish(file);
    expect(result.status).toBe(1);
    expect(existsSync(state)).toBe(false);
  });

  it('refuses a snapshot of a format newer than it reads, naming formatVersion, and writes nothing', () => {
    const site = JSON.parse(readFileSync(join(root, 'fixtures/sites/lumen.json'), 'utf8'));
    const file = join(dir, 'future.json');
    writeFileSync(file, JSON.stringify({ formatVersion: SNAPSHOT_FORMAT + 1, ...site }));
    const elsewhere = join(dir, 'future-state');
    const result = run('tsx', ['scripts/publish-site.ts', file, '--persist-to', elsewhere]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`formatVersion: format ${SNAPSHOT_FORMAT + 1} is newer than this runtime reads`);
    expect(existsSync(elsewhere)).toBe(false);
  });

  it('publishes a valid snapshot at the host asked for', () => {
    const result = publish(join(root, 'fixtures/sites/lumen.json'), '--host', 'www.lumen.example');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('published Lumen Studio at www.lumen.example (local KV)');
    const pointer = run('wrangler', [
      'kv',
      'key',
      'get',
      'host:www.lumen.example',
      '--binding',
      'SITES',
      '--local',
      '--preview',
      'false',
      '--persist-to',
      state,
      '--text',
    ]);
    expect(pointer.status, pointer.stderr).toBe(0);
    expect(JSON.parse(pointer.stdout)).toMatchObject({ identifier: 'lumen', title: 'Lumen Studio' });
  }, 60_000);

  it.each(corpus)('publishes %s of the corpus of earlier formats, saying what it brought to the current format', (file) => {
    const host = `${file.replace(/\.json$/, '')}.example`;
    const result = publish(join(root, 'fixtures/snapshots', file), '--host', host);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`is a snapshot of format \\d+; brought to format ${SNAPSHOT_FORMAT} for publishing:\\n  \\S`));
    expect(result.stdout).toContain(`at ${host} (local KV)`);
  });

  it('stores a snapshot of an earlier format in the current one, with its formatVersion and the newsletter list', () => {
    const file = 'format-1-kettle-newsletter-without-form.json';
    const result = publish(join(root, 'fixtures/snapshots', file), '--host', 'stored.kettle.example');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      `pages[1].layout.blocks[1].data.formId: signs up to the site's newsletter list, form '${NEWSLETTER_LIST_FORM_ID}'`,
    );
    const pointer = kvGet('host:stored.kettle.example');
    expect(pointer.status, pointer.stderr).toBe(0);
    // the site record the pointer names: what the snapshot holds but its items, in the current format
    const record = kvGet((JSON.parse(pointer.stdout) as { site: string }).site);
    expect(record.status, record.stderr).toBe(0);
    const stored = JSON.parse(record.stdout) as {
      formatVersion: number;
      forms: { id: string }[];
      pages: { layout: { blocks: { data: Record<string, unknown> }[] } }[];
    };
    expect(stored.formatVersion).toBe(SNAPSHOT_FORMAT);
    expect(stored.forms.map((f) => f.id)).toContain(NEWSLETTER_LIST_FORM_ID);
    expect(stored.pages[1]!.layout.blocks[1]!.data.formId).toBe(NEWSLETTER_LIST_FORM_ID);
  });
});
