// The popup overlay brought to life (§4 Popup overlay, Escape key and dialogs), a plain island: no React until the
// visitor turns to its form. On site pages it decides in the browser whether to show (mobile and enableMobile, the
// record in local storage under §3's key, the version, showUntilSignup and displayFrequency), opens as a modal
// <dialog> on the page's dialog stack (Escape and a click outside close it), and keeps the record when it is closed or
// signed up to. The signup inside it is hydrated with React (popup-signup.client.tsx) at the first focus, press or key
// in it, or at once when the page shows the outcome of a post without script; a submit that comes before it is alive
// waits for it and is sent again, and goes to the edge as a post without script if its chunk cannot be loaded.
// The cookie notice comes first (§4): on a page that shows it, the popup waits until the visitor has answered it, and
// opens then (a modal popup would make the notice inert while leaving it in sight, its Continue doing nothing).
// It is built on its own, as one module (SELF_CONTAINED_ISLANDS in scripts/build-client.mjs): nothing it imports may
// keep state other islands share by module instance.
import { chunkFailedMessage } from '../../shared/islands/protocol.ts';
import { COOKIE_NOTICE_ANSWERED_EVENT } from '../../shared/overlay-events.ts';
import { popupShowsFor, POPUP_STORAGE_KEY, readPopupRecord, type PopupRecord } from '../../shared/overlays.ts';
import { cookieNotice } from '../../shared/site-runtime.ts';
import { COOKIE_CONSENT_COOKIE } from '../../shared/visitor-cookies.ts';
import { readCookie } from '../../client/lib/cookies.ts';
import { registerDialog } from '../../client/lib/dialogs.ts';
import { readPageContext } from '../../client/lib/page-context.ts';
import { recordOverlayEvent } from '../../client/lib/overlay-census.ts';
import { isMobileWidth } from '../../client/ui/scroll.ts';
import { POPUP_CLASSES } from './popup-classes.ts';
import type { PopupProps } from './popup-overlay.view.tsx';

function readRecord(): PopupRecord | null {
  try {
    return readPopupRecord(localStorage.getItem(POPUP_STORAGE_KEY));
  } catch {
    return null; // storage refused (privacy mode): as if there were no record
  }
}

function writeRecord(record: PopupRecord): void {
  try {
    localStorage.setItem(POPUP_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // nothing to keep it in: the popup shows again next time, which is all that is lost
  }
}

/** What starts the signup's hydration: the visitor turning to the form. */
const WAKE_EVENTS = ['focusin', 'pointerdown', 'keydown'] as const;

export function mount(element: Element, props: PopupProps): void {
  const overlay = props.mode === 'overlay';
  const card = element.querySelector<HTMLElement>(`.${POPUP_CLASSES.card}`);
  const signup = element.querySelector<HTMLElement>(`.${POPUP_CLASSES.signup}`);
  const closeControl = element.querySelector<HTMLElement>(`.${POPUP_CLASSES.close}`);
  const dialog = overlay ? element.querySelector<HTMLDialogElement>(`dialog.${POPUP_CLASSES.dialog}`) : null;
  if (!card || !signup || !closeControl || (overlay && !dialog)) throw new Error('popup overlay: its markup is not the view’s');

  /** The record after this visitor's action, kept under §3's key. */
  const keep = (change: Partial<PopupRecord>) => {
    const now = readRecord();
    const current = now && now.version >= props.version ? now : { version: props.version, submitted: false };
    writeRecord({ ...current, version: props.version, ...change });
  };

  const signupHooks = {
    // signed up: the popup is done with for now (showUntilSignup keeps it hidden for good)
    onSuccess: () => {
      keep({ submitted: true, 'date-closed': Date.now() });
      recordOverlayEvent({ event: 'popup-overlay:submit', style: props.style });
    },
    scrollTarget: () => (overlay ? null : card),
  };

  if (!overlay || !dialog) {
    wakeSignupOnDemand(signup, props, signupHooks);
    // the POPUP_OVERLAY page: Close goes back to the site (the link), and counts as a close
    closeControl.addEventListener('click', (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      keep({ 'date-closed': Date.now() });
    });
    return;
  }

  // §4: shown when there is no record, or an older version; not after a signup with showUntilSignup; after a close,
  // once date-closed + displayFrequency days have passed (never with -1). Mobile only with enableMobile.
  const shows = (props.enableMobile || !isMobileWidth()) && popupShowsFor(props, readRecord(), Date.now());
  if (!shows) {
    decided(element, 'hidden');
    return; // closed, its signup is out of reach
  }
  const open = () => {
    // open: a modal dialog on the page's dialog stack. Every way of closing it (Escape through the page's chain or the
    // browser's own cancel, a click outside, Close) keeps the record and leaves the stack at once, in the same task as
    // the close where there is one: a visitor who leaves the page straight away must not see the popup again.
    dialog.showModal();
    decided(element, 'shown');
    // the dialog itself takes the focus (the browser would give it to the first control, even the hidden honeypot), so
    // screen readers read its title and text first, and the signup wakes only when the visitor turns to it
    dialog.focus();
    wakeSignupOnDemand(signup, props, signupHooks);
    recordOverlayEvent({ event: 'popup-overlay:show', style: props.style });
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      unregister();
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', finish);
      keep({ 'date-closed': Date.now() });
      recordOverlayEvent({ event: 'popup-overlay:close', style: props.style });
    };
    const close = () => {
      dialog.close();
      finish();
    };
    const unregister = registerDialog({ element: card, close });
    // the browser's cancel (Escape before the page's keys are here) and any other close of the element
    const onCancel = (event: Event) => {
      if (!event.defaultPrevented) finish();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', finish);
    closeControl.addEventListener('click', close);
  };
  // its image (lazy in the closed dialog) is fetched now, and the popup opens once it is drawn, or after a moment
  // without it: a popup never appears with an empty frame that fills in later (which also made it the page's last paint);
  // and never over the cookie notice: while the notice waits for an answer, so does the popup
  const answered = cookieNoticeAnswered();
  if (answered) decided(element, 'waiting');
  void Promise.all([imageReady(card.querySelector('img')), answered]).then(open);
}

/**
 * Undefined when the page shows no cookie notice (the site has none, or the visitor answered it before); else a promise
 * that settles when the visitor answers it. The site runtime's own rule, on the same page context and consent cookie
 * (client/entries/site.ts), so the popup waits exactly when the notice is shown.
 */
function cookieNoticeAnswered(): Promise<void> | undefined {
  const settings = readPageContext()?.websiteSettings;
  if (
    !settings ||
    !cookieNotice(settings.cookieNotice ?? null, !!settings.isRestrictiveCookiePolicyEnabled, readCookie(COOKIE_CONSENT_COOKIE))
  )
    return undefined;
  return new Promise((resolve) => document.addEventListener(COOKIE_NOTICE_ANSWERED_EVENT, () => resolve(), { once: true }));
}

/** How long an opening popup waits for its image before it opens without it. */
const IMAGE_WAIT_MS = 1500;

function imageReady(img: HTMLImageElement | null): Promise<void> {
  if (!img) return Promise.resolve();
  img.loading = 'eager';
  // what the visitor sees next: ahead of the page's own images still on their way (an image in a closed dialog is
  // otherwise fetched at low priority)
  img.fetchPriority = 'high';
  // decode() settles once the image can be drawn (or cannot be: a broken image opens the popup too)
  const decoded = img.decode().catch(() => undefined);
  return Promise.race([decoded, new Promise<void>((resolve) => setTimeout(resolve, IMAGE_WAIT_MS))]);
}

/**
 * Marks the island with its decision (`shown` once the dialog is open, `hidden`, or `waiting` for the cookie notice's
 * answer): what tests wait for.
 */
function decided(element: Element, decision: 'shown' | 'hidden' | 'waiting'): void {
  (element as HTMLElement).dataset.popupDecision = decision;
}

/**
 * Hydrates the signup when the visitor turns to it (or at once for the outcome of a post without script). A submit
 * before then is held and sent again once the form is alive; if the chunk cannot be loaded it goes as a post without
 * script, which the edge answers like the API.
 */
function wakeSignupOnDemand(
  signup: HTMLElement,
  props: PopupProps,
  hooks: { onSuccess: () => void; scrollTarget: () => HTMLElement | null },
) {
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | undefined;
  const send = () => {
    if (!held) return;
    const { form, submitter } = held;
    held = undefined;
    form.requestSubmit(submitter && form.contains(submitter) ? submitter : null);
  };
  const hold = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    held = { form: event.target as HTMLFormElement, submitter: (event as SubmitEvent).submitter };
    wake();
  };
  let woken = false;
  const wake = () => {
    if (woken) return;
    woken = true;
    for (const type of WAKE_EVENTS) signup.removeEventListener(type, wake, true);
    import('./popup-signup.client.tsx').then(
      (m) => {
        const { envelope, fields, query, buttonText, postSubmitText, flash } = props;
        m.hydrateSignup(
          signup,
          { envelope, fields, query, buttonText, postSubmitText, flash },
          {
            ...hooks,
            // hydrated: a held submit goes to the lifecycle now
            onReady: () => {
              signup.removeEventListener('submit', hold, true);
              send();
            },
          },
        );
      },
      () => {
        console.error(chunkFailedMessage('popup-overlay'));
        signup.removeEventListener('submit', hold, true);
        send();
      },
    );
  };
  signup.addEventListener('submit', hold, true);
  if (props.flash) return wake();
  for (const type of WAKE_EVENTS) signup.addEventListener(type, wake, { capture: true, passive: true });
}
