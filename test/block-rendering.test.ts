// Every block type renders server-side from its fixture data; a block whose data does not fit is logged and skipped.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Block, SiteSnapshot } from '../shared/snapshot/schema.ts';
import { BLOCK_CODES, BLOCK_NAMES, type BlockTypeName } from '../worker/blocks/registry.ts';
import { fixture, FIXTURE_FILES, hostOf, publishFixtures, type FixtureName } from './support/fixtures.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, visit } from './support/sites.ts';

beforeAll(publishFixtures);
afterEach(() => vi.restoreAllMocks());

/** Where each block of an unlocked, visitor-visible place of a fixture can be seen. */
function placedBlocks(name: FixtureName): { block: Block; path: string }[] {
  const s: SiteSnapshot = fixture(name);
  if (s.website.password) return [];
  const out: { block: Block; path: string }[] = [];
  for (const page of s.pages) if (!page.password) for (const block of page.layout.blocks) out.push({ block, path: `/${page.urlId}` });
  for (const c of s.collections) {
    if (c.password) continue;
    for (const block of c.headerLayout?.blocks ?? []) out.push({ block, path: `/${c.urlId}` });
    for (const item of c.items) {
      if (item.status !== 1) continue;
      for (const block of item.body?.blocks ?? []) out.push({ block, path: `/${c.urlId}/${item.urlId}` });
    }
  }
  return out;
}

const firstOfEachType = () => {
  const seen = new Map<BlockTypeName, { site: FixtureName; block: Block; path: string }>();
  for (const site of Object.keys(FIXTURE_FILES) as FixtureName[]) {
    for (const placed of placedBlocks(site)) {
      const name = BLOCK_NAMES.get(placed.block.type)!;
      if (!seen.has(name)) seen.set(name, { site, ...placed });
    }
  }
  return seen;
};

describe('every block type', () => {
  const seen = firstOfEachType();

  it('appears on a page a visitor can open', () => {
    expect([...seen.keys()].sort()).toEqual((Object.keys(BLOCK_CODES) as BlockTypeName[]).sort());
  });

  it.each([...seen.entries()].map(([name, p]) => [name, p.site, p.path, p.block.id] as const))(
    '%s renders on %s %s',
    async (name, site, path, blockId) => {
      const warnings = vi.spyOn(console, 'warn');
      const errors = vi.spyOn(console, 'error');
      const html = await (await visit(hostOf(site), path, { headers: { 'User-Agent': 'Googlebot/2.1' } })).text();
      const wrapper = new RegExp(`<div class="([^"]*)" id="block-${blockId}" data-block-type="(\\d+)"`).exec(html);
      expect(wrapper, `block ${blockId} is on the page`).not.toBeNull();
      expect(wrapper![1]!.split(' ')).toContain(`block-${name.replace(/_/g, '-')}`);
      expect(Number(wrapper![2])).toBe(BLOCK_CODES[name]);
      const logged = [...warnings.mock.calls, ...errors.mock.calls].map((c) => String(c[0])).filter((l) => l.includes(blockId));
      expect(logged).toEqual([]);
    },
  );
});

describe('block data that does not fit its type', () => {
  it('is logged and skipped for visitors while the rest of the page renders', async () => {
    const site = minimalSite();
    site.website.identifier = 'badblock';
    site.pages[0]!.layout.blocks = [
      { id: 'before', type: 2, data: { html: '<p>Before the broken button.</p>' } },
      { id: 'broken-button', type: 53, data: { buttonText: 'Go', clickthroughUrl: 'javascript:alert(1)' } },
      { id: 'future', type: 999, data: {} },
      { id: 'after', type: 2, data: { html: '<p>After the broken button.</p>' } },
    ];
    await publish(site, 'badblock.localhost');
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await visit('badblock.localhost', '/');
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('Before the broken button.');
    expect(html).toContain('After the broken button.');
    expect(html).not.toContain('block-broken-button');
    expect(html).not.toContain('javascript:alert');
    expect(html).not.toContain('block-future');
    const lines = warnings.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('block.skipped'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('"blockId":"broken-button"');
    expect(lines[0]).toContain('clickthroughUrl');
    expect(lines[1]).toContain('unknown block type 999');
  });
});
