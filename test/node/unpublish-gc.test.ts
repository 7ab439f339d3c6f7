// npm run publish:site, unpublish:site and gc, run as ops run them against wrangler's local state: a republish writes
// only what changed, a record KV would refuse is refused by name, unpublishing removes the host's pointer, and gc
// removes the records no pointer names (and nothing written within its grace period).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'unpublish-test-'));
const state = join(dir, 'state');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
const run = (bin: string, args: string[]) => spawnSync(join(root, 'node_modules', '.bin', bin), args, { cwd: root, env, encoding: 'utf8' });
const script = (name: string, ...args: string[]) => run('tsx', [`scripts/${name}.ts`, ...args, '--persist-to', state]);
const kv = (...args: string[]) =>
  run('wrangler', ['kv', 'key', ...args, '--binding', 'SITES', '--local', '--preview', 'false', '--persist-to', state]);
const kvGet = (key: string) => {
  const got = kv('get', key, '--text');
  return got.status === 0 && got.stdout.trim() !== 'Value not found' ? got.stdout : null;
};
const kvKeys = () => (JSON.parse(kv('list').stdout) as { name: string }[]).map((k) => k.name);
const manifestOf = (host: string) => {
  const pointer = JSON.parse(kvGet(`host:${host}`)!) as { manifest: string };
  return (JSON.parse(kvGet(pointer.manifest)!) as { keys: string[] }).keys;
};
const fernwood = () => JSON.parse(readFileSync(join(root, 'fixtures/sites/fernwood.json'), 'utf8'));

describe('publish:site, unpublish:site and gc against local KV', () => {
  const first = join(dir, 'fernwood-1.json');
  const second = join(dir, 'fernwood-2.json');

  it('republishes a site after one item changed by writing only the records that changed', () => {
    writeFileSync(first, JSON.stringify(fernwood()));
    const site = fernwood();
    const journal = site.collections.find((c: { urlId: string }) => c.urlId === 'journal');
    journal.items[1].title = 'A retitled post';
    writeFileSync(second, JSON.stringify(site));

    const one = script('publish-site', first, '--host', 'www.fernwood.example');
    expect(one.status, one.stderr).toBe(0);
    const [, total, wrote] = /: (\d+) records \([\d.]+ MiB\); wrote (\d+) records/.exec(one.stdout)!;
    expect(Number(wrote)).toBe(Number(total));

    const two = script('publish-site', second, '--host', 'www.fernwood.example');
    expect(two.status, two.stderr).toBe(0);
    const [, total2, wrote2, bytes2, unchanged] =
      /: (\d+) records \([\d.]+ MiB\); wrote (\d+) records \(([\d.]+) MiB\), (\d+) unchanged/.exec(two.stdout)!;
    // the item, the chunks, filters, slugs, feed and search shards it is in, the site record, the manifest: not the rest
    expect(Number(wrote2)).toBeGreaterThan(2);
    expect(Number(wrote2)).toBeLessThan(Number(total2) / 2);
    expect(Number(unchanged)).toBe(Number(total2) - Number(wrote2));
    expect(Number(bytes2)).toBeGreaterThan(0);
  }, 120_000);

  it('refuses a record larger than KV accepts, naming it and its size, and writes nothing', () => {
    const site = JSON.parse(readFileSync(join(root, 'fixtures/sites/lumen.json'), 'utf8'));
    // five pages of 60 blocks of 90,000 characters: a site record of some 26 MiB
    const markdown = 'moss fern '.repeat(9000);
    for (let p = 0; p < 5; p++) {
      site.pages.push({
        id: `big-${p}`,
        urlId: `big-${p}`,
        title: `Big ${p}`,
        type: 10,
        layout: { blocks: Array.from({ length: 60 }, (_, i) => ({ id: `big-${p}-${i}`, type: 44, span: 12, data: { markdown } })) },
      });
    }
    const file = join(dir, 'oversize.json');
    writeFileSync(file, JSON.stringify(site));
    const elsewhere = join(dir, 'oversize-state');
    const result = run('tsx', ['scripts/publish-site.ts', file, '--persist-to', elsewhere]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/record site:lumen:[0-9a-f]+ is 25\.\d MiB \(\d+ bytes\); KV accepts at most 25\.0 MiB per value/);
    expect(existsSync(elsewhere)).toBe(false);
  }, 120_000);

  it('unpublishes a host: its pointer goes, the records stay, and saying so twice fails', () => {
    const lumen = script('publish-site', join(root, 'fixtures/sites/lumen.json'), '--host', 'www.lumen.example');
    expect(lumen.status, lumen.stderr).toBe(0);
    const result = script('unpublish-site', 'WWW.Fernwood.example');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('removed the pointer of www.fernwood.example (fernwood ');
    expect(result.stdout).toContain('its pages answer 404 within 65 s');
    expect(kvGet('host:www.fernwood.example')).toBeNull();
    expect(kvKeys().some((k) => k.startsWith('site:fernwood:'))).toBe(true);

    const again = script('unpublish-site', 'www.fernwood.example');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('no site is published at www.fernwood.example (local KV): nothing was removed');
  }, 120_000);

  it('gc keeps records written within its grace period, then removes every record no pointer names', () => {
    const before = kvKeys();
    const kept = script('gc');
    expect(kept.status, kept.stderr).toBe(0);
    expect(kept.stdout).toMatch(/removed 0 records no pointer names, kept \d+ written less than 3600 s ago/);
    expect(kvKeys()).toEqual(before);

    const live = manifestOf('www.lumen.example');
    const result = script('gc', '--grace', '0');
    expect(result.status, result.stderr).toBe(0);
    const dead = before.filter((k) => k.startsWith('host:') === false && !live.includes(k));
    expect(result.stdout).toContain(`1 host pointers naming ${live.length} records; removed ${dead.length} records no pointer names`);
    expect(dead.every((k) => k.includes(':fernwood:'))).toBe(true);
    expect(kvKeys().sort()).toEqual([...live, 'host:www.lumen.example'].sort());
  }, 120_000);
});
