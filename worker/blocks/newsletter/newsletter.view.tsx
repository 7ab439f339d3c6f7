// The newsletter block's props-only view: a compact sign-up form of its form's fields (an email, and names when the form
// asks for them) that posts to the edge without script and, as an island, follows the form lifecycle of §4 with §8's
// messages; the thank-you replaces it. §9: the small-container style when the block is under 320px wide.
import type { Ref } from 'react';
import { formAnchorId } from '../../../shared/form-post.ts';
import { islandRef } from '../../../shared/islands/protocol.ts';
import type { FormField } from '../../../shared/snapshot/schema.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { type FormEnvelope, type FormLive, type FormState } from '../form/form.view.tsx';
import { SignupForm } from '../form/signup-form.view.tsx';

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
  /** §9: the block is narrower than 320px, as its span suggests (the island measures it) */
  small: boolean;
  flash?: FormState | undefined;
}

export interface NewsletterLive extends FormLive {
  rootRef: Ref<HTMLDivElement>;
  /** §9 measured in the browser: the block's container is under 320px wide */
  small: boolean;
}

export function NewsletterView(props: NewsletterProps & { live?: NewsletterLive }) {
  const { envelope, live } = props;
  const small = live ? live.small : props.small;
  const state = live?.state ?? props.flash ?? { phase: 'idle' };
  const base = formAnchorId(envelope.objectName);
  const titleId = `${base}-title`;
  const success = state.phase === 'success';
  return (
    <div id={base} ref={live?.rootRef} className={cx('newsletter-block', small && 'is-small')}>
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
