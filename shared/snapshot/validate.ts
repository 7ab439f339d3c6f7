// Checks a snapshot in full: the schema, the limits of §9, references between its parts and (strictly, at publish)
// every block's data. Every violation is reported as `path: reason`.
import type { z } from 'zod';
import { BLOCK_TYPE_NAMES, COLLECTION_TYPES, type BlockTypeName } from '../codes.ts';
import { LIMITS } from '../limits.ts';
import { BLOCK_DATA, referencedCollectionIds } from './blocks.ts';
import { formatPath } from './common.ts';
import { snapshotSchema, type Layout, type NavigationItem, type SiteSnapshot } from './schema.ts';

export interface Violation {
  path: string;
  message: string;
}

export type SnapshotResult = { ok: true; snapshot: SiteSnapshot } | { ok: false; violations: Violation[] };

export function formatViolation(v: Violation): string {
  return `${v.path}: ${v.message}`;
}

function fromIssues(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []): Violation[] {
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

/** Parses one block's data against its type's schema. */
export function parseBlockData(
  type: number,
  data: unknown,
): { ok: true; name: BlockTypeName; data: unknown } | { ok: false; name: BlockTypeName | undefined; issues: readonly z.core.$ZodIssue[] } {
  const name = BLOCK_TYPE_NAMES.get(type);
  if (!name) return { ok: false, name, issues: [{ code: 'custom', path: [], message: `unknown block type ${type}`, input: type }] };
  const result = (BLOCK_DATA[name] as z.ZodType).safeParse(data);
  return result.success ? { ok: true, name, data: result.data } : { ok: false, name, issues: result.error.issues };
}

function checkReferences(s: SiteSnapshot, strictBlocks: boolean): Violation[] {
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
  s.pages.forEach((p, i) => claim(['pages', i], p.id, p.urlId));
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

  const collections = new Map(s.collections.map((c) => [c.id, c]));
  const forms = new Set(s.forms.map((f) => f.id));
  const walkNav = (path: PropertyKey[], items: NavigationItem[]) =>
    items.forEach((item, i) => {
      if (item.kind === 'page' && !ids.has(item.id)) add([...path, i, 'id'], `no page or collection has id '${item.id}'`);
      if (item.kind === 'folder') walkNav([...path, i, 'items'], item.items);
    });
  for (const [name, items] of Object.entries(s.navigation)) walkNav(['navigation', name], items);
  if (s.website.homepageId && !ids.has(s.website.homepageId)) {
    add(['website', 'homepageId'], `no page or collection has id '${s.website.homepageId}'`);
  }

  for (const [path, layout] of layoutsOf(s)) {
    layout.blocks.forEach((block, b) => {
      const at = [...path, 'blocks', b];
      const name = BLOCK_TYPE_NAMES.get(block.type);
      if (!name) {
        if (strictBlocks) add([...at, 'type'], `expected one of ${[...BLOCK_TYPE_NAMES.keys()].join(', ')}`);
        return;
      }
      if (strictBlocks) {
        const parsed = parseBlockData(block.type, block.data);
        if (!parsed.ok) out.push(...fromIssues(parsed.issues, [...at, 'data']));
      }
      for (const ref of referencedCollectionIds(name, block.data)) {
        if (!collections.has(ref)) add([...at, 'data'], `no collection has id '${ref}'`);
      }
      const d = block.data as { formId?: unknown; itemId?: unknown; collectionId?: unknown };
      if (name === 'form' && typeof d.formId === 'string' && !forms.has(d.formId))
        add([...at, 'data', 'formId'], `no form has id '${d.formId}'`);
      if ((name === 'product' || name === 'comments') && typeof d.itemId === 'string') {
        const c = collections.get(String(d.collectionId));
        if (c && !c.items.some((item) => item.id === d.itemId))
          add([...at, 'data', 'itemId'], `no item has id '${d.itemId}' in that collection`);
      }
    });
  }
  return out;
}

/**
 * Validates a snapshot. `strictBlocks` (publish time) also checks every block's data; at request time blocks are
 * checked one by one as they render, so one bad block is skipped rather than failing the site.
 */
export function validateSnapshot(input: unknown, options: { strictBlocks?: boolean } = {}): SnapshotResult {
  const parsed = snapshotSchema.safeParse(input);
  if (!parsed.success) return { ok: false, violations: fromIssues(parsed.error.issues) };
  const violations = checkReferences(parsed.data, options.strictBlocks ?? false);
  return violations.length ? { ok: false, violations } : { ok: true, snapshot: parsed.data };
}
