// Every page type of every fixture site as URLs to visit: each site's pages, each collection and one visible item of
// it, and the system and commerce page types, taken from the fixture files so a new page is checked without an edit.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { storedSnapshotRecords, validatedRecords } from '../../../shared/snapshot/publish.ts';
import { blockTraits } from '../../../worker/blocks/indexes.ts';
import { formatViolation, validateSnapshot } from '../../../worker/hosting/validate.ts';
import type { SiteSnapshot } from '../../../shared/snapshot/schema.ts';

/** Who is looking: an anonymous visitor, a visitor who unlocked a password-protected site, or a logged-in owner. */
export type Visitor = 'anonymous' | 'unlocked' | 'owner';

export interface FixturePage {
  /** site/what, unique: names the test and the saved HTML file */
  name: string;
  host: string;
  path: string;
  visitor: Visitor;
}

export const FIXTURE_SITES = ['fernwood', 'trailhead', 'lumen', 'kettle', 'hollow'] as const;
export const fixtureFile = (site: string) => join('fixtures', 'sites', `${site}.json`);

/** The password that unlocks hollow, which is protected as a whole (fixtures/README.md). */
export const HOLLOW_PASSWORD = 'open-the-gate';
export const OWNER = { host: 'fernwood.localhost', email: 'owner@fernwood.example', password: 'correct-horse-battery' };

interface SnapshotOutline {
  pages: { urlId: string }[];
  collections: { urlId: string; items: { urlId: string; status: number }[] }[];
}

/** The URLs of one fixture site: one per page type it can show, and every page and collection it has. */
function sitePages(site: string, visitor: Visitor): FixturePage[] {
  const text = readFileSync(fixtureFile(site), 'utf8');
  const snapshot = JSON.parse(text) as SnapshotOutline;
  const host = `${site}.localhost`;
  const list: FixturePage[] = [];
  const add = (path: string, what: string) => list.push({ name: `${site}/${what}`, host, path, visitor });
  add('/', 'home');
  for (const p of snapshot.pages) add(`/${p.urlId}`, `page ${p.urlId}`);
  for (const c of snapshot.collections) {
    add(`/${c.urlId}`, `collection ${c.urlId}`);
    // a PUBLISHED item (status 1): drafts and scheduled items are 404, checked as NOT_FOUND below
    const item = c.items.find((i) => i.status === 1);
    if (item) add(`/${c.urlId}/${item.urlId}`, `item ${c.urlId}/${item.urlId}`);
  }
  add('/no-such-page', 'NOT_FOUND');
  add('/search?q=the', 'SEARCH');
  // SHOW_CART, or COMMERCE_CART_V2 where the store uses cart version 2
  add('/cart', 'cart');
  add('/checkout', 'CHECKOUT');
  add('/commerce/order-confirmed?orderId=TH-10452', 'ORDER_CONFIRMED');
  add('/newsletter/unsubscribe?email=reader%40example.com', 'NEWSLETTER_UNSUBSCRIBE');
  add('/commerce/email-preview', 'COMMERCE_EMAIL_PREVIEW');
  add('/popup-overlay', 'POPUP_OVERLAY');
  add('/?logout=true', 'home with the Logout Successful dialog');
  for (const id of new Set([...text.matchAll(/"donatePageId":\s*"([^"]+)"/g)].map((m) => m[1]!))) {
    add(`/commerce/donate?donatePageId=${id}`, `DONATE ${id}`);
    add(`/commerce/contribution-confirmed?donatePageId=${id}`, `CONTRIBUTION_CONFIRMED ${id}`);
  }
  return list;
}

/** Every page to check: the fixture sites (hollow locked, then unlocked), the ERROR page, /login and the editor. */
export function fixturePages(): FixturePage[] {
  const list: FixturePage[] = [];
  for (const site of FIXTURE_SITES) {
    if (site === 'hollow') {
      list.push({ name: 'hollow/LOCK_SCREEN (site-wide)', host: 'hollow.localhost', path: '/', visitor: 'anonymous' });
      list.push(...sitePages(site, 'unlocked'));
    } else {
      list.push(...sitePages(site, 'anonymous'));
    }
  }
  list.push({ name: 'broken/ERROR', host: BROKEN_HOST, path: '/', visitor: 'anonymous' });
  list.push({ name: 'fernwood/login', host: OWNER.host, path: '/login', visitor: 'anonymous' });
  list.push({ name: 'fernwood/config editor frame', host: OWNER.host, path: '/config/?frameUrl=%2F', visitor: 'owner' });
  return list;
}

export const BROKEN_HOST = 'broken.localhost';

/** KV records of a deliberately invalid snapshot (stored whole, as `npm start` stores it), which shows the ERROR page type. */
export function brokenSiteRecords(): Promise<{ key: string; value: string }[]> {
  return storedSnapshotRecords(
    '{"version": "broken", "website": {"identifier": "broken"}}',
    { version: 'broken', identifier: 'broken', title: 'A broken snapshot' },
    BROKEN_HOST,
  );
}

/**
 * KV records (for startDevServer's `records`) of a copy of a fixture site under another identifier, served at
 * `{identifier}.localhost`, with its snapshot changed by `change` (popup settings, a Turnstile site key…).
 */
export async function publishVariant(fixture: string, identifier: string, change: (site: SiteSnapshot) => void) {
  const site = JSON.parse(readFileSync(fixtureFile(fixture), 'utf8')) as SiteSnapshot;
  site.website.id = `site-${identifier}`;
  site.website.identifier = identifier;
  change(site);
  // published as publish:site publishes it: validated strictly, split into records, the pointer last
  const result = validateSnapshot(site, { strictBlocks: true });
  if (!result.ok)
    throw new Error(`the ${identifier} variant of ${fixture} is not valid:\n  ${result.violations.map(formatViolation).join('\n  ')}`);
  return (await validatedRecords(result, blockTraits, `${identifier}.localhost`)).records;
}
