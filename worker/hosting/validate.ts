// Validates a site snapshot as publish:site (on Node) and the Worker (at load) both do: brought to the current format,
// then the envelope, limits and references in shared/, and each block through the block registry.
// Block-aware checks live here because the block schemas live beside their components in worker/blocks/, which shared/ may not import.
import { formatPath } from '../../shared/snapshot/common.ts';
import type { Block } from '../../shared/snapshot/schema.ts';
import { checkSnapshot, fromIssues, type SnapshotIndex, type SnapshotResult, type Violation } from '../../shared/snapshot/validate.ts';
import { BLOCK_BY_CODE, parseBlock } from '../blocks/registry.ts';

export { formatViolation, type SnapshotResult, type Violation } from '../../shared/snapshot/validate.ts';

/**
 * Validates a snapshot, upgraded first from the format it is in (shared/snapshot/format.ts; the result holds the
 * upgraded document and what changed). `strictBlocks` (publish time) also reports every block of an unknown type or
 * whose data does not fit its schema; at request time such a block is skipped as it renders, rather than failing the
 * whole site. The collections, forms and items blocks refer to are checked in both.
 */
export function validateSnapshot(input: unknown, options: { strictBlocks?: boolean } = {}): SnapshotResult {
  const strict = options.strictBlocks ?? false;
  return checkSnapshot(input, (block, path, index) => checkBlock(block, path, index, strict));
}

function checkBlock(block: Block, at: readonly PropertyKey[], { collections, forms }: SnapshotIndex, strict: boolean): Violation[] {
  const parsed = parseBlock(block);
  if (!parsed.ok) {
    if (!strict) return [];
    if (!parsed.definition)
      return [{ path: formatPath([...at, 'type']), message: `expected one of ${[...BLOCK_BY_CODE.keys()].join(', ')}` }];
    return fromIssues(parsed.issues, [...at, 'data']);
  }
  const refs = parsed.definition.references?.(parsed.data) ?? {};
  const out: Violation[] = [];
  const add = (path: PropertyKey[], message: string) => out.push({ path: formatPath([...at, 'data', ...path]), message });
  for (const id of refs.collections ?? []) if (!collections.has(id)) add([], `no collection has id '${id}'`);
  for (const id of refs.forms ?? []) if (!forms.has(id)) add(['formId'], `no form has id '${id}'`);
  for (const { collectionId, itemId } of refs.items ?? []) {
    const collection = collections.get(collectionId);
    if (collection && !collection.items.some((item) => item.id === itemId))
      add(['itemId'], `no item has id '${itemId}' in that collection`);
  }
  return out;
}
