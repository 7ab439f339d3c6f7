// The restaurant booking block brought to life (§2 Restaurant booking block, §7 Third-party loads), a plain island. A
// logged-in platform account gets a preview only: 'Find a Table' shows the 'Preview Only' alert (one of the page's
// dialogs: client/lib/ui-chunk.ts) and no widget loads. For visitors the block is revealed when the page is served over
// https or the site has initialised (the site runtime has started: client/page.ts): the reservation service's widget
// script for the restaurant is loaded into the card, after consent where the site's restrictive cookie policy asks for
// it (the service sets cookies). Until then, or if it fails, 'Find a Table' opens the restaurant's reservation page.
import { trace } from '../../../client/lib/errors.ts';
import { readPageContext } from '../../../client/lib/page-context.ts';
import { uiChunk } from '../../../client/lib/ui-chunk.ts';
import { page } from '../../../client/page.ts';
import { betaEnabled } from '../../../client/ui/beta.ts';
import { afterConsent, loadScript, waitsForConsent } from '../../../client/ui/third-party.ts';
import type { BookingProps } from './restaurant-booking.view.tsx';

export function mount(element: Element, props: BookingProps): void {
  const block = element.querySelector<HTMLElement>('.booking-block');
  const slot = element.querySelector<HTMLElement>('.booking-widget');
  if (!block || !slot) throw new Error('restaurant booking: no .booking-block in the island');
  if (readPageContext()?.authenticatedAccount) {
    block.dataset.widget = 'preview';
    element.querySelector('.booking-submit')?.addEventListener('click', (event) => {
      event.preventDefault();
      // §9: at the mouse on desktop (a press, not a key), which the dialogs' chunk may have been too late to see
      const at = event instanceof MouseEvent && event.detail ? { x: event.clientX, y: event.clientY } : undefined;
      uiChunk()
        .then((m) => m.showAlert({ title: m.BOOKING_PREVIEW.title, message: m.BOOKING_PREVIEW.message, at }))
        .catch(() => console.error('The dialogs could not be loaded.'));
    });
    return;
  }
  const revealed = location.protocol === 'https:' || page.started.happened ? Promise.resolve() : page.started.done;
  void revealed
    .then(() => {
      if (waitsForConsent()) block.dataset.widget = 'consent';
      return afterConsent();
    })
    .then(async () => {
      block.dataset.widget = 'loading';
      try {
        // §3 beta: the reservation block v2's widget (SSL, the restaurant's region) in place of v1's
        const v2 = props.betaWidgetScript && betaEnabled('restaurantBookingV2');
        if (v2) block.dataset.version = '2';
        await loadScript(v2 ? props.betaWidgetScript! : props.widgetScript, { parent: slot });
        block.dataset.widget = 'loaded';
      } catch {
        block.dataset.widget = 'failed';
        trace('booking_widget_failed', { restaurantId: props.restaurantId });
      }
    });
}
