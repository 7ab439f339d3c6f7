// The popup's signup brought to life with React, loaded by the plain popup island (popup-overlay.island.ts) only when
// the visitor turns to the form: the §4 form lifecycle with isOverlayForm (worker/blocks/form/form.client.ts) over the
// markup the server drew (PopupSignup). A page whose visitor never touches the popup loads no React for it.
import { useEffect } from 'react';
import { hydrateIsland } from '../../client/islands/hydrate.tsx';
import { useFormSubmission } from '../blocks/form/form.client.ts';
import { PopupSignup, type PopupSignupProps } from './popup-signup.view.tsx';

export interface SignupHooks {
  /** after a successful signup (the island keeps the record and counts it) */
  onSuccess: () => void;
  /** the element a success scrolls up to, if any (none inside the modal dialog) */
  scrollTarget: () => HTMLElement | null;
  /** once hydrated: the lifecycle takes submits from now on */
  onReady: () => void;
}

function PopupSignupIsland({ onSuccess, scrollTarget, onReady, ...props }: PopupSignupProps & SignupHooks) {
  const live = useFormSubmission({ envelope: props.envelope, fields: props.fields, initial: props.flash, onSuccess, scrollTarget });
  useEffect(() => onReady(), [onReady]);
  return <PopupSignup {...props} live={live} />;
}

/** Hydrates the signup element (`commerce-popup-signup`) with the lifecycle. */
export function hydrateSignup(element: Element, props: PopupSignupProps, hooks: SignupHooks): void {
  hydrateIsland(element, PopupSignupIsland, { ...props, ...hooks });
}
