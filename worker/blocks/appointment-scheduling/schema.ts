// The data of the appointment scheduling block: the business, its booking page, and the appointment types it offers.
import * as z from 'zod';
import { href, priceCents } from '../../../shared/snapshot/common.ts';
import { text } from '../parts/schema.ts';

export const schema = z.object({
  businessName: text(200),
  bookingUrl: href,
  appointmentTypes: z
    .array(z.object({ name: text(200), durationMinutes: z.number().int().positive(), priceCents: priceCents.optional() }))
    .min(1)
    .max(30),
});
export type AppointmentSchedulingData = z.output<typeof schema>;
