// The on-demand half of the site-wide runtime: the dialogs (client/lib/dialogs.ts) and the Escape chain
// (client/lib/keys.ts), one chunk loaded only through client/lib/ui-chunk.ts, when something is to show a dialog (the
// runtime, an island, the popup overlay) or the page's keys apply (a session, useEscapeKeyToLogin, logout=true). The
// Escape chain comes with the dialogs, so the topmost dialog always has Escape to close it.
// It imports nothing the runtime's own file (site.js) holds: what it needs of the page comes through attach(). A module
// that both site.js and one of its chunks import is split off into a file of its own, and every page would load it.
import { LOGIN_REQUIRED, type SystemErrorData } from '../../shared/dialogs.ts';
import { loginUrl } from '../../shared/editor/protocol.ts';
import type { PageContext } from '../../shared/page-context.ts';
import type { OpenDialog } from './dialogs.ts';
import { adoptStack, showConfirmation, showSystemError } from './dialogs.ts';
import { installKeys } from './keys.ts';
import type { request, RequestError } from './request.ts';

export { registerDialog, showAlert, showConfirmation, showInformation, showSystemError, topDialog } from './dialogs.ts';
/** The texts of the dialogs that islands open, which live with the others (shared/dialogs.ts is in this chunk only). */
export { BOOKING_PREVIEW } from '../../shared/dialogs.ts';

/** What the chunk takes from the page when it is loaded. */
export interface PageParts {
  /** the page's dialog stack (client/page.ts) */
  stack: OpenDialog[];
  context: PageContext | null;
  /** an Escape pressed while the chunk was on its way */
  heldEscape: KeyboardEvent | undefined;
  request: typeof request;
}

/** Puts the chunk to work on this page: the dialogs on the page's stack, the Escape chain installed. */
export function attach(parts: PageParts): void {
  adoptStack(parts.stack);
  installKeys(parts.context, parts.heldEscape, parts.request);
}

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
