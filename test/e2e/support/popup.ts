// The site-wide popup overlay opens over fernwood's pages for a new visitor (§4). Tests about something else start
// as a visitor who has signed up to it before, so it stays hidden (showUntilSignup) and takes neither clicks nor Escape.
import type { BrowserContext } from 'playwright-core';
import { POPUP_STORAGE_KEY } from '../../../shared/overlays.ts';

export async function popupAlreadySignedUp(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    // the site's own window only: an init script runs in every frame, and a third-party frame (a Turnstile challenge,
    // an embed) may be refused its storage
    ([key]) => {
      if (window === window.top) localStorage.setItem(key!, JSON.stringify({ version: 1000, submitted: true }));
    },
    [POPUP_STORAGE_KEY],
  );
}
