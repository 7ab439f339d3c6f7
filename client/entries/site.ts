// The site-wide visitor runtime: one small module without React that every site page loads with the CSP nonce (a module
// script, deferred, so it never holds up the first paint). It draws the cookie notice and applies consent (§4, §6, §9), wires the
// announcement bar's dismissal and the licensed-assets bar (§4), records analytics (client/lib/analytics.ts),
// reports script errors and traces (client/lib/errors.ts), hands the request layer's response flags to the dialogs
// (§8), runs next-load actions and opens the beta-features panel (§3, §4).
// The dialogs and the Escape chain (the former site-keys entry) are one on-demand chunk of this entry (client/lib/ui.ts)
// rather than a second entry: it is imported when a dialog is to be shown or the page's keys apply (a session,
// useEscapeKeyToLogin, logout=true), so a visitor's page loads only what it uses, and everything that opens a dialog
// (this runtime, islands, the popup overlay) shares one module instance and so one dialog stack.
import {
  ANNOUNCEMENT_DISMISSED_KEY,
  CONSENT_MAX_AGE_SECONDS,
  CONSENT_VALUE,
  cookieNotice,
  needsConsent,
} from '../../shared/site-runtime.ts';
import { COOKIE_CONSENT_COOKIE, NO_COOKIE_MODE_REMOVED } from '../../shared/visitor-cookies.ts';
import { pageTracked, recordEvent, startAnalytics } from '../lib/analytics.ts';
import { readCookie, readCookies, writeCookie } from '../lib/cookies.ts';
import { installErrorReporting, trace } from '../lib/errors.ts';
import { recordOverlayEvent } from '../lib/overlay-census.ts';
import { registerNextLoadAction, runNextLoadActions, runOnNextLoad } from '../lib/next-load.ts';
import { readPageContext } from '../lib/page-context.ts';
import { setRequestFlagHandlers } from '../lib/request.ts';

const viewStart = Date.now();
const context = readPageContext();

installErrorReporting();

let uiChunk: Promise<typeof import('../lib/ui.ts')> | undefined;
/**
 * An Escape pressed before the Escape chain arrived, that no open dialog or popover (the phone menu) took when it was
 * pressed: the chain acts on it once it is here. A browser without popovers throws on the selector and keeps none.
 */
let earlyEscape: KeyboardEvent | undefined;
const holdEscape = (event: KeyboardEvent) => {
  try {
    if (event.key === 'Escape' && !document.querySelector('dialog[open],:popover-open')) earlyEscape = event;
  } catch {}
};
/** The dialogs and the Escape chain, loaded once, when first needed. */
const ui = () =>
  (uiChunk ??= import('../lib/ui.ts').then((m) => {
    removeEventListener('keydown', holdEscape);
    m.installKeys(context, earlyEscape);
    return m;
  }));
const withUi = (use: (m: Awaited<ReturnType<typeof ui>>) => void, fallback: string) =>
  ui()
    .then(use)
    .catch(() => console.error(fallback)); // the chunk could not be loaded (offline): the console keeps the message

if (context?.authenticatedAccount || context?.websiteSettings.useEscapeKeyToLogin || /[?&]logout=true(&|$)/.test(location.search)) {
  addEventListener('keydown', holdEscape);
  void ui();
}

// §8 response flags: the login prompt, and the system error panel for authorizationFail and failures callers hand over
setRequestFlagHandlers({
  loginRequired: (message) => withUi((m) => m.loginPrompt(message), message),
  systemError(error, url, format) {
    withUi((m) => m.requestErrorPanel(error, url, format), `${url}: ${error.message}`);
    trace('system_error', { url, status: error.status, kind: error.kind });
    if (error.network) recordEvent('system_network_error', { urlRequested: url });
  },
});

registerNextLoadAction('information', (args) => {
  const a = args as { title?: unknown; message?: unknown } | null;
  if (typeof a?.title === 'string' && typeof a.message === 'string') {
    const { title, message } = a;
    withUi((m) => m.showInformation({ title, message }), message);
  }
});
runNextLoadActions();

if (new URLSearchParams(location.search).has('betaFeatures')) {
  Promise.all([import('../lib/beta-panel.ts'), ui()])
    .then(([panel, m]) =>
      panel.openBetaPanel({
        registerDialog: m.registerDialog,
        runOnNextLoad,
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
  // no-cookie mode: the visitor cookies a browser still holds from before go
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
          // §4, §9: consent in ss_cookieAllowed, which counts at once: this page's view is recorded now, without a reload
          writeCookie(COOKIE_CONSENT_COOKIE, CONSENT_VALUE, { maxAgeSeconds: CONSENT_MAX_AGE_SECONDS });
          startAnalytics(viewStart);
          recordOverlayEvent({ event: 'cookie-notice:accepted' });
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

if (pageTracked()) startAnalytics(viewStart);

// §2: 'the site has initialised', for what waits for it (the booking block's reveal)
document.documentElement.dataset.siteRuntime = 'ready';
document.dispatchEvent(new Event('site:ready'));
