// The data of the form block: which form of the snapshot it shows, and whether with its title.
import * as z from 'zod';
import { id } from '../../../shared/snapshot/common.ts';

export const schema = z.object({ formId: id, showTitle: z.boolean().default(true) });
export type FormData = z.output<typeof schema>;
