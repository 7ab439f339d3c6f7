// The data of the navigation block: which navigation section of the site it lists, and which way.
import * as z from 'zod';

export const schema = z.object({
  section: z.string().min(1).max(60),
  orientation: z.enum(['horizontal', 'vertical']).default('vertical'),
});
export type NavigationData = z.output<typeof schema>;
