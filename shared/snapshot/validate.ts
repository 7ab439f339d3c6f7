// Checks a snapshot in full: brought to the current format first (format.ts), then the schema, the limits of §9 and
// references between its parts, handing each block of every layout to a check the caller gives (the Worker's,
// worker/hosting/validate.ts, knows the block types). Every violation is reported as `path: reason`.
import type { z } from 'zod';
import { COLLECTION_TYPES } from '../codes.ts';
import { LIMITS } from '../limits.ts';
import { formatPath } from './common.ts';
import { upgradeSnapshot } from './format.ts';
import { snapshotSchema, type Block, type Collection, type Layout, type NavigationItem, type SiteSnapshot } from './schema.ts';

export interface Violation {
  path: string;
  message: string;
}

export type SnapshotResult =
  | {
      ok: true;
      snapshot: SiteSnapshot;
      /** the snapshot as JSON in the current format, with its formatVersion: what publish:site stores */
      document: unknown;
      /** the format it came in, and what upgrading it to the current one changed (`path: change`) */
      upgraded: { from: number; changes: string[] };
    }
  | { ok: false; violations: Violation[] };

export function formatViolation(v: Violation): string {
  return `${v.path}: ${v.message}`;
}

/** Schema issues as violations, their paths under `prefix`. */
export function fromIssues(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []): Violation[] {
  return issues.map((i) => ({ path: formatPath([...prefix, ...i.path]), message: i.message }));
}

/** Every layout of the snapshot with the path that leads to it. */
export function* layoutsOf(s: SiteSnapshot): Generator<[path: PropertyKey[], layout: Layout]> {
  for (const [i, p] of s.pages.entries()) yield [['pages', i, 'layout'], p.layout];
  for (const [i, c] of s.collections.entries()) {
    if (c.headerLayout) yield [['collections', i, 'headerLayout'], c.headerLayout];
    for (const [j, item] of c.items.entries()) if (item.body) yield [['collections', i, 'items', j, 'body'], item.body];
  }
}

/** What a block check may look things up in: the snapshot's collections by id and its form ids. */
export interface SnapshotIndex {
  collections: ReadonlyMap<string, Collection>;
  forms: ReadonlySet<string>;
}

/** Checks one block at `path` (its place in the snapshot) and reports what is wrong with it. */
export type BlockCheck = (block: Block, path: readonly PropertyKey[], index: SnapshotIndex) => Violation[];

function checkReferences(s: SiteSnapshot, checkBlock: BlockCheck): Violation[] {
  const out: Violation[] = [];
  const add = (path: PropertyKey[], message: string) => out.push({ path: formatPath(path), message });

  // ids and URL ids are unique across pages and collections: both are served at /{urlId}
  const ids = new Map<string, string>();
  const urlIds = new Map<string, string>();
  const claim = (path: PropertyKey[], id: string, urlId: string) => {
    const where = formatPath(path);
    if (ids.has(id)) add([...path, 'id'], `duplicate id '${id}' (also ${ids.get(id)})`);
    else ids.set(id, where);
    if (urlIds.has(urlId)) add([...path, 'urlId'], `duplicate urlId '${urlId}' (also ${urlIds.get(urlId)})`);
    else urlIds.set(urlId, where);
  };
  s.pages.forEach((p, i) => {
    claim(['pages', i], p.id, p.urlId);
  });
  s.collections.forEach((c, i) => {
    claim(['collections', i], c.id, c.urlId);
    const itemUrlIds = new Set<string>();
    c.items.forEach((item, j) => {
      if (itemUrlIds.has(item.urlId)) add(['collections', i, 'items', j, 'urlId'], `duplicate item urlId '${item.urlId}'`);
      itemUrlIds.add(item.urlId);
      if (c.type === COLLECTION_TYPES.PRODUCTS && !item.product) {
        add(['collections', i, 'items', j, 'product'], 'an item of a products collection needs a product');
      }
    });
  });
  const externalGalleries = s.collections.filter((c) => c.type === COLLECTION_TYPES.PHOTO_SHARING).length;
  if (externalGalleries > LIMITS.externalGalleries) {
    add(['collections'], `at most ${LIMITS.externalGalleries} galleries from the external photo-hosting service`);
  }

  const walkNav = (path: PropertyKey[], items: NavigationItem[]) =>
    items.forEach((item, i) => {
      if (item.kind === 'page' && !ids.has(item.id)) add([...path, i, 'id'], `no page or collection has id '${item.id}'`);
      if (item.kind === 'folder') walkNav([...path, i, 'items'], item.items);
    });
  for (const [name, items] of Object.entries(s.navigation)) walkNav(['navigation', name], items);
  if (s.website.homepageId && !ids.has(s.website.homepageId)) {
    add(['website', 'homepageId'], `no page or collection has id '${s.website.homepageId}'`);
  }

  const index: SnapshotIndex = { collections: new Map(s.collections.map((c) => [c.id, c])), forms: new Set(s.forms.map((f) => f.id)) };
  const popupForm = s.settings.popupOverlaySettings?.formId;
  if (popupForm !== undefined && !index.forms.has(popupForm)) {
    add(['settings', 'popupOverlaySettings', 'formId'], `no form has id '${popupForm}'`);
  }
  const badge = s.settings.productBadge;
  if (
    badge &&
    !s.collections.some((c) => c.type === COLLECTION_TYPES.PRODUCTS && c.items.some((i) => i.id === badge.productId && i.product))
  ) {
    add(['settings', 'productBadge', 'productId'], `no product of the site's store has id '${badge.productId}'`);
  }
  for (const [path, layout] of layoutsOf(s)) {
    layout.blocks.forEach((block, b) => {
      out.push(...checkBlock(block, [...path, 'blocks', b], index));
    });
  }
  return out;
}

/**
 * Validates a snapshot: upgraded from its format to the current one (a format newer than this runtime reads is refused
 * with that alone), then its schema and limits, the references between its parts, and each block with `checkBlock`.
 */
export function checkSnapshot(input: unknown, checkBlock: BlockCheck): SnapshotResult {
  const upgrade = upgradeSnapshot(input);
  if (!upgrade.ok) return upgrade;
  const parsed = snapshotSchema.safeParse(upgrade.snapshot);
  if (!parsed.success) return { ok: false, violations: fromIssues(parsed.error.issues) };
  const violations = checkReferences(parsed.data, checkBlock);
  if (violations.length) return { ok: false, violations };
  return { ok: true, snapshot: parsed.data, document: upgrade.snapshot, upgraded: { from: upgrade.from, changes: upgrade.changes } };
}
