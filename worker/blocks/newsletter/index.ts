// Block type 51, newsletter: a sign-up form for the site's newsletter, stored as submissions of its form.
import { defineBlock } from '../define.ts';
import { words } from '../parts/text.ts';
import { NewsletterBlock } from './newsletter.tsx';
import { schema } from './schema.ts';
import { styles } from './styles.ts';

export default defineBlock({
  code: 51,
  name: 'newsletter',
  schema,
  Component: NewsletterBlock,
  styles,
  text: (data) => words(data.title, data.description, data.buttonText),
  references: (data) => ({ forms: [data.formId] }),
  newsletterForm: (data) => data.formId,
});
