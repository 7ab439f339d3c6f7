// Button blocks (§2, §3 Button tracking payload, §7): each button's view is tracked when the page starts, and a click
// is tracked first, with navigation re-triggered once it is (or after the 2500 ms time-out). Loaded by the site
// runtime only on pages that have a button block, and only where analytics run (client/lib/analytics.ts).
import { BUTTON_TRACKING_TIMEOUT_MS, holdsNavigation } from '../../shared/button-tracking.ts';
import { request } from './request.ts';

/** What the runtime's analytics hand over (passed in, so this chunk shares no module with the runtime's entry). */
export interface ButtonAnalytics {
  /** analytics may be sent now (§6, consent) */
  allowed(): boolean;
  /** the visitor record cookie's value, '' without one */
  visitorCookie(): string;
  /** the button blocks' selector */
  selector: string;
}

const quiet = (p: Promise<unknown>) => void p.catch(() => undefined);

/** §3 Button tracking payload of a button block, plus visitorCookie. */
function buttonPayload(block: HTMLElement, visitorCookie: () => string): Record<string, unknown> {
  const d = block.dataset;
  return {
    pagePath: d.pagePath ?? location.pathname,
    id: d.id,
    buttonText: d.buttonText ?? '',
    clickthroughUrl: d.clickthroughUrl ?? '',
    alignment: d.alignment ?? '',
    size: d.size ?? '',
    newWindow: d.newWindow === 'true',
    context: d.context,
    visitorCookie: visitorCookie(),
  };
}

/** §2 Button block: each button's view on start; a click tracked first, then the navigation re-triggered. */
export function trackButtons({ allowed, visitorCookie, selector }: ButtonAnalytics): void {
  for (const block of document.querySelectorAll<HTMLElement>(selector)) {
    quiet(
      request('/api/census/button-render', {
        data: buttonPayload(block, visitorCookie),
        json: true,
        timeoutMs: BUTTON_TRACKING_TIMEOUT_MS,
      }),
    );
  }
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(`${selector} a[href]`) : null;
    if (!link || event.defaultPrevented || event.button !== 0 || !allowed()) return;
    const block = link.closest<HTMLElement>(selector)!;
    const modifier = event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
    const hold = holdsNavigation(link.getAttribute('href') ?? '', block.dataset.newWindow === 'true' || link.target === '_blank', modifier);
    const sent = request('/api/census/button-click', {
      data: buttonPayload(block, visitorCookie),
      json: true,
      timeoutMs: BUTTON_TRACKING_TIMEOUT_MS,
      keepalive: !hold,
    }).catch(() => undefined);
    if (!hold) return;
    event.preventDefault();
    void sent.then(() => location.assign(link.href));
  });
}
