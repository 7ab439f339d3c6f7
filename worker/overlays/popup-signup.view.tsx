// The popup overlay's signup as a props-only view (§4 Popup overlay): the form of the site settings' signup and the
// message that replaces it, drawn by the popup's view (popup-overlay.view.tsx) and hydrated with exactly this by
// popup-signup.client.tsx when the visitor turns to it. A file of its own, so the signup's chunk holds none of the
// popup's view and the popup's island none of the signup's.
import { formAnchorId } from '../../shared/form-post.ts';
import type { FormField } from '../../shared/snapshot/schema.ts';
import type { FormEnvelope, FormLive, FormState } from '../blocks/form/form.view.tsx';
import { SignupForm } from '../blocks/form/form.view.tsx';

/** What the signup draws from (the popup's props, and the ids of the view around it). */
export interface PopupSignupProps {
  envelope: FormEnvelope;
  fields: FormField[];
  query: string;
  buttonText: string;
  postSubmitText: string;
  flash?: FormState | undefined;
}

/**
 * The signup: the form and the message that replaces it, the content of the `commerce-popup-signup` element (which
 * the browser hydrates with exactly this).
 */
export function PopupSignup(props: PopupSignupProps & { live?: FormLive | undefined }) {
  const { live, envelope } = props;
  const state = live?.state ?? props.flash ?? { phase: 'idle' };
  const base = formAnchorId(envelope.objectName);
  const success = state.phase === 'success';
  return (
    <>
      <SignupForm
        prefix="commerce-popup"
        base={base}
        titleId={`${base}-title`}
        envelope={envelope}
        fields={props.fields}
        query={props.query}
        state={state}
        autoFocusError={!!props.flash && state === props.flash}
        buttonText={props.buttonText}
        buttonClassName="commerce-button"
        onSubmit={live?.onSubmit}
      />
      <div className="commerce-popup-submitted" role="status" tabIndex={-1} ref={live?.submissionRef} hidden={!success}>
        {success && <p>{props.postSubmitText}</p>}
      </div>
    </>
  );
}
