// The keys of site pages (§2, §4): the Escape chain, Shift+Escape logout and the 'Logout Successful' dialog of a URL
// with logout=true. Part of the runtime's on-demand chunk with the dialogs (client/lib/ui.ts), installed when it loads.
import {
  LOGIN_PATH,
  LOGOUT_SUCCESS,
  TOGGLE_FRAME_MESSAGE,
  editorUrl,
  hasLogoutFlag,
  isEditorPath,
  loginUrl,
  withoutLogoutFlag,
  type ToggleFrameMessage,
} from '../../shared/editor/protocol.ts';
import type { PageContext } from '../../shared/page-context.ts';
import { showInformation, topDialog } from './dialogs.ts';
import type { request as Request } from './request.ts';

let loggedIn = false;
let escapeToLogin = false;
let send: typeof Request | undefined;

const here = () => location.pathname + location.search;

/** The editor around this page when the page is its preview frame ("the back end"): same origin, under /config/. */
function editorAround(): Window | null {
  if (window.parent === window) return null;
  try {
    const outer = window.parent.location;
    return outer.origin === location.origin && isEditorPath(outer.pathname) ? window.parent : null;
  } catch {
    return null; // another origin: not our editor
  }
}

/** Escape typed into a text field belongs to the field (clearing a search box must not navigate away). */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.matches(
    'textarea, select, input:not([type=button], [type=submit], [type=reset], [type=checkbox], [type=radio], [type=image], [type=range], [type=color])',
  );
}

function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(':modal');
  } catch {
    return false; // a browser without :modal
  }
}

function openPopover(): boolean {
  try {
    return document.querySelector(':popover-open') !== null;
  } catch {
    return false; // a browser without popovers
  }
}

function logoutNow(): void {
  // inside the editor, logout returns to the page the preview frame shows (§2); elsewhere to the site root
  import('./logout.ts')
    .then((m) => m.logout(send!, editorAround() ? here() : undefined))
    .catch((error: unknown) => console.error('logout failed:', error));
}

/** §4: Escape acts on the first step that applies; Shift+Escape logs out. */
function onKeyDown(event: KeyboardEvent): void {
  if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.shiftKey) {
    if (!loggedIn) return; // logout applies only to an authenticated account
    event.preventDefault();
    logoutNow();
    return;
  }
  // 1. the topmost open dialog: ours, else a native <dialog> (a modal one closes itself on Escape)
  const dialog = topDialog();
  if (dialog) {
    event.preventDefault();
    if (dialog.escToCancel !== false) dialog.close('cancel');
    return;
  }
  const natives = document.querySelectorAll<HTMLDialogElement>('dialog[open]');
  const native = natives[natives.length - 1];
  if (native) {
    if (!isModal(native)) {
      event.preventDefault();
      native.close();
    }
    return;
  }
  // an open popover (the phone-width navigation menu) is a target the browser closes on this Escape itself
  if (openPopover()) return;
  if (isTextEntry(event.target)) return;
  // 2. in the back end: toggle the frame expansion (there is no guide to close in this runtime)
  const editor = editorAround();
  if (editor) {
    event.preventDefault();
    editor.postMessage({ type: TOGGLE_FRAME_MESSAGE } satisfies ToggleFrameMessage, location.origin);
    return;
  }
  // 3. logged in: the config frame, showing this page
  if (loggedIn) {
    event.preventDefault();
    location.assign(editorUrl(here()));
    return;
  }
  // 4. the login page, which offers no account creation. A published site has no signup dialog, so there is none to
  // cancel first.
  if (escapeToLogin && location.pathname !== LOGIN_PATH) {
    event.preventDefault();
    location.assign(loginUrl(here()));
  }
}

/**
 * Installs the keys; `early` is an Escape pressed while this chunk was on its way, which they now act on; `request`
 * is the page's request layer (for logout).
 */
export function installKeys(context: PageContext | null, early: KeyboardEvent | undefined, request: typeof Request): void {
  loggedIn = !!context?.authenticatedAccount;
  escapeToLogin = !!context?.websiteSettings.useEscapeKeyToLogin;
  send = request;
  window.addEventListener('keydown', onKeyDown);
  if (early) onKeyDown(early);
  // §2: a URL with logout=true shows the information dialog once; the flag leaves the address bar so a reload does
  // not show it again.
  if (hasLogoutFlag(location.search)) {
    history.replaceState(history.state, '', location.pathname + withoutLogoutFlag(location.search) + location.hash);
    showInformation({ title: LOGOUT_SUCCESS.title, message: LOGOUT_SUCCESS.message });
  }
}
