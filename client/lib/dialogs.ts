// The dialogs of site pages in plain DOM (§4 Pop-ups, §5 Confirmation widget options, §8 System error panel, §9
// sizes): confirmation, alert and information pop-ups and the system error panel, in one stack whose topmost dialog
// Escape closes (client/lib/keys.ts) and a click outside cancels. Modal ones are native <dialog> elements opened with
// showModal(), so screen readers get a real, labelled dialog and the focus stays inside it. A confirmation sits at its
// §9 anchor (the mouse on desktop when a press opened it, the centre on mobile). Their CSS, with the fade and scale
// they show and hide with, is in the shared stylesheet (worker/render/runtime-styles.ts); a hidden dialog leaves the
// page when its transition ends, or at §9's hide fallback (600 ms) when no end comes.
import {
  anchorPosition,
  CONFIRMATION_STYLES,
  confirmationButtons,
  defaultAnchor,
  DIALOG,
  DIALOG_LABELS,
  SYSTEM_ERROR,
  systemErrorContent,
  type ConfirmationAnchor,
  type ConfirmationStyle,
  type SystemErrorData,
} from '../../shared/dialogs.ts';

/** confirm and reject: the dialog's buttons (or an information pop-up's time running out); cancel: its Cancel button, Escape or a click outside. */
export type CloseReason = 'confirm' | 'reject' | 'cancel';

export interface OpenDialog {
  readonly element: HTMLElement;
  close(reason: CloseReason): void;
  /** §5 escToCancel: whether Escape and a click outside may cancel it (true unless the dialog says otherwise) */
  readonly escToCancel?: boolean;
}

/** Clicks inside these are the control's own: they never close a dialog (§4). */
const STANDARD_CONTROLS = 'a[href], button, input, select, textarea, label, summary, [contenteditable], [role=button], [role=link]';

/**
 * The stack is the page's (client/page.ts), handed over when this chunk is loaded (client/lib/ui-chunk.ts): the only way
 * it is loaded, by the runtime, an island or the popup overlay alike, so every dialog of the page is on it.
 */
let stack: OpenDialog[] = [];
let counter = 0;
let listening = false;
let pressedOn: EventTarget | null = null;

/** The visitor's last press (where and when): a confirmation it opens sits at the mouse (§9 MOUSE). */
let lastPress: { x: number; y: number; at: number } | undefined;
/** A press opens a dialog within this long (its chunk may have had to load first). */
const PRESS_OPENS_MS = 1500;
addEventListener('pointerdown', (event) => (lastPress = { x: event.clientX, y: event.clientY, at: Date.now() }), true);

export function adoptStack(pageStack: OpenDialog[]): void {
  stack = pageStack;
}

/**
 * The topmost open dialog, which Escape closes first. One the browser has already closed (a modal <dialog> closed by
 * its own Escape: its close event, which takes it off the stack, comes a task later and a second Escape can come first)
 * or that has left the page is passed over, so that Escape goes on to the next step of the chain.
 */
export function topDialog(): OpenDialog | undefined {
  for (let i = stack.length - 1; i >= 0; i--) {
    const element = stack[i]!.element;
    if (element.isConnected && element.closest('dialog')?.open !== false) return stack[i];
  }
  return undefined;
}

/**
 * Puts a dialog drawn elsewhere (a lightbox, the popup overlay) on the stack, so Escape and a click outside reach it
 * in turn; the returned function takes it off again when it closes by itself.
 */
export function registerDialog(dialog: OpenDialog): () => void {
  listenForOutsideClicks();
  stack.push(dialog);
  return () => {
    const i = stack.indexOf(dialog);
    if (i !== -1) stack.splice(i, 1);
  };
}

/** Whether a click at (x, y) fell on a modal dialog's backdrop rather than on its box. */
function onBackdrop(dialog: HTMLElement, event: MouseEvent): boolean {
  const r = dialog.getBoundingClientRect();
  return event.clientX < r.left || event.clientX > r.right || event.clientY < r.top || event.clientY > r.bottom;
}

/** §4: a click outside the topmost dialog cancels it, unless it was inside a standard control or did not start and end on the same element. */
function listenForOutsideClicks(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('pointerdown', (event) => (pressedOn = event.target), true);
  document.addEventListener(
    'click',
    (event) => {
      const top = topDialog();
      const target = event.target;
      if (!top || top.escToCancel === false || !(target instanceof Node) || target !== pressedOn) return;
      // a modal <dialog>'s backdrop is the dialog element itself
      if (target === top.element ? !onBackdrop(top.element, event) : top.element.contains(target)) return;
      if (target !== top.element && target instanceof Element && target.closest(STANDARD_CONTROLS)) return;
      top.close('cancel');
    },
    true,
  );
}

interface DialogButton {
  label: string;
  reason: CloseReason;
  secondary?: boolean;
  /** runs instead of closing with its reason (Reload Page) */
  action?: () => void;
}

/** §5, §9: where a confirmation sits, and what it is anchored to. */
export interface Anchoring {
  /** by default MOUSE on desktop when a press opened it, CENTER on mobile */
  anchor?: ConfirmationAnchor | undefined;
  /** the press that opened it (the caller's click), for MOUSE; by default the visitor's last press, if just before */
  at?: { x: number; y: number } | undefined;
  /** the element, for ELEMENT */
  element?: Element | undefined;
}

/** Puts an open modal dialog at its anchor. */
function place(dialog: HTMLElement, anchoring: Anchoring): void {
  const recent = lastPress && Date.now() - lastPress.at < PRESS_OPENS_MS ? lastPress : undefined;
  const pointer = anchoring.at ?? recent;
  const anchor = anchoring.anchor ?? defaultAnchor(innerWidth, !!pointer, DIALOG.mobileMax);
  const rect = anchoring.element?.getBoundingClientRect();
  const position = anchorPosition(
    anchor,
    { width: dialog.offsetWidth, height: dialog.offsetHeight },
    { width: document.documentElement.clientWidth, height: innerHeight },
    { pointer, element: rect },
  );
  dialog.dataset.anchor = position ? anchor : 'CENTER';
  if (!position) return;
  dialog.style.inset = 'auto';
  dialog.style.margin = '0';
  dialog.style.left = `${position.left}px`;
  dialog.style.top = `${position.top}px`;
}

/**
 * Takes a closed dialog off the page once its hiding transition (the shared stylesheet's fade and scale) has ended, or
 * at §9's hide fallback when no end comes (a transition the browser never runs, in a hidden tab).
 */
function removeWhenHidden(dialog: HTMLElement): void {
  if (!dialog.getAnimations().length) {
    dialog.remove();
    return;
  }
  const done = () => {
    clearTimeout(fallback);
    dialog.remove();
  };
  const fallback = setTimeout(done, DIALOG.hideFallbackMs);
  dialog.addEventListener('transitionend', (event) => event.target === dialog && done());
}

interface DialogSpec {
  title: string;
  lines: string[];
  buttons: DialogButton[];
  modal: boolean;
  role: 'dialog' | 'alertdialog';
  className?: string | undefined;
  showOverlay?: boolean | undefined;
  escToCancel?: boolean | undefined;
  hideAfterTime?: number | null | undefined;
  zIndex?: number | null | undefined;
  /** §9 where a modal dialog sits (a confirmation or an alert; none: the browser's centring) */
  anchoring?: Anchoring | undefined;
  /** a line shown in small monospace type (the system error panel's errorKey) */
  note?: string | undefined;
  onClose?: ((reason: CloseReason) => void) | undefined;
}

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

function open(spec: DialogSpec): OpenDialog {
  listenForOutsideClicks();
  const id = `site-dialog-${++counter}`;
  const dialog = el('dialog', `site-dialog ${spec.className ?? ''}${spec.showOverlay === false ? ' no-overlay' : ''}`);
  dialog.setAttribute('role', spec.role);
  dialog.setAttribute('aria-labelledby', `${id}-title`);
  const heading = el('h2', '', spec.title);
  heading.id = `${id}-title`;
  const inner = el('div');
  inner.append(heading);
  spec.lines.forEach((line, i) => {
    const p = el('p', '', line);
    if (i === 0) {
      p.id = `${id}-message`;
      dialog.setAttribute('aria-describedby', p.id);
    }
    inner.append(p);
  });
  if (spec.note) inner.append(el('p', 'site-error-key', spec.note));
  const row = el('div', 'site-dialog-buttons');
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const handle: OpenDialog = {
    element: dialog,
    escToCancel: spec.escToCancel ?? true,
    close(reason) {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      const i = stack.indexOf(handle);
      if (i !== -1) stack.splice(i, 1);
      const hadFocus = dialog.contains(document.activeElement);
      // out of reach at once, then hidden with its transition and destroyed (§5 destroyOnHide, the default)
      dialog.inert = true;
      dialog.setAttribute('aria-hidden', 'true');
      dialog.close();
      removeWhenHidden(dialog);
      if (hadFocus && previous?.isConnected) previous.focus({ preventScroll: true });
      dialog.dispatchEvent(new CustomEvent(reason));
      spec.onClose?.(reason);
    },
  };
  for (const b of spec.buttons) {
    // native buttons: Space or Enter activates them (§9)
    const button = el('button', b.secondary ? 'secondary' : '', b.label);
    button.type = 'button';
    button.addEventListener('click', () => (b.action ? b.action() : handle.close(b.reason)));
    row.append(button);
  }
  if (spec.buttons.length) inner.append(row);
  dialog.append(inner);
  // the browser's own Escape handling of a modal dialog goes through the stack instead
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    if (handle.escToCancel) handle.close('cancel');
  });
  dialog.style.zIndex = String(spec.zIndex ?? DIALOG.zIndexBase + stack.length);
  document.body.append(dialog);
  if (spec.modal) dialog.showModal();
  else dialog.show();
  if (spec.modal && spec.anchoring) place(dialog, spec.anchoring);
  stack.push(handle);
  const focus = row.querySelector<HTMLElement>('button:last-child') ?? dialog;
  if (focus === dialog) dialog.tabIndex = -1;
  focus.focus({ preventScroll: true });
  if (spec.hideAfterTime) timer = setTimeout(() => handle.close('confirm'), spec.hideAfterTime);
  return handle;
}

/** §5 Confirmation widget options. */
export interface ConfirmationOptions extends Anchoring {
  title: string;
  message?: string;
  style?: ConfirmationStyle;
  confirmLabel?: string;
  cancelLabel?: string;
  rejectLabel?: string;
  className?: string;
  escToCancel?: boolean;
  showOverlay?: boolean;
  hideAfterTime?: number | null;
  zIndex?: number | null;
  onClose?: (reason: CloseReason) => void;
}

/** §4 Confirmation pop-up: shown, then confirm, reject or cancel, then hidden and destroyed. */
export function showConfirmation(options: ConfirmationOptions): OpenDialog {
  const labels = {
    confirm: options.confirmLabel ?? DIALOG_LABELS.confirm,
    cancel: options.cancelLabel ?? DIALOG_LABELS.cancel,
    reject: options.rejectLabel ?? DIALOG_LABELS.reject,
  };
  return open({
    title: options.title,
    lines: options.message ? [options.message] : [],
    buttons: confirmationButtons(options.style ?? CONFIRMATION_STYLES.CONFIRM_OR_CANCEL).map((reason) => ({
      label: labels[reason],
      reason,
      secondary: reason !== 'confirm',
    })),
    modal: true,
    role: 'dialog',
    className: options.className,
    escToCancel: options.escToCancel,
    showOverlay: options.showOverlay,
    hideAfterTime: options.hideAfterTime,
    zIndex: options.zIndex,
    anchoring: options,
    onClose: options.onClose,
  });
}

/** The promise form of a confirmation: resolves with how it was closed. */
export const confirm = (options: Omit<ConfirmationOptions, 'onClose'>): Promise<CloseReason> =>
  new Promise((resolve) => showConfirmation({ ...options, onClose: resolve }));

/** An alert: a modal message with one 'Okay' button (§9). */
export function showAlert(options: { title: string; message: string; onClose?: (reason: CloseReason) => void } & Anchoring): OpenDialog {
  return open({
    title: options.title,
    lines: [options.message],
    buttons: [{ label: DIALOG_LABELS.okay, reason: 'confirm' }],
    modal: true,
    role: 'alertdialog',
    anchoring: options,
    onClose: options.onClose,
  });
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
export function showInformation({ title, message, autoHideMs = DIALOG.informationAutoHideMs, onClose }: InformationOptions): OpenDialog {
  return open({
    title,
    lines: [message],
    buttons: [{ label: DIALOG_LABELS.okay, reason: 'confirm' }],
    modal: false,
    role: 'alertdialog',
    className: 'site-dialog-information',
    hideAfterTime: autoHideMs,
    onClose,
  });
}

/**
 * §8 System error panel: full screen, in its cleaned, network or other variant, with 'Reload Page' and 'Clear' and
 * the errorKey when there is one. Only one is shown at a time: a second error replaces nothing and is logged.
 */
let panel: OpenDialog | null = null;
export function showSystemError(data: SystemErrorData): OpenDialog | null {
  const content = systemErrorContent(data);
  if (content.variant === 'otherwise') console.error(content.lines.join(' '));
  if (panel) return null;
  panel = open({
    title: content.title,
    lines: content.lines,
    note: data.errorKey ? `Error key: ${data.errorKey}` : undefined,
    buttons: [
      { label: SYSTEM_ERROR.clear, reason: 'cancel', secondary: true },
      { label: SYSTEM_ERROR.reload, reason: 'confirm', action: () => location.reload() },
    ],
    modal: true,
    role: 'alertdialog',
    className: `site-error-panel site-error-${content.variant}`,
    onClose: () => (panel = null),
  });
  return panel;
}
