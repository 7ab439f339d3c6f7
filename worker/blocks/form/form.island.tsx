// The form block brought to life: the §4 lifecycle (client/ui/form-submission.ts) drawn by the block's view.
import { useFormSubmission } from '../../../client/ui/form-submission.ts';
import { FormView, type FormProps } from './form.view.tsx';

export default function FormIsland(props: FormProps) {
  const { state, onSubmit, submissionRef } = useFormSubmission({ envelope: props.envelope, fields: props.fields, initial: props.flash });
  return <FormView {...props} live={{ state, onSubmit, submissionRef }} />;
}
