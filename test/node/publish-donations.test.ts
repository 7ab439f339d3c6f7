// npm run publish:site and the secure host's owner records: a site's donation pages are written as `donate:{id}` after
// its pointer and said so; an id another site offers is refused with both named and nothing written; the secure host
// itself is no host to publish at.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'publish-donations-'));
const state = join(dir, 'state');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
const run = (bin: string, args: string[]) => spawnSync(join(root, 'node_modules', '.bin', bin), args, { cwd: root, env, encoding: 'utf8' });
const publish = (...args: string[]) => run('tsx', ['scripts/publish-site.ts', ...args, '--persist-to', state]);
/** A value of the local KV state publish:site wrote, or null. */
function kvGet(key: string): string | null {
  const r = run('wrangler', [
    'kv',
    'key',
    'get',
    key,
    '--binding',
    'SITES',
    '--local',
    '--preview',
    'false',
    '--persist-to',
    state,
    '--text',
  ]);
  return r.status !== 0 || r.stdout.trim() === 'Value not found' ? null : r.stdout;
}
const trailhead = join(root, 'fixtures/sites/trailhead.json');

describe('npm run publish:site and donation pages', () => {
  it('writes the owner of each donation page after the pointer, and says so', () => {
    const result = publish(trailhead, '--host', 'trailhead.sitebuilder.app');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('then the pointer, then the owner of its donation pages on the secure host (donate:trail-fund)');
    expect(JSON.parse(kvGet('donate:trail-fund')!)).toEqual({ identifier: 'trailhead', host: 'trailhead.sitebuilder.app' });
  });

  it('refuses a donatePageId another site offers, naming the id and the site, and writes nothing', () => {
    const site = JSON.parse(readFileSync(trailhead, 'utf8'));
    site.website.id = 'site-thief';
    site.website.identifier = 'thief';
    const file = join(dir, 'thief.json');
    writeFileSync(file, JSON.stringify(site));
    const result = publish(file);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('offers donation pages another site offers; nothing was published');
    expect(result.stderr).toContain("donatePageId 'trail-fund' is offered by the site trailhead (published at trailhead.sitebuilder.app)");
    expect(kvGet('host:thief.localhost')).toBeNull();
    expect(JSON.parse(kvGet('donate:trail-fund')!)).toEqual({ identifier: 'trailhead', host: 'trailhead.sitebuilder.app' });
  });

  it('refuses to publish at the secure host', () => {
    const result = publish(join(root, 'fixtures/sites/lumen.json'), '--host', 'secure.sitebuilder.app');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("secure.sitebuilder.app is the product's secure host, which serves no site; nothing was published");
    expect(kvGet('host:secure.sitebuilder.app')).toBeNull();
  });
});
