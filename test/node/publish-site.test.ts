// npm run publish:site, run as ops run it: an invalid file exits non-zero and writes nothing; a valid one is readable.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'publish-test-'));
const state = join(dir, 'state');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
const run = (bin: string, args: string[]) => spawnSync(join(root, 'node_modules', '.bin', bin), args, { cwd: root, env, encoding: 'utf8' });
const publish = (...args: string[]) => run('tsx', ['scripts/publish-site.ts', ...args, '--persist-to', state]);

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
});
