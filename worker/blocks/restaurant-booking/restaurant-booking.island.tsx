// The restaurant booking block brought to life (§2 Restaurant booking block). A logged-in platform account gets a
// preview only: 'Find a Table' shows the 'Preview Only' alert. For visitors the block is revealed when the page is
// served over https or the site has initialised (the site runtime has started), and 'Find a Table' opens the
// restaurant's reservation at the booking service with the party size, date and time chosen.
import { useEffect, useState, type MouseEvent } from 'react';
import { BOOKING_PREVIEW } from '../../../shared/dialogs.ts';
import { showAlert } from '../../../client/lib/dialogs.ts';
import { readPageContext } from '../../../client/lib/page-context.ts';
import { BookingView, type BookingProps } from './restaurant-booking.view.tsx';

/** The booking service's reservation page (the widget's third-party service). */
const BOOKING_SERVICE = 'https://www.opentable.com/restref/client/';

/** The runtime marks the document once it has started (client/entries/site.ts). */
const siteInitialised = () => document.documentElement.dataset.siteRuntime === 'ready';

export default function BookingIsland(props: BookingProps) {
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    if (location.protocol === 'https:' || siteInitialised()) return setRevealed(true);
    // the runtime may start after this island: reveal when it says so
    const onReady = () => setRevealed(true);
    document.addEventListener('site:ready', onReady, { once: true });
    return () => document.removeEventListener('site:ready', onReady);
  }, []);

  const onFind = (event: MouseEvent<HTMLButtonElement>) => {
    if (readPageContext()?.authenticatedAccount) {
      showAlert({ title: BOOKING_PREVIEW.title, message: BOOKING_PREVIEW.message });
      return;
    }
    const card = event.currentTarget.closest('.booking-block');
    const value = (name: string) => card?.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)?.value ?? '';
    const query = new URLSearchParams({
      rid: props.restaurantId,
      restref: props.restaurantId,
      partysize: value('partySize'),
      datetime: `${value('date')}T${value('time')}`,
      ...(props.region ? { region: props.region } : {}),
    });
    window.open(`${BOOKING_SERVICE}?${query.toString()}`, '_blank', 'noopener');
  };

  return <BookingView {...props} live={{ revealed, onFind }} />;
}
