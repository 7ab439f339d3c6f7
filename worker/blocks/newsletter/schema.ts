// The data of the newsletter block: its title and text, the form its signups are stored in (an email field, and a name
// field when it asks for names), the email placeholder, the thank-you and the small print.
import * as z from 'zod';
import { id } from '../../../shared/snapshot/common.ts';
import { text } from '../parts/schema.ts';

export const schema = z.object({
  title: text(200),
  description: text(2000).optional(),
  /**
   * the form of the snapshot its signups are submitted to (§7 SaveFormSubmission); required since snapshot format 2: a
   * format-1 block, which had none, is upgraded to the site's newsletter list (shared/snapshot/format.ts)
   */
  formId: id,
  buttonText: text(60).default('Sign Up'),
  placeholder: text(100).default('Email Address'),
  postSubmitText: text(2000).default('Thank you!'),
  disclaimer: text(2000).optional(),
});
export type NewsletterData = z.output<typeof schema>;
