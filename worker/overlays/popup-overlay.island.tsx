// The popup overlay brought to life (§4 Popup overlay, Escape key and dialogs). On site pages it decides in the browser
// whether to show (mobile and enableMobile, the record in local storage under §3's key, the version, showUntilSignup
// and displayFrequency), opens as a modal <dialog> on the page's dialog stack (Escape and a click outside close it),
// and keeps the record when it is closed or signed up to. Its form follows the §4 lifecycle with isOverlayForm.
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { popupShowsFor, POPUP_STORAGE_KEY, readPopupRecord, type PopupRecord } from '../../shared/overlays.ts';
import { registerDialog } from '../../client/lib/dialogs.ts';
import { recordOverlayEvent } from '../../client/lib/overlay-census.ts';
import { useFormSubmission } from '../../client/ui/form-submission.ts';
import { isMobileWidth } from '../../client/ui/scroll.ts';
import { PopupView, type PopupProps } from './popup-overlay.view.tsx';

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

export default function PopupOverlayIsland(props: PopupProps) {
  const dialog = useRef<HTMLDialogElement | null>(null);
  const card = useRef<HTMLDivElement | null>(null);
  const [open, setOpen] = useState(false);
  /** Closes the open popup and keeps the record (set while it is open). */
  const closeOpen = useRef<(() => void) | null>(null);
  const overlay = props.mode === 'overlay';

  /** The record after this visitor's action, kept under §3's key. */
  const keep = useCallback(
    (change: Partial<PopupRecord>) => {
      const now = readRecord();
      const current = now && now.version >= props.version ? now : { version: props.version, submitted: false };
      writeRecord({ ...current, version: props.version, ...change });
    },
    [props.version],
  );

  const onSuccess = useCallback(() => {
    // signed up: the popup is done with for now (showUntilSignup keeps it hidden for good)
    keep({ submitted: true, 'date-closed': Date.now() });
    recordOverlayEvent({ event: 'popup-overlay:submit', style: props.style });
  }, [keep, props.style]);
  const { state, onSubmit, submissionRef } = useFormSubmission({
    envelope: props.envelope,
    fields: props.fields,
    initial: props.flash,
    onSuccess,
    scrollTarget: () => (overlay ? null : card.current),
  });

  // §4: shown when there is no record, or an older version; not after a signup with showUntilSignup; after a close,
  // once date-closed + displayFrequency days have passed (never with -1). Mobile only with enableMobile.
  const { enableMobile, version, showUntilSignup, displayFrequency } = props;
  useEffect(() => {
    if (!overlay) return;
    if (!enableMobile && isMobileWidth()) return;
    if (!popupShowsFor({ version, showUntilSignup, displayFrequency }, readRecord(), Date.now())) return;
    setOpen(true);
  }, [overlay, enableMobile, version, showUntilSignup, displayFrequency]);

  // open: a modal dialog on the page's dialog stack. Every way of closing it (Escape through the page's chain or the
  // browser's own cancel, a click outside, Close) keeps the record and leaves the stack at once, in the same task as
  // the close: the dialog's close event comes a task later, when a second Escape may already be on its way to the next
  // step of the chain, and a visitor who leaves the page straight away must not see the popup again.
  useEffect(() => {
    const element = dialog.current;
    if (!open || !element || !card.current) return;
    if (!element.open) element.showModal();
    recordOverlayEvent({ event: 'popup-overlay:show', style: props.style });
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      unregister();
      keep({ 'date-closed': Date.now() });
      recordOverlayEvent({ event: 'popup-overlay:close', style: props.style });
      setOpen(false);
    };
    const close = () => {
      element.close();
      finish();
    };
    closeOpen.current = close;
    const unregister = registerDialog({ element: card.current, close });
    // the browser's cancel (Escape before the page's keys are here) and any other close of the element
    const onCancel = (event: Event) => {
      if (!event.defaultPrevented) finish();
    };
    element.addEventListener('cancel', onCancel);
    element.addEventListener('close', finish);
    return () => {
      element.removeEventListener('cancel', onCancel);
      element.removeEventListener('close', finish);
      closeOpen.current = null;
      unregister();
    };
  }, [open, keep, props.style]);

  const onClose = useCallback(
    (event: MouseEvent) => {
      if (overlay) {
        closeOpen.current?.();
        return;
      }
      // the POPUP_OVERLAY page: Close goes back to the site (the link), and counts as a close
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      keep({ 'date-closed': Date.now() });
    },
    [overlay, keep],
  );

  const live = useMemo(
    () => ({ state, onSubmit, submissionRef, onClose, dialogRef: dialog, cardRef: card }),
    [state, onSubmit, submissionRef, onClose],
  );
  return <PopupView {...props} live={live} />;
}
