// A fixture site published again under another identifier with some settings changed (a maps key, licensed preview
// images, other popup rules), as raw records for startDevServer: `{identifier}.localhost` answers with it.
import { readFileSync } from 'node:fs';
import { publishRecords } from '../../../shared/snapshot/publish.ts';
import type { SiteSnapshot } from '../../../shared/snapshot/schema.ts';
import { fixtureFile } from './fixture-pages.ts';

export function fixtureVariant(fixture: string, identifier: string, change: (site: SiteSnapshot) => void) {
  const site = JSON.parse(readFileSync(fixtureFile(fixture), 'utf8')) as SiteSnapshot;
  site.website.id = `site-${identifier}`;
  site.website.identifier = identifier;
  change(site);
  return publishRecords(JSON.stringify(site), { version: site.version, identifier, title: site.website.title }, `${identifier}.localhost`);
}
