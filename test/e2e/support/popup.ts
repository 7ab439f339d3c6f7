// The site-wide popup overlay opens over fernwood's pages for a new visitor (§4). Tests about something else start
// as a visitor who has signed up to it before, so it stays hidden (showUntilSignup) and takes neither clicks nor Escape.
// The cookie notice comes first, and the popup waits for its answer: tests about the popup itself start as a visitor
// who answered the notice before.
import type { BrowserContext } from 'playwright-core';
import { POPUP_STORAGE_KEY } from '../../../shared/overlays.ts';
import { COOKIE_CONSENT_COOKIE } from '../../../shared/visitor-cookies.ts';

export async function popupAlreadySignedUp(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    // an init script runs in every frame (the site in the editor's frame too); a third-party frame (a Turnstile
    // challenge, an embed) may be refused its storage, which is not the site's error
    ([key]) => {
      try {
        localStorage.setItem(key!, JSON.stringify({ version: 1000, submitted: true }));
      } catch {
        // not a frame of the site
      }
    },
    [POPUP_STORAGE_KEY],
  );
}

/** The visitor accepted the cookie notice before: ss_cookieAllowed is there on every page (and every frame) they open. */
export async function cookieNoticeAnsweredBefore(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ([name]) => {
      try {
        // biome-ignore lint/suspicious/noDocumentCookie: the test sets the cookie as the runtime's own writer does
        if (!document.cookie.includes(`${name}=`)) document.cookie = `${name}=true; path=/; max-age=2592000; samesite=lax`;
      } catch {
        // a frame that may not have cookies
      }
    },
    [COOKIE_CONSENT_COOKIE],
  );
}
