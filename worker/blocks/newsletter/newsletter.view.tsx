// The newsletter block's props-only view: a compact sign-up form of its form's fields (an email, and names when the form
// asks for them) that posts to the edge without script and, as an island, follows the form lifecycle of §4 with §8's
// messages; the thank-you replaces it. §9: the small-container style when the block is under 320px wide (a container
// query in styles.ts, so the form is right before any script and however its column changes).
import { formAnchorId } from '../../../shared/form-post.ts';
import { islandRef } from '../../../shared/islands/protocol.ts';
import type { FormField } from '../../../shared/snapshot/schema.ts';
import type { FormEnvelope, FormLive, FormState } from '../form/form.view.tsx';
import { SignupForm } from '../form/form.view.tsx';

export interface NewsletterProps {
  envelope: FormEnvelope;
  fields: FormField[];
  query: string;
  title: string;
  description?: string | undefined;
  buttonText: string;
  placeholder: string;
  postSubmitText: string;
  disclaimer?: string | undefined;
  flash?: FormState | undefined;
}

export function NewsletterView(props: NewsletterProps & { live?: FormLive }) {
  const { envelope, live } = props;
  const state = live?.state ?? props.flash ?? { phase: 'idle' };
  const base = formAnchorId(envelope.objectName);
  const titleId = `${base}-title`;
  const success = state.phase === 'success';
  return (
    <div id={base} className="newsletter-block">
      <div className="newsletter-inner">
        <div className="newsletter-text">
          <h2 className="newsletter-title" id={titleId}>
            {props.title}
          </h2>
          {props.description && <p className="newsletter-description">{props.description}</p>}
        </div>
        <SignupForm
          prefix="newsletter"
          base={base}
          titleId={titleId}
          envelope={envelope}
          fields={props.fields}
          query={props.query}
          state={state}
          autoFocusError={!!props.flash && state === props.flash}
          buttonText={props.buttonText}
          buttonClassName="button newsletter-submit"
          emailPlaceholder={props.placeholder}
          onSubmit={live?.onSubmit}
        >
          {props.disclaimer && <p className="newsletter-disclaimer">{props.disclaimer}</p>}
        </SignupForm>
        <div className="newsletter-submitted" role="status" tabIndex={-1} ref={live?.submissionRef} hidden={!success}>
          {success && <p>{props.postSubmitText}</p>}
        </div>
      </div>
    </div>
  );
}

export const newsletterIsland = islandRef('newsletter', NewsletterView);
