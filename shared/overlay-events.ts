// The events the site-wide overlays send each other in the browser (§4), named once: the site runtime that draws the
// cookie notice and the popup overlay's island are built apart. No imports, so the runtime's chunk takes nothing else.

/**
 * Dispatched on the document by the site runtime once the visitor has answered the cookie notice (ss_cookieAllowed is
 * written by then). §4: the notice comes first; the popup overlay waits for this before it opens over the page.
 */
export const COOKIE_NOTICE_ANSWERED_EVENT = 'site:cookie-notice-answered';
