// The data of the newsletter block: its title and text, the form's labels, whether it asks for names, the thank-you.
import * as z from 'zod';
import { text } from '../parts/schema.ts';

export const schema = z.object({
  title: text(200),
  description: text(2000).optional(),
  buttonText: text(60).default('Sign Up'),
  placeholder: text(100).default('Email Address'),
  collectNames: z.boolean().default(false),
  postSubmitText: text(2000).default('Thank you!'),
  disclaimer: text(2000).optional(),
});
export type NewsletterData = z.output<typeof schema>;
