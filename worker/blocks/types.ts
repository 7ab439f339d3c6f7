// The contract between the block renderer and each block type's component.
import type { ReactNode } from 'react';
import type { BlockTypeName } from '../../shared/codes.ts';
import type { BlockData } from '../../shared/snapshot/blocks.ts';
import type { Block } from '../../shared/snapshot/schema.ts';

export interface BlockProps<N extends BlockTypeName> {
  /** the block's data, already checked against its type's schema (defaults filled in) */
  data: BlockData<N>;
  /** the block envelope: id, type, layout code, span */
  block: Block;
}

export type BlockComponent<N extends BlockTypeName> = (props: BlockProps<N>) => ReactNode;

/** A typed map of block components; a registry of every name fails type-checking when one is missing. */
export type BlockGroup<K extends BlockTypeName> = { [N in K]: BlockComponent<N> };
