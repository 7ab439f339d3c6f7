// The compact signup form of the newsletter block and the popup overlay (props only): the form's fields with their
// labels for screen readers, one row with the button, a notice that is announced (and, when the field errors say it
// above the fields, only announced), posting to the edge without script and following the §4 lifecycle with it.
import type { FormEvent, ReactNode } from 'react';
import { NATIVE_SUBMIT_PATH } from '../../../shared/form-post.ts';
import type { FormField } from '../../../shared/snapshot/schema.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { FormFields } from './fields.view.tsx';
import { EnvelopeFields, SUBMITTING_TEXT, TurnstileWidget, type FormEnvelope, type FormState } from './form.view.tsx';

export interface SignupFormProps {
  /** the class prefix of its host: `{prefix}-form`, `-message`, `-lock` and `-fields` */
  prefix: string;
  /** the base of the controls' ids */
  base: string;
  /** the heading that names the form */
  titleId: string;
  envelope: FormEnvelope;
  fields: readonly FormField[];
  query: string;
  state: FormState;
  /** the first field in error takes the focus as the page loads (the outcome of a post without script) */
  autoFocusError: boolean;
  buttonText: string;
  buttonClassName: string;
  emailPlaceholder?: string | undefined;
  onSubmit?: ((event: FormEvent<HTMLFormElement>) => void) | undefined;
  /** after the fields (the small print) */
  children?: ReactNode;
}

export function SignupForm({
  prefix,
  base,
  titleId,
  envelope,
  fields,
  query,
  state,
  autoFocusError,
  buttonText,
  buttonClassName,
  emailPlaceholder,
  onSubmit,
  children,
}: SignupFormProps) {
  const submitting = state.phase === 'submitting';
  const failed = state.phase === 'failed';
  const fieldErrors = failed && !!state.errors && Object.keys(state.errors).length > 0;
  return (
    <form
      className={`${prefix}-form`}
      method="post"
      action={NATIVE_SUBMIT_PATH}
      noValidate
      aria-labelledby={titleId}
      aria-busy={submitting || undefined}
      hidden={state.phase === 'success'}
      onSubmit={onSubmit}
    >
      <EnvelopeFields envelope={envelope} />
      {/* with field errors the message stands above the field; the notice still tells screen readers */}
      <div className={cx(`${prefix}-message`, fieldErrors && 'visually-hidden')} role="alert">
        {failed && state.message && <p>{state.message}</p>}
      </div>
      <fieldset className={`${prefix}-lock`} disabled={submitting}>
        <div className={`${prefix}-fields`}>
          <FormFields
            fields={fields}
            base={base}
            query={query}
            values={state.values}
            errors={failed ? state.errors : undefined}
            compact
            emailPlaceholder={emailPlaceholder}
            autoFocusError={autoFocusError}
          />
          <button type="submit" className={buttonClassName}>
            {submitting ? SUBMITTING_TEXT : buttonText}
          </button>
        </div>
        <TurnstileWidget siteKey={envelope.turnstileSiteKey} compact />
      </fieldset>
      {children}
    </form>
  );
}
