// The popup overlay brought to life (§4 Popup overlay, Escape key and dialogs), a plain island: no React until the
// visitor turns to its form. On site pages it decides in the browser whether to show (mobile and enableMobile, the
// record in local storage under §3's key, the version, showUntilSignup and displayFrequency), opens as a modal
// <dialog> on the page's dialog stack (Escape and a click outside close it), and keeps the record when it is closed or
// signed up to. The signup inside it is hydrated with React (popup-signup.client.tsx) through the loader's "wake on
// first touch, hold, replay" (client/islands/loader.ts): at the first focus, press, key or click in it, or at once when
// the page shows the outcome of a post without script; a submit that comes before it is alive waits for it and is sent
// again, and goes to the edge as a post without script if its chunk cannot be loaded.
// The cookie notice comes first (§4): on a page that shows it, the popup waits until the visitor has answered it
// (client/page.ts), and opens then (a modal popup would make the notice inert while leaving it in sight, its Continue
// doing nothing).
// What it shares with the site runtime (the page object, the dialogs, overlay events, the page context) it imports from
// the runtime's own file, which the page has loaded already (scripts/build-client.mjs); npm run check:bundle fails if it
// imports any other file before it runs, so that its image, the largest paint of the page it opens over, waits on no
// second round of requests.
import type { IslandLoader } from '../../client/islands/loader.ts';
import { readCookie } from '../../client/lib/cookies.ts';
import { recordOverlayEvent } from '../../client/lib/overlay-census.ts';
import { readPageContext } from '../../client/lib/page-context.ts';
import { uiChunk, type UiChunk } from '../../client/lib/ui-chunk.ts';
import { page } from '../../client/page.ts';
import { popupShowsFor, POPUP_STORAGE_KEY, readPopupRecord, type PopupRecord } from '../../shared/overlays.ts';
import { cookieNotice } from '../../shared/site-runtime.ts';
import { COOKIE_CONSENT_COOKIE } from '../../shared/visitor-cookies.ts';
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

export function mount(element: Element, props: PopupProps, loader: IslandLoader): void {
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
    wakeSignup(loader, signup, props, signupHooks);
    // the POPUP_OVERLAY page: Close goes back to the site (the link), and counts as a close
    closeControl.addEventListener('click', (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      keep({ 'date-closed': Date.now() });
    });
    return;
  }

  // §4: shown when there is no record, or an older version; not after a signup with showUntilSignup; after a close,
  // once date-closed + displayFrequency days have passed (never with -1). Mobile only with enableMobile.
  const mobile = window.innerWidth <= props.mobileMax;
  const shows = (props.enableMobile || !mobile) && popupShowsFor(props, readRecord(), Date.now());
  if (!shows) {
    decided(element, 'hidden');
    return; // closed, its signup is out of reach
  }
  const open = (ui: UiChunk | undefined) => {
    // open: a modal dialog on the page's dialog stack. Every way of closing it (Escape through the page's chain or the
    // browser's own cancel, a click outside, Close) keeps the record and leaves the stack at once, in the same task as
    // the close where there is one: a visitor who leaves the page straight away must not see the popup again.
    dialog.showModal();
    decided(element, 'shown');
    // the dialog itself takes the focus (the browser would give it to the first control, even the hidden honeypot), so
    // screen readers read its title and text first, and the signup wakes only when the visitor turns to it
    dialog.focus();
    wakeSignup(loader, signup, props, signupHooks);
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
    // without the dialogs chunk (offline), the browser's own Escape still closes it
    const unregister = ui?.registerDialog({ element: card, close }) ?? (() => undefined);
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
  // and never over the cookie notice: while the notice waits for an answer, so does the popup. The page's dialogs
  // (its stack, the Escape chain) are fetched meanwhile.
  const answered = cookieNoticeShown() ? page.cookieNoticeAnswered.done : undefined;
  if (answered) decided(element, 'waiting');
  const ui = uiChunk().catch(() => undefined);
  void Promise.all([imageReady(card.querySelector('img')), answered, ui]).then(([, , chunk]) => open(chunk));
}

/**
 * Whether the page shows the cookie notice (the site has one and the visitor has not answered it before): the site
 * runtime's own rule, on the same page context and consent cookie (client/entries/site.ts), so the popup waits exactly
 * when the notice is shown.
 */
function cookieNoticeShown(): boolean {
  const settings = readPageContext()?.websiteSettings;
  return (
    !!settings &&
    !!cookieNotice(settings.cookieNotice ?? null, !!settings.isRestrictiveCookiePolicyEnabled, readCookie(COOKIE_CONSENT_COOKIE))
  );
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
 * Hydrates the signup when the visitor turns to it (or at once for the outcome of a post without script), through the
 * loader: a submit before then (its button's click, which Enter in a field is too) is held and sent again once the
 * form is alive; if the chunk cannot be loaded it goes as a post without script, which the edge answers like the API.
 */
function wakeSignup(
  loader: IslandLoader,
  signup: HTMLElement,
  props: PopupProps,
  hooks: { onSuccess: () => void; scrollTarget: () => HTMLElement | null },
): void {
  const { envelope, fields, query, buttonText, postSubmitText, flash } = props;
  loader.wake(
    signup,
    () =>
      import('./popup-signup.client.tsx').then(
        (m) =>
          // alive once hydrated: the lifecycle takes submits from then on
          new Promise<void>((onReady) =>
            m.hydrateSignup(signup, { envelope, fields, query, buttonText, postSubmitText, flash }, { ...hooks, onReady }),
          ),
      ),
    !!flash,
  );
}
