// The site-wide visitor runtime: one small module without React that every site page loads with the CSP nonce (a module
// script, deferred, so it never holds up the first paint). It draws the cookie notice and applies consent (§4, §6, §9), wires the
// announcement bar's dismissal and the licensed-assets bar (§4), records analytics (client/lib/analytics.ts),
// reports script errors and traces (client/lib/errors.ts), hands the request layer's response flags to the dialogs
// (§8), runs next-load actions and opens the beta-features panel (§3, §4). Only what no block owns is here: a block's
// behaviour is its island (docs/blocks-and-islands.md, "Choosing how a part of a page comes to life").
// Its file is built as one module that also lends the islands what they share with it (the page object, the request
// layer, analytics, the page context: scripts/build-client.mjs), so a page holds one instance of each. The dialogs
// and the Escape chain are one on-demand chunk (client/lib/ui.ts), loaded through client/lib/ui-chunk.ts by whoever
// shows the first dialog, or at once when the page's keys apply (a session, useEscapeKeyToLogin, logout=true).
import {
  ANNOUNCEMENT_DISMISSED_KEY,
  CONSENT_MAX_AGE_SECONDS,
  CONSENT_VALUE,
  cookieNotice,
  needsConsent,
  NEXT_LOAD_KEY,
} from '../../shared/site-runtime.ts';
import { COOKIE_CONSENT_COOKIE, NO_COOKIE_MODE_REMOVED } from '../../shared/visitor-cookies.ts';
import { page } from '../page.ts';
import { pageTracked, recordEvent, startAnalytics } from '../lib/analytics.ts';
import { readCookie, readCookies, writeCookie } from '../lib/cookies.ts';
import { installErrorReporting, trace } from '../lib/errors.ts';
import { recordOverlayEvent } from '../lib/overlay-census.ts';
import { readPageContext } from '../lib/page-context.ts';
import { uiChunk, type UiChunk } from '../lib/ui-chunk.ts';

const viewStart = Date.now();
const context = readPageContext();

installErrorReporting();

/**
 * An Escape pressed before the Escape chain arrived, that no open dialog or popover (the phone menu) took when it was
 * pressed: the chain acts on it once it is here. A browser without popovers throws on the selector and keeps none.
 */
const holdEscape = (event: KeyboardEvent) => {
  try {
    if (event.key === 'Escape' && !document.querySelector('dialog[open],:popover-open')) page.heldEscape = event;
  } catch {}
};
const withUi = (use: (m: UiChunk) => void, fallback: string) =>
  uiChunk()
    .then(use)
    .catch(() => console.error(fallback)); // the chunk could not be loaded (offline): the console keeps the message

if (context?.authenticatedAccount || context?.websiteSettings.useEscapeKeyToLogin || /[?&]logout=true(&|$)/.test(location.search)) {
  addEventListener('keydown', holdEscape);
  uiChunk()
    .finally(() => removeEventListener('keydown', holdEscape))
    .catch(() => undefined);
}

// §8 response flags, of every request on the page: the login prompt, and the system error panel for
// authorizationFail and failures callers hand over
page.flags = {
  loginRequired: (message) => withUi((m) => m.loginPrompt(message), message),
  systemError(error, url, format) {
    withUi((m) => m.requestErrorPanel(error, url, format), `${url}: ${error.message}`);
    trace('system_error', { url, status: error.status, kind: error.kind });
    if (error.network) recordEvent('system_network_error', { urlRequested: url });
  },
};

// §4 next-load actions: what the last page queued runs now (their chunk comes only when something is queued)
const queued = (() => {
  try {
    return !!localStorage.getItem(NEXT_LOAD_KEY);
  } catch {
    return false;
  }
})();
if (queued) {
  import('../lib/next-load.ts')
    .then((m) =>
      m.runNextLoadActions(NEXT_LOAD_KEY, {
        information(args) {
          const a = args as { title?: unknown; message?: unknown } | null;
          if (typeof a?.title === 'string' && typeof a.message === 'string') {
            const { title, message } = a;
            withUi((ui) => ui.showInformation({ title, message }), message);
          }
        },
      }),
    )
    .catch(console.error);
}

if (new URLSearchParams(location.search).has('betaFeatures')) {
  Promise.all([import('../lib/beta-panel.ts'), import('../lib/next-load.ts'), uiChunk()])
    .then(([panel, nextLoad, m]) =>
      panel.openBetaPanel({
        registerDialog: m.registerDialog,
        runOnNextLoad: (name, args) => nextLoad.runOnNextLoad(NEXT_LOAD_KEY, name, args),
        readCookies,
        writeCookie,
        flags: context?.betaFeatureFlags ?? [],
      }),
    )
    .catch(console.error);
}

// ----- consent (§4 Cookie notice, §6 restrictive policy)

const settings = context?.websiteSettings;
const restrictive = !!settings?.isRestrictiveCookiePolicyEnabled;

if (context && needsConsent(restrictive, readCookie(COOKIE_CONSENT_COOKIE))) {
  // no-cookie mode (analytics run without a visitor): the visitor cookies a browser still holds from before go
  const present = readCookies();
  for (const name of NO_COOKIE_MODE_REMOVED) if (name in present) writeCookie(name, '', { maxAgeSeconds: 0 });
}

const notice = context ? cookieNotice(settings?.cookieNotice ?? null, restrictive, readCookie(COOKIE_CONSENT_COOKIE)) : null;
const bar = document.querySelector<HTMLElement>('.announcement-bar[data-announcement-key]');
// the licensed-assets bar: a page with licensed preview images, or a body marked as having preview stock images
const licensed = document.body.hasAttribute('data-preview-stock-images') || !!document.querySelector('img[data-licensed-asset-preview]');
if (notice || bar || licensed) {
  import('../lib/overlays.ts')
    .then((m) => {
      if (notice) {
        m.drawCookieNotice(notice, () => {
          // §4, §9: consent in ss_cookieAllowed, which counts at once: this page's view, recorded without a visitor so
          // far, goes again in the full mode and starts the visitor's record (their cookies, the visit), without a reload
          writeCookie(COOKIE_CONSENT_COOKIE, CONSENT_VALUE, { maxAgeSeconds: CONSENT_MAX_AGE_SECONDS });
          startAnalytics(viewStart);
          recordOverlayEvent({ event: 'cookie-notice:accepted' });
          page.cookieNoticeAnswered.happen();
        });
      }
      if (bar) {
        m.wireAnnouncementBar(bar, () => {
          try {
            localStorage.setItem(ANNOUNCEMENT_DISMISSED_KEY, bar.dataset.announcementKey!);
          } catch {
            // no storage: dismissed for this page only
          }
          recordOverlayEvent({ event: 'announcement-bar:dismissed' });
        });
      }
      if (licensed) m.drawLicensedAssetsBar();
    })
    .catch(console.error);
}

// after the first frame is drawn (a page opened in a background tab counts its view when it is first shown): the view
// reads the viewport's size, and innerWidth read while the parser's last changes wait lays the page out there and then,
// in the runtime's own task, ahead of the first paint
if (pageTracked()) requestAnimationFrame(() => setTimeout(startAnalytics, 0, viewStart));

// §2: 'the site has initialised', for what waits for it (the booking block's reveal); the attribute is for tests and
// styles, no script reads it
page.started.happen();
document.documentElement.dataset.siteRuntime = 'ready';
