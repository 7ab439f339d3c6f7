// The restaurant booking block brought to life (§2 Restaurant booking block). A logged-in platform account gets a
// preview only: 'Find a Table' shows the 'Preview Only' alert (one of the page's dialogs: client/lib/ui-chunk.ts). For
// visitors the block is revealed when the page is served over https or the site has initialised (the site runtime has
// started: client/page.ts), and 'Find a Table' opens the restaurant's reservation at the booking service with the party
// size, date and time chosen.
import { useEffect, useState, type MouseEvent } from 'react';
import { readPageContext } from '../../../client/lib/page-context.ts';
import { uiChunk } from '../../../client/lib/ui-chunk.ts';
import { page } from '../../../client/page.ts';
import { BookingView, type BookingProps } from './restaurant-booking.view.tsx';

/** The booking service's reservation page (the widget's third-party service). */
const BOOKING_SERVICE = 'https://www.opentable.com/restref/client/';

export default function BookingIsland(props: BookingProps) {
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    if (location.protocol === 'https:' || page.started.happened) return setRevealed(true);
    // the runtime may start after this island: reveal when it has
    let mounted = true;
    void page.started.done.then(() => mounted && setRevealed(true));
    return () => {
      mounted = false;
    };
  }, []);

  const onFind = (event: MouseEvent<HTMLButtonElement>) => {
    if (readPageContext()?.authenticatedAccount) {
      uiChunk()
        .then((m) => m.showAlert({ title: m.BOOKING_PREVIEW.title, message: m.BOOKING_PREVIEW.message }))
        .catch(() => console.error('The dialogs could not be loaded.'));
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
