// The on-demand half of the site-wide runtime: the dialogs (client/lib/dialogs.ts) and the Escape chain
// (client/lib/keys.ts), one chunk that client/entries/site.ts imports when something needs it: a dialog to show, or
// keys that apply on this page (a session, useEscapeKeyToLogin, logout=true). The entry installs the Escape chain
// with it, so the topmost dialog always has Escape to close it.
import { LOGIN_REQUIRED, type SystemErrorData } from '../../shared/dialogs.ts';
import { loginUrl } from '../../shared/editor/protocol.ts';
import { showConfirmation, showSystemError } from './dialogs.ts';
import type { RequestError } from './request.ts';

export { registerDialog, showAlert, showConfirmation, showInformation, showSystemError, topDialog } from './dialogs.ts';
export { installKeys } from './keys.ts';

/** §6, §8 loginRequired: 'Session timed out -- login required', with the way to log in again. */
export function loginPrompt(message: string): void {
  showConfirmation({
    title: LOGIN_REQUIRED.title,
    message,
    confirmLabel: LOGIN_REQUIRED.login,
    onClose: (reason) => reason === 'confirm' && location.assign(loginUrl(location.pathname + location.search)),
  });
}

/** §8: a failed request in the system error panel: cleaned when the answer says so, network, or the URL, format and text. */
export function requestErrorPanel(error: RequestError, url: string, format: string): void {
  const body = (error.body ?? {}) as { cleaned?: unknown };
  const data: SystemErrorData = { cleaned: body.cleaned === true, network: error.network, url, format };
  if (!error.network) data.error = error.message;
  if (error.errorKey) data.errorKey = error.errorKey;
  showSystemError(data);
}
