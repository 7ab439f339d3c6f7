// The form submission lifecycle of §4, shared by the form block, the newsletter block and the popup overlay: the §5
// values read from the form (shared/form-post.ts), the same checks as the edge before any round trip
// (shared/form-values.ts), FormSubmissionKey then SaveFormSubmission through the request layer (§7; crumbFail is
// retried there), and §8's message for every way it can fail. On success the global form-submit-success event fires.
import { fireAffiliatePixels } from '../../../client/ui/affiliate.ts';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { DISABLE_USER_SCRIPTS_COOKIE, disablesUserScripts } from '../../../shared/cookies.ts';
import { collectValues, spamFieldsOf, type SpamFields } from '../../../shared/form-post.ts';
import {
  checkSubmission,
  FORM_MESSAGES,
  submissionFailure,
  validationFailure,
  type SubmissionFailure,
} from '../../../shared/form-values.ts';
import type { FormField } from '../../../shared/snapshot/schema.ts';
import type { FormEnvelope, FormState } from './form.view.tsx';
import { readCookie } from '../../../client/lib/cookies.ts';
import { request, RequestError } from '../../../client/lib/request.ts';
import { prefersReducedMotion } from '../../../client/ui/scroll.ts';

/** §7's calls. */
const KEY_PATH = '/api/form/FormSubmissionKey';
const SAVE_PATH = '/api/form/SaveFormSubmission';

/** §4: the global event a successful submission fires (on window), with what was submitted. */
export const FORM_SUBMIT_SUCCESS_EVENT = 'form-submit-success';
export interface FormSubmitSuccessDetail {
  formId: string;
  objectName: string;
  isOverlayForm: boolean;
}

/** §4: a form above the view scrolls up to this far above its top. */
export const SCROLL_OFFSET_PX = 25;

class MissingKey extends Error {}

/**
 * §7: a key, then the submission with `form` as the JSON string of the values, and the spam defences' fields (the
 * honeypot when something filled it, the Turnstile token when the widget gave one; worker/forms/spam.ts).
 */
async function submit(envelope: FormEnvelope, values: Record<string, unknown>, spam: SpamFields): Promise<void> {
  // the body stays empty (§7); the form named in the query lets the edge bind the key it issues when the product origin
  // cannot (docs/api.md)
  const keyPath = `${KEY_PATH}?${new URLSearchParams({ formId: envelope.formId })}`;
  const answer = await request<{ key?: unknown } | null>(keyPath, { method: 'POST' });
  const key = answer?.key;
  // §8: a missing key from the key call counts as a failure
  if (typeof key !== 'string' || !key) throw new MissingKey();
  await request(SAVE_PATH, {
    method: 'POST',
    data: {
      key,
      formId: envelope.formId,
      collectionId: envelope.collectionId,
      objectName: envelope.objectName,
      isOverlayForm: envelope.isOverlayForm,
      form: JSON.stringify(values),
      ...spam,
    },
  });
}

interface TurnstileApi {
  reset(container: HTMLElement): void;
}

/** A Turnstile token is good for one check: after each attempt the form's widget is asked for a fresh one. */
function resetTurnstile(form: HTMLFormElement | null): void {
  const widget = form?.querySelector<HTMLElement>('.cf-turnstile');
  const turnstile = (window as { turnstile?: TurnstileApi }).turnstile;
  if (!widget || !turnstile) return;
  try {
    turnstile.reset(widget);
  } catch (error) {
    console.error(error);
  }
}

/** §8 Form submission: the message (and field errors) for what went wrong. */
export function failureOf(error: unknown): SubmissionFailure {
  if (error instanceof RequestError) return submissionFailure(error.status, error.body);
  if (error instanceof MissingKey) return submissionFailure(0, null);
  return { message: FORM_MESSAGES.clientException };
}

/**
 * Runs the scripts of owner HTML that was inserted as markup (§4: scripts inside the post-submission HTML are run).
 * Scripts set through innerHTML never run; a copy made with createElement does, in order, with the page's nonce for a
 * policy that asks for one (pages with post-submission HTML get the owner-code policy, which runs them anyway). Not
 * in a browser holding the disable-user-scripts cookie (§9): a nonce would let them past the strict policy it gets.
 */
export function runScripts(container: HTMLElement): void {
  if (disablesUserScripts(readCookie(DISABLE_USER_SCRIPTS_COOKIE))) return;
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
  for (const old of container.querySelectorAll('script')) {
    const script = document.createElement('script');
    for (const { name, value } of old.attributes) script.setAttribute(name, value);
    if (nonce) script.nonce = nonce;
    script.async = false;
    script.text = old.text;
    old.replaceWith(script);
  }
}

/** §4: the page scrolls up to a form that was above the view, 25 px above its top. */
function scrollUpTo(element: HTMLElement): void {
  const top = element.getBoundingClientRect().top;
  window.scrollTo({ top: Math.max(0, window.scrollY + top - SCROLL_OFFSET_PX), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
}

export interface Submission {
  state: FormState;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** the element of the post-submission message: focused after success; its owner HTML's scripts run */
  submissionRef: (element: HTMLDivElement | null) => void;
}

export interface SubmissionOptions {
  envelope: FormEnvelope;
  fields: readonly FormField[];
  /** a post without script this visitor made, already shown by the server */
  initial?: FormState | undefined;
  /** after the event fired (the popup keeps its record) */
  onSuccess?: () => void;
  /** the element to scroll up to after success (default: the form) */
  scrollTarget?: () => HTMLElement | null;
}

/** The §4 lifecycle of one form: idle → submitting → success, or failed with the §8 message and field errors. */
export function useFormSubmission({ envelope, fields, initial, onSuccess, scrollTarget }: SubmissionOptions): Submission {
  const [state, setState] = useState<FormState>(initial ?? { phase: 'idle' });
  // the latest callbacks, read when they are needed (so a new function each render changes nothing)
  const callbacks = useRef({ onSuccess, scrollTarget });
  callbacks.current = { onSuccess, scrollTarget };
  const busy = useRef(false);
  const form = useRef<HTMLFormElement | null>(null);
  const submission = useRef<HTMLDivElement | null>(null);
  /** success in this page's life (not a post without script shown by the server): its scripts have not run yet */
  const fresh = useRef(false);
  /** §4: whether the form's top was above the view when the success came (before its content was hidden) */
  const aboveView = useRef(false);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      // §4: a second submit while submitting is ignored
      if (busy.current) return;
      form.current = event.currentTarget;
      let values: Record<string, unknown>;
      let spam: SpamFields;
      try {
        const data = new FormData(event.currentTarget);
        const pairs = [...data] as [string, FormDataEntryValue][];
        values = collectValues(fields, pairs, new URLSearchParams(location.search));
        spam = spamFieldsOf((name) => data.get(name));
        // the edge's own rules, so the visitor sees a problem before a round trip (the edge still checks)
        const checked = checkSubmission(fields, values, envelope.country);
        if (!checked.ok) {
          setState({ phase: 'failed', ...validationFailure(checked.errors) });
          return;
        }
      } catch (error) {
        console.error(error);
        setState({ phase: 'failed', message: FORM_MESSAGES.clientException });
        return;
      }
      busy.current = true;
      setState({ phase: 'submitting' });
      submit(envelope, values, spam).then(
        () => {
          busy.current = false;
          resetTurnstile(form.current);
          fresh.current = true;
          const target = callbacks.current.scrollTarget?.() ?? form.current;
          aboveView.current = !!target && target.getBoundingClientRect().top < 0;
          const detail: FormSubmitSuccessDetail = {
            formId: envelope.formId,
            objectName: envelope.objectName,
            isOverlayForm: envelope.isOverlayForm,
          };
          window.dispatchEvent(new CustomEvent(FORM_SUBMIT_SUCCESS_EVENT, { detail }));
          // §7: a newsletter signup is an affiliate signup
          fireAffiliatePixels(envelope.affiliatePixelUrl, 'signup');
          setState({ phase: 'success' });
          callbacks.current.onSuccess?.();
        },
        (error: unknown) => {
          busy.current = false;
          resetTurnstile(form.current);
          if (!(error instanceof RequestError)) console.error(error);
          setState({ phase: 'failed', ...failureOf(error) });
        },
      );
    },
    [envelope, fields],
  );

  // after each outcome is drawn: success runs the HTML's scripts, scrolls up and takes the focus; a failure moves the
  // focus to the first field in error, or to the notice
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    if (state.phase === 'success' && fresh.current) {
      fresh.current = false;
      const message = submission.current;
      if (message) {
        runScripts(message);
        message.focus({ preventScroll: true });
      }
      const target = callbacks.current.scrollTarget?.() ?? element;
      if (aboveView.current) scrollUpTo(target);
    } else if (state.phase === 'failed') {
      const firstError = element.querySelector<HTMLElement>('.is-error input, .is-error select, .is-error textarea');
      const notice = element.querySelector<HTMLElement>('[role=alert]');
      const focus = firstError ?? notice;
      if (focus === notice && notice) notice.tabIndex = -1;
      focus?.focus();
    }
  }, [state]);

  const submissionRef = useCallback((element: HTMLDivElement | null) => {
    submission.current = element;
  }, []);

  return { state, onSubmit, submissionRef };
}
