// The form block's props-only view (§4 Form submission lifecycle, §5, §8): a form that posts to the edge without script
// (method="post", a real action, the envelope in hidden fields) and, brought to life by its island, locks while it
// submits, shows the §8 notices and field errors, and after success hides its content for the post-submission text
// and HTML. Also the view of a post without script that came back (the `flash`), for the visitor who made it.
import type { FormEvent, ReactNode, Ref } from 'react';
import { ENVELOPE_NAMES, formAnchorId, NATIVE_SUBMIT_PATH } from '../../../shared/form-post.ts';
import { FORM_MESSAGES } from '../../../shared/form-values.ts';
import { islandRef } from '../../../shared/islands/protocol.ts';
import type { FormField } from '../../../shared/snapshot/schema.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { FormFields } from './fields.view.tsx';

/** §4: what the submit button reads while a submission is under way. */
export const SUBMITTING_TEXT = 'Submitting...';

/** Where a form is in its lifecycle, and what it shows. */
export interface FormState {
  phase: 'idle' | 'submitting' | 'success' | 'failed';
  /** the top notice of a failure (§8) */
  message?: string | undefined;
  /** field id → message */
  errors?: Record<string, string> | undefined;
  /** values as posted by control name (only from a post without script) */
  values?: Record<string, string[]> | undefined;
}

/** What a form submits with its values (§7 SaveFormSubmission) and where its page is. */
export interface FormEnvelope {
  formId: string;
  /** the block's id (the popup's name): which form of the page this is */
  objectName: string;
  collectionId: string;
  isOverlayForm: boolean;
  /** the page's path and query: where a post without script comes back to */
  returnTo: string;
  /** the site's Cloudflare Turnstile site key, when its forms carry the widget */
  turnstileSiteKey?: string | undefined;
  /** the site's country, whose address and phone shapes the fields take (shared/address-rules.ts); null: the default */
  country: string | null;
  /** a signup to the site's newsletter list: the affiliate network's pixel address, when the site has one (§7) */
  affiliatePixelUrl?: string | undefined;
}

/** What the honeypot's label says, should a screen reader ever reach it. */
export const HONEYPOT_LABEL = 'Leave this field empty';

/**
 * The hidden fields of the envelope, for the edge's no-script endpoint, and the honeypot (worker/forms/spam.ts): a text
 * control out of sight (clipped to nothing), out of the tab order and hidden from assistive technology, that no
 * browser or password manager fills in; a bot that fills every control fills it, and its submission is dropped.
 */
export function EnvelopeFields({ envelope }: { envelope: FormEnvelope }) {
  const trapId = `${formAnchorId(envelope.objectName)}.website`;
  return (
    <>
      <input type="hidden" name={ENVELOPE_NAMES.formId} value={envelope.formId} />
      <input type="hidden" name={ENVELOPE_NAMES.objectName} value={envelope.objectName} />
      <input type="hidden" name={ENVELOPE_NAMES.collectionId} value={envelope.collectionId} />
      <input type="hidden" name={ENVELOPE_NAMES.isOverlayForm} value={String(envelope.isOverlayForm)} />
      <input type="hidden" name={ENVELOPE_NAMES.returnTo} value={envelope.returnTo} />
      <div className="form-hp" aria-hidden="true">
        <label htmlFor={trapId}>{HONEYPOT_LABEL}</label>
        <input
          type="text"
          id={trapId}
          name={ENVELOPE_NAMES.honeypot}
          defaultValue=""
          tabIndex={-1}
          autoComplete="off"
          data-1p-ignore=""
          data-lpignore="true"
          data-bwignore=""
          data-form-type="other"
        />
      </div>
    </>
  );
}

/** Shown without script on a form that carries Turnstile, whose check needs script. */
export const TURNSTILE_NOSCRIPT_TEXT = 'This form has a security check that needs JavaScript. Please turn JavaScript on to send it.';

/**
 * Cloudflare Turnstile's widget, when the site uses it: the container its script (loaded by the page, see
 * worker/render/policy.ts) fills with the challenge and the token control. Its content belongs to that script: React
 * neither hydrates nor redraws it.
 */
export function TurnstileWidget({ siteKey, compact = false }: { siteKey: string | undefined; compact?: boolean }) {
  if (!siteKey) return null;
  return (
    <>
      <div
        className={cx('cf-turnstile form-turnstile', compact && 'is-compact')}
        data-sitekey={siteKey}
        data-size="flexible"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: empty, so React leaves the widget's content to Turnstile's script
        dangerouslySetInnerHTML={{ __html: '' }}
      />
      <noscript>
        <p className="form-turnstile-noscript">{TURNSTILE_NOSCRIPT_TEXT}</p>
      </noscript>
    </>
  );
}

export interface FormProps {
  envelope: FormEnvelope;
  fields: FormField[];
  /** the form's name, its accessible name when no title shows */
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  submitText: string;
  postSubmitText: string;
  /** owner HTML shown after success; its scripts run (§4) */
  postSubmitHtml: string;
  /** the page's query: hidden fields take their value from it (§5) */
  query: string;
  /** a narrow block: choices and parts stack */
  compact: boolean;
  /** the outcome of this visitor's post without script (a page rendered for them alone) */
  flash?: FormState | undefined;
}

export interface FormLive {
  state: FormState;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** the post-submission message, for focus and the scripts of its HTML */
  submissionRef: Ref<HTMLDivElement>;
}

export function FormView(props: FormProps & { live?: FormLive }) {
  const { envelope, fields, live } = props;
  const state = live?.state ?? props.flash ?? { phase: 'idle' };
  const base = formAnchorId(envelope.objectName);
  const titleId = `${base}-title`;
  const showTitle = !!props.title;
  const submitting = state.phase === 'submitting';
  const success = state.phase === 'success';
  const errors = state.phase === 'failed' ? state.errors : undefined;
  const message = state.phase === 'failed' ? state.message : undefined;
  const text = props.postSubmitText || (props.postSubmitHtml ? '' : 'Thank you!');
  return (
    <form
      id={base}
      className={cx('form-block', props.compact && 'is-compact', success && 'is-submitted')}
      method="post"
      action={NATIVE_SUBMIT_PATH}
      noValidate
      onSubmit={live?.onSubmit}
      aria-busy={submitting || undefined}
      {...(showTitle ? { 'aria-labelledby': titleId } : { 'aria-label': props.name })}
    >
      <EnvelopeFields envelope={envelope} />
      <div className="form-body" hidden={success}>
        {showTitle && (
          <h2 className="form-title" id={titleId}>
            {props.title}
          </h2>
        )}
        {props.description && <p className="form-description">{props.description}</p>}
        {/* the live region is always there, so a message that appears in it is announced */}
        <div className="form-message form-message-top" role="alert">
          {message && <p>{message}</p>}
        </div>
        <fieldset className="form-lock" disabled={submitting}>
          <div className="form-fields">
            <FormFields
              fields={fields}
              base={base}
              query={props.query}
              values={state.values}
              errors={errors}
              sectionLevel={showTitle ? 3 : 2}
              autoFocusError={!!props.flash && state === props.flash}
              country={envelope.country}
            />
          </div>
          {errors && <p className="form-message form-message-bottom">{FORM_MESSAGES.problemBottom}</p>}
          <TurnstileWidget siteKey={envelope.turnstileSiteKey} />
          <div className="form-actions">
            <button type="submit" className="button form-submit">
              {submitting ? SUBMITTING_TEXT : props.submitText}
            </button>
          </div>
        </fieldset>
      </div>
      <div className="form-submission" role="status" tabIndex={-1} ref={live?.submissionRef} hidden={!success}>
        {success && text && <p className="form-submission-text">{text}</p>}
        {success && props.postSubmitHtml && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the owner's post-submission HTML, placed as is by design
          <div className="form-submission-owner-html" dangerouslySetInnerHTML={{ __html: props.postSubmitHtml }} />
        )}
      </div>
    </form>
  );
}

export const formIsland = islandRef('form', FormView);

// ----- the signup form -----

// The compact signup form of the newsletter block and the popup overlay (props only): the form's fields with their
// labels for screen readers, one row with the button, a notice that is announced (and, when the field errors say it
// above the fields, only announced), posting to the edge without script and following the §4 lifecycle with it.
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
            country={envelope.country}
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
