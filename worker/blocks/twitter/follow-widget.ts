// The social follow widget of a twitter block (§7 Third-party loads, §9 Timings): the service's widget script, which
// draws a Follow button for the block's account in place of the block's own link. It sets cookies of its own, so under
// the restrictive cookie policy it waits for consent; a script that has not drawn the button within §9's 10000 ms has
// failed, and the link stays.

/** The widget script (one per page, by this id, as the service's own snippet adds it) and its origin for script-src. */
export const FOLLOW_WIDGET_SCRIPT = 'https://platform.twitter.com/widgets.js';
export const FOLLOW_WIDGET_ID = 'twitter-wjs';
export const FOLLOW_WIDGET_ORIGIN = 'https://platform.twitter.com';

/** §9: the follow widget script's time-out. */
export const FOLLOW_WIDGET_TIMEOUT_MS = 10_000;

/** The language the widget speaks: the site's, as the service names languages (its primary subtag, lower case). */
export function followWidgetLanguage(language: string | undefined): string {
  return /^[a-z]{2,3}/i.exec(language ?? '')?.[0]?.toLowerCase() ?? 'en';
}
