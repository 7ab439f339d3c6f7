// The button block brought to life (§2 Button block, §7, §9), a plain island: the button's view is tracked when the
// block initialises (once the page's own view is recorded, so the payload carries the visitor record that answer
// sets), and a click is tracked first, the navigation re-triggered once it is (or after the 2500 ms time-out). The
// navigation is held back only for a plain click on a link that is not mailto: and does not open a new window;
// otherwise it goes at once while the click is sent alongside. Nothing is sent where analytics do not run (§6, consent).
import { BUTTON_TRACKING_TIMEOUT_MS, holdsNavigation } from '../../../shared/button-tracking.ts';
import { VISITOR_RECORD_COOKIE } from '../../../shared/visitor-cookies.ts';
import { analyticsAllowed } from '../../../client/lib/analytics.ts';
import { readCookie } from '../../../client/lib/cookies.ts';
import { request } from '../../../client/lib/request.ts';
import { page } from '../../../client/page.ts';
import type { ButtonPayload, ButtonProps } from './button.view.tsx';

const RENDER = '/api/census/button-render';
const CLICK = '/api/census/button-click';

/** The §3 payload with the visitor cookie as it is now. */
function payload(props: ButtonProps): Record<keyof ButtonPayload | 'visitorCookie', unknown> {
  const { pagePath, id, buttonText, clickthroughUrl, alignment, size, newWindow, context } = props;
  const visitorCookie = readCookie(VISITOR_RECORD_COOKIE) ?? '';
  return { pagePath, id, buttonText, clickthroughUrl, alignment, size, newWindow, context, visitorCookie };
}

export function mount(element: Element, props: ButtonProps): void {
  const send = (path: string, keepalive = false) =>
    request(path, { data: payload(props), json: true, timeoutMs: BUTTON_TRACKING_TIMEOUT_MS, keepalive }).catch(() => undefined);
  // the view, once the page's own view is recorded (never, where analytics do not run)
  void page.viewRecorded.done.then(() => send(RENDER));
  const link = element.querySelector<HTMLAnchorElement>('a[href]');
  link?.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || !analyticsAllowed()) return;
    const modifier = event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
    const hold = holdsNavigation(link.getAttribute('href') ?? '', props.newWindow || link.target === '_blank', modifier);
    const sent = send(CLICK, !hold);
    if (!hold) return;
    event.preventDefault();
    void sent.then(() => location.assign(link.href));
  });
}
