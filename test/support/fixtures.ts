// The fixture sites, validated as publish:site validates them, and helpers to read what a rendered page says.
import fernwood from '../../fixtures/sites/fernwood.json';
import hollow from '../../fixtures/sites/hollow.json';
import kettle from '../../fixtures/sites/kettle.json';
import lumen from '../../fixtures/sites/lumen.json';
import trailhead from '../../fixtures/sites/trailhead.json';
import type { PageContext } from '../../shared/page-context.ts';
import type { SiteSnapshot } from '../../shared/snapshot/schema.ts';
import { formatViolation, validateSnapshot } from '../../worker/hosting/validate.ts';
import { publish } from './sites.ts';

export const FIXTURE_FILES = { fernwood, trailhead, lumen, kettle, hollow } as const;
export type FixtureName = keyof typeof FIXTURE_FILES;

export function fixture(name: FixtureName): SiteSnapshot {
  const result = validateSnapshot(FIXTURE_FILES[name], { strictBlocks: true });
  if (!result.ok) throw new Error(`fixture ${name} is invalid:\n${result.violations.map(formatViolation).join('\n')}`);
  return result.snapshot;
}

export const hostOf = (name: FixtureName) => `${name}.localhost`;

/** Publishes every fixture site at {identifier}.localhost, as npm start does. */
export async function publishFixtures(): Promise<void> {
  for (const name of Object.keys(FIXTURE_FILES) as FixtureName[]) await publish(FIXTURE_FILES[name], hostOf(name));
}

/** The page context a document carries, parsed from its JSON script element. */
export function contextOf(html: string): PageContext {
  const m = /<script type="application\/json" id="site-context"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('the document has no page context');
  return JSON.parse(m[1]!) as PageContext;
}

/** The text of a document with tags removed and entities decoded, for "the page shows X" assertions. */
export function textOf(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
}
