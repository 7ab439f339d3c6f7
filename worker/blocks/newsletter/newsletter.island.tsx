// The newsletter block brought to life: the §4 lifecycle (worker/blocks/form/form.client.ts) drawn by the block's view. It
// wakes on the visitor's first touch of the form (§9's small-container style is CSS, a container query: nothing to
// measure before then).
import { useFormSubmission } from '../form/form.client.ts';
import { NewsletterView, type NewsletterProps } from './newsletter.view.tsx';

export default function NewsletterIsland(props: NewsletterProps) {
  const { state, onSubmit, submissionRef } = useFormSubmission({ envelope: props.envelope, fields: props.fields, initial: props.flash });
  return <NewsletterView {...props} live={{ state, onSubmit, submissionRef }} />;
}
