// Every data-island on every page of every fixture site names an island the client build has a chunk for, on the
// island element the loader looks for (docs/blocks-and-islands.md): an attribute that promises a behaviour no code
// brings would be a block that never comes to life, and a marker a reader would take for one.
import { beforeAll, describe, expect, it } from 'vitest';
import { ISLAND_NAME_ATTR, ISLAND_TAG } from '../shared/islands/protocol.ts';
import { islandChunk } from '../worker/kit/client-assets.ts';
import { crawlSite, unlockFixture } from './support/crawl.ts';
import { fixture, FIXTURE_FILES, hostOf, publishFixtures, type FixtureName } from './support/fixtures.ts';

beforeAll(publishFixtures);

/** Every element carrying the attribute, as its tag and the name it gives. */
const marked = (html: string) =>
  [...html.matchAll(new RegExp(`<([a-z][\\w-]*)\\b[^>]*?\\s${ISLAND_NAME_ATTR}="([^"]*)"`, 'g'))].map((m) => ({ tag: m[1]!, name: m[2]! }));

describe('data-island on the fixture sites', () => {
  for (const site of Object.keys(FIXTURE_FILES) as FixtureName[]) {
    it(`${site}: every data-island is an island element naming an island the build has`, async () => {
      const host = hostOf(site);
      const cookie = await unlockFixture(site, host);
      const pages = await crawlSite(host, fixture(site), cookie === undefined ? {} : { cookie });
      const wrong: string[] = [];
      let islands = 0;
      for (const page of pages.values()) {
        for (const { tag, name } of marked(page.html)) {
          islands++;
          if (tag !== ISLAND_TAG) wrong.push(`${page.path}: <${tag} ${ISLAND_NAME_ATTR}="${name}"> is not an island element`);
          else if (!islandChunk(name)) wrong.push(`${page.path}: no island named "${name}"`);
        }
      }
      expect([...new Set(wrong)]).toEqual([]);
      if (site !== 'hollow') expect(islands).toBeGreaterThan(0);
    });
  }
});
