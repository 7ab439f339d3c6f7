// What the islands that bring a third party's script or frame share (§7 Third-party loads): waiting for the visitor's
// consent where the site's restrictive cookie policy asks for it (the service sets cookies of its own), and adding a
// script once with an answer for when it has loaded or failed.
import { readCookie } from '../lib/cookies.ts';
import { readPageContext } from '../lib/page-context.ts';
import { page } from '../page.ts';
import { needsConsent } from '../../shared/site-runtime.ts';
import { COOKIE_CONSENT_COOKIE } from '../../shared/visitor-cookies.ts';

/** Whether a service that sets cookies must wait: the restrictive policy is on and the visitor has not accepted. */
export function waitsForConsent(): boolean {
  const restrictive = !!readPageContext()?.websiteSettings.isRestrictiveCookiePolicyEnabled;
  return needsConsent(restrictive, readCookie(COOKIE_CONSENT_COOKIE));
}

/** Settles at once where no consent is needed, otherwise when the visitor accepts the cookie notice. */
export function afterConsent(): Promise<void> {
  return waitsForConsent() ? page.cookieNoticeAnswered.done : Promise.resolve();
}

/**
 * Adds a script (async, at the end of `parent`, the body by default) and settles when it has run or failed. The page's
 * policy trusts it because a nonced module adds it ('strict-dynamic'); its origin is named there too.
 */
export function loadScript(
  src: string,
  options: { parent?: Element; id?: string; attributes?: Record<string, string> } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    if (options.id) script.id = options.id;
    script.async = true;
    for (const [name, value] of Object.entries(options.attributes ?? {})) script.setAttribute(name, value);
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`${src} could not be loaded`));
    script.src = src;
    (options.parent ?? document.body).append(script);
  });
}
