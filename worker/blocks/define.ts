// The definition of one block type (worker/blocks/<name>/index.ts): its §3 code and name, the schema of its data, its
// server component and CSS, and the traits the rest of the runtime asks of it. Code that cares what a block is reads
// these through the registry (registry.ts) instead of comparing block.type with a code.
import type { ReactNode } from 'react';
import type * as z from 'zod';
import type { Image } from '../../shared/snapshot/common.ts';
import type { Block } from '../../shared/snapshot/schema.ts';
import type { DonationPage, SiteModel } from '../site/model.ts';

export interface BlockProps<D> {
  /** the block's data, already checked against its type's schema (defaults filled in) */
  data: D;
  /** the block envelope: id, type, layout code, span */
  block: Block;
}

/** What a block's data points at elsewhere in the snapshot; publishing fails when one of them is not there. */
export interface BlockReferences {
  collections?: readonly string[];
  forms?: readonly string[];
  /** items of a collection (checked when the collection itself exists) */
  items?: readonly { collectionId: string; itemId: string }[];
}

/**
 * One block type. Function members are written as methods so that every definition fits the registry's common type
 * (AnyBlock) while keeping its own data type: each is only ever called with data its own schema produced.
 */
export interface BlockDefinition<N extends string = string, C extends number = number, S extends z.ZodType = z.ZodType> {
  /** the §3 block type code (block.type) */
  readonly code: C;
  /** the §3 block name, spaces and dashes as underscores; the wrapper's class is block-{name with dashes} */
  readonly name: N;
  /** the block's data; checked strictly at publish, and per block at render (a block that does not fit is skipped) */
  readonly schema: S;
  /** the server component */
  Component(props: BlockProps<z.output<S>>): ReactNode;
  /** the block's CSS (one rule per line); a string several types share is emitted once */
  readonly styles?: string | readonly string[];

  /** Whether the block places code its owner wrote on the page, which the strict Content-Security-Policy would block. */
  ownerCode?(data: z.output<S>, site: SiteModel): boolean;
  /** The block's words, for the search index and for descriptions of pages and items that have none. */
  text?(data: z.output<S>): string;
  /** The collections, forms and items the block refers to. */
  references?(data: z.output<S>): BlockReferences;
  /** The form whose submissions are the site's newsletter list (an unsubscribe leaves every such form). */
  newsletterForm?(data: z.output<S>): string;
  /** The donation page the block makes routable. */
  donationPage?(data: z.output<S>): DonationPage;
  /** The images the block shows from its own data (so a page does not show one twice). */
  images?(data: z.output<S>): readonly Image[];
}

/** Any block type, as the registry and the code that walks layouts see it. */
export type AnyBlock = BlockDefinition;

/** Defines a block type; its name, code and data type stay literal, for the registry's derived types. */
export function defineBlock<const N extends string, const C extends number, S extends z.ZodType>(
  definition: BlockDefinition<N, C, S>,
): BlockDefinition<N, C, S> {
  return definition;
}
