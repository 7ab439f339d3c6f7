// The form block brought to life: the §4 lifecycle (worker/blocks/form/form.client.ts) drawn by the block's view.
import { useFormSubmission } from './form.client.ts';
import { FormView, type FormProps } from './form.view.tsx';

export default function FormIsland(props: FormProps) {
  const { state, onSubmit, submissionRef } = useFormSubmission({ envelope: props.envelope, fields: props.fields, initial: props.flash });
  return <FormView {...props} live={{ state, onSubmit, submissionRef }} />;
}
