// The islands each page of the fixture sites carries, as the Worker serves them (every fixture page an anonymous visitor
// sees: scripts/check-bundle.mjs's budget of the script that runs before the first interaction, per page type). Starts
// wrangler dev on the fixtures in a private state directory (as the browser tests do), reads each page's type from its
// page context and its top-level islands with their `when`, and prints them as JSON on stdout.
import { request } from 'node:http';
import { ISLAND_TAG } from '../shared/islands/protocol.ts';
import { PAGE_CONTEXT_ELEMENT_ID } from '../shared/page-context.ts';
import { startDevServer } from '../test/e2e/support/dev-server.ts';
import { brokenSiteRecords, FIXTURE_SITES, fixtureFile, fixturePages } from '../test/e2e/support/fixture-pages.ts';

export interface PageIslands {
  pageType: string;
  url: string;
  islands: { name: string; when: string }[];
}

function get(port: number, host: string, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `${host}:${port}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
    req.on('error', reject);
    req.end();
  });
}

const server = await startDevServer(
  FIXTURE_SITES.map((site) => fixtureFile(site)),
  { records: await brokenSiteRecords() },
);
const found: PageIslands[] = [];
try {
  for (const page of fixturePages()) {
    if (page.visitor !== 'anonymous') continue;
    const html = await get(server.port, page.host, page.path);
    const context = new RegExp(`<script[^>]*id="${PAGE_CONTEXT_ELEMENT_ID}"[^>]*>([\\s\\S]*?)</script>`).exec(html);
    let pageType = 'unknown';
    try {
      pageType = (JSON.parse(context?.[1] ?? '{}') as { pageTypeName?: string }).pageTypeName ?? 'unknown';
    } catch {
      // a page without a page context (the editor's own pages): named by its URL alone
    }
    // top-level islands only: an island inside another is rendered by its parent
    const islands: PageIslands['islands'] = [];
    let depth = 0;
    for (const m of html.matchAll(new RegExp(`<(/?)${ISLAND_TAG}(?: data-island="([a-z-]+)" data-when="([a-z]+)")?`, 'g'))) {
      if (m[1]) depth--;
      else {
        if (depth === 0 && m[2]) islands.push({ name: m[2], when: m[3]! });
        depth++;
      }
    }
    found.push({ pageType, url: `${page.host}${page.path}`, islands });
  }
} finally {
  await server.stop();
}
process.stdout.write(`${JSON.stringify(found)}\n`);
