// A block left out of a page as it renders (its data does not fit its type) is counted per site, readable by ops through
// droppedBlocks(), and logged with the site's running count.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { droppedBlocks } from '../worker/site/dropped-blocks.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, visit } from './support/sites.ts';

afterEach(() => vi.restoreAllMocks());

/** A site whose home page holds a good block and `bad` buttons whose link no visitor may follow. */
async function siteWithBadBlocks(identifier: string, bad: string[]): Promise<string> {
  const site = minimalSite({ version: `${identifier}-1` });
  site.website.identifier = identifier;
  site.pages[0]!.layout.blocks.push(
    ...bad.map((id) => ({ id, type: 53, data: { buttonText: 'Go', clickthroughUrl: 'javascript:alert(1)' } })),
  );
  const host = `${identifier}.localhost`;
  await publish(site, host);
  return host;
}

describe('a block left out of a page as it renders', () => {
  it('is counted per site, each block with its reason, and each log line carries the count', async () => {
    const shop = await siteWithBadBlocks('dropsshop', ['buy', 'gift']);
    const blog = await siteWithBadBlocks('dropsblog', ['follow']);
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // two renders of the shop's home page (a query of its own each, so the page cache does not answer), one of the blog's
    for (const path of ['/?r=1', '/?r=2']) expect(await visit(shop, path).then((r) => r.text())).not.toContain('block-buy');
    await visit(blog, '/').then((r) => r.text());

    const of = (site: string) => droppedBlocks().find((d) => d.site === site);
    expect(of('dropsshop')).toMatchObject({
      count: 4,
      blocks: [
        { blockId: 'buy', type: 53, count: 2, version: expect.stringMatching(/^dropsshop-1\+/) },
        { blockId: 'gift', type: 53, count: 2 },
      ],
    });
    expect(of('dropsshop')!.blocks[0]!.reason).toContain('clickthroughUrl: a link is an internal path');
    expect(of('dropsblog')).toMatchObject({ count: 1, blocks: [{ blockId: 'follow', count: 1 }] });
    expect(of('minimal')).toBeUndefined();

    const lines = warnings.mock.calls
      .map((c) => JSON.parse(String(c[0])) as Record<string, unknown>)
      .filter((l) => l.event === 'block.skipped');
    expect(lines.map((l) => [l.site, l.blockId, l.droppedOnSite])).toEqual([
      ['dropsshop', 'buy', 1],
      ['dropsshop', 'gift', 2],
      ['dropsshop', 'buy', 3],
      ['dropsshop', 'gift', 4],
      ['dropsblog', 'follow', 1],
    ]);
  });
});
