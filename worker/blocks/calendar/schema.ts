// The data of the calendar block: the collection whose events it shows.
import type * as z from 'zod';
import { collectionRef } from '../parts/schema.ts';

export const schema = collectionRef;
export type CalendarData = z.output<typeof schema>;
