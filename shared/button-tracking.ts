// Button block tracking (§2, §7, §9): the time-out of button-click and button-render, and which clicks hold the
// navigation back until the click is tracked. Its own module, so only the button block's plain island
// (worker/blocks/button/button.island.ts) loads it.

/** §7, §9: button-click and button-render give up after 2500 ms. */
export const BUTTON_TRACKING_TIMEOUT_MS = 2500;

/**
 * §2 Button block: navigation waits for the click to be tracked only for a plain click on a link that is not mailto:
 * and does not open a new window; anything else goes at once while the click is sent alongside.
 */
export function holdsNavigation(href: string, newWindow: boolean, modifier: boolean): boolean {
  return !modifier && !newWindow && !/^mailto:/i.test(href.trim());
}
