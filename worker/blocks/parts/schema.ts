// Pieces of block data schemas that several block types use.
import * as z from 'zod';
import { id } from '../../../shared/snapshot/common.ts';

/** A string of at most `max` characters. */
export const text = (max = 10_000) => z.string().max(max);

export const alignment = z.enum(['left', 'center', 'right']);

/** Data that names one collection of the snapshot. */
export const collectionRef = z.object({ collectionId: id });

/** The references trait of a block whose data names one collection. */
export const referencesCollection = (data: { collectionId: string }) => ({ collections: [data.collectionId] });
