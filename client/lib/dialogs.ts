// Dialogs of site pages in plain DOM (§4 pop-ups, §9 sizes): the information pop-up, the stack whose topmost dialog
// Escape closes, and the click outside that closes it. No React: pages without interactive blocks get none.
import { ALERT_LABEL, INFORMATION_AUTO_HIDE_MS } from '../../shared/editor/protocol.ts';

/** confirm: the dialog's button, or an information pop-up's own time running out; cancel: Escape or a click outside. */
export type CloseReason = 'confirm' | 'cancel';

export interface OpenDialog {
  readonly element: HTMLElement;
  close(reason: CloseReason): void;
}

/** §9: dialogs stack from z-index 30000. */
const Z_INDEX_BASE = 30000;
const STYLE_ID = 'site-dialog-style';
/** §9 confirmation sizes (width 350, padding 20); the information pop-up sits at the top right. */
const CSS = [
  '.site-dialog{position:fixed;top:20px;right:20px;box-sizing:border-box;width:350px;max-width:calc(100vw - 40px);padding:20px;background:var(--bg,#fff);color:var(--text,#1f2421);border:1px solid var(--border,#dcdcd6);border-radius:var(--radius,6px);box-shadow:0 18px 50px -20px rgba(0,0,0,.45);font:15px/1.5 var(--body-font,system-ui,sans-serif)}',
  '.site-dialog h2{margin:0 0 .35em;font:600 1.1rem/1.3 var(--heading-font,inherit)}',
  '.site-dialog p{margin:0 0 1em}',
  '.site-dialog-buttons{display:flex;justify-content:flex-end}',
  '.site-dialog-buttons button{background:var(--accent,#2f5d50);color:var(--accent-contrast,#fff);border:0;border-radius:var(--button-radius,4px);padding:.55em 1.2em;font:600 .9rem/1.2 var(--body-font,system-ui,sans-serif);cursor:pointer}',
  '@media (prefers-reduced-motion:no-preference){.site-dialog{animation:site-dialog-in .3s ease-out}}',
  '@keyframes site-dialog-in{from{opacity:0;transform:translateY(-8px)}}',
].join('');

/** Clicks inside these are the control's own: they never close a dialog (§4). */
const STANDARD_CONTROLS = 'a[href], button, input, select, textarea, label, summary, [contenteditable], [role=button], [role=link]';

const stack: OpenDialog[] = [];
let counter = 0;
let listening = false;
let pressedOn: EventTarget | null = null;

/** The topmost open dialog, which Escape closes first. */
export function topDialog(): OpenDialog | undefined {
  return stack[stack.length - 1];
}

function ensureStyles(): void {
  if (document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  // the page's nonce, should the policy ever govern styles by nonce as it does scripts
  const nonce = document.querySelector<HTMLElement>('script[nonce]')?.nonce;
  if (nonce) style.nonce = nonce;
  style.textContent = CSS;
  document.head.append(style);
}

/** §4: a click outside the topmost dialog closes it, unless it was inside a standard control or did not start and end on the same element. */
function listenForOutsideClicks(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('pointerdown', (event) => (pressedOn = event.target), true);
  document.addEventListener(
    'click',
    (event) => {
      const top = topDialog();
      const target = event.target;
      if (!top || !(target instanceof Node) || top.element.contains(target)) return;
      if (target !== pressedOn) return;
      if (target instanceof Element && target.closest(STANDARD_CONTROLS)) return;
      top.close('cancel');
    },
    true,
  );
}

/**
 * Puts a dialog drawn elsewhere (the popup overlay) on the stack while it is open: Escape and a click outside its
 * element then close it as they close ours. Returns the function that takes it off again (call it when it closes).
 */
export function registerDialog(dialog: OpenDialog): () => void {
  listenForOutsideClicks();
  stack.push(dialog);
  return () => {
    const index = stack.indexOf(dialog);
    if (index !== -1) stack.splice(index, 1);
  };
}

export interface InformationOptions {
  title: string;
  message: string;
  /** §9: 2000 ms */
  autoHideMs?: number;
  onClose?: (reason: CloseReason) => void;
}

/**
 * The information pop-up (§4, §9): a labelled, non-modal alert dialog at the top right that takes the focus, hides
 * itself after its time (firing confirm) and gives the focus back. Its button reads 'Okay'.
 */
export function showInformation({ title, message, autoHideMs = INFORMATION_AUTO_HIDE_MS, onClose }: InformationOptions): OpenDialog {
  ensureStyles();
  listenForOutsideClicks();
  const id = `site-dialog-${++counter}`;
  const element = document.createElement('div');
  element.className = 'site-dialog site-dialog-information';
  element.setAttribute('role', 'alertdialog');
  element.setAttribute('aria-modal', 'false');
  element.setAttribute('aria-labelledby', `${id}-title`);
  element.setAttribute('aria-describedby', `${id}-message`);
  element.tabIndex = -1;
  element.style.zIndex = String(Z_INDEX_BASE + stack.length);
  const heading = document.createElement('h2');
  heading.id = `${id}-title`;
  heading.textContent = title;
  const text = document.createElement('p');
  text.id = `${id}-message`;
  text.textContent = message;
  const buttons = document.createElement('div');
  buttons.className = 'site-dialog-buttons';
  const okay = document.createElement('button');
  okay.type = 'button';
  okay.textContent = ALERT_LABEL;
  buttons.append(okay);
  element.append(heading, text, buttons);

  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  let closed = false;
  const dialog: OpenDialog = {
    element,
    close(reason) {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      const index = stack.indexOf(dialog);
      if (index !== -1) stack.splice(index, 1);
      const hadFocus = element.contains(document.activeElement);
      element.remove();
      if (hadFocus && previous?.isConnected) previous.focus({ preventScroll: true });
      element.dispatchEvent(new CustomEvent(reason));
      onClose?.(reason);
    },
  };
  const timer = setTimeout(() => dialog.close('confirm'), autoHideMs);
  okay.addEventListener('click', () => dialog.close('confirm'));
  document.body.append(element);
  stack.push(dialog);
  okay.focus({ preventScroll: true });
  return dialog;
}
