// The restaurant booking blocks' props-only view (v1 and v2, §2 Restaurant booking block): the card with the
// restaurant's name, the place the reservation service's widget is drawn in, and 'Find a Table', a link to the
// restaurant's reservation page at the service, which works before and without the widget. The plain island
// (restaurant-booking.island.ts) loads the widget, or answers 'Find a Table' with the 'Preview Only' alert for a
// logged-in account.
import { islandRef } from '../../../shared/islands/protocol.ts';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';

export interface BookingProps {
  blockId: string;
  version: 1 | 2;
  restaurantName: string;
  restaurantId: string;
  /** the service's widget loader for this restaurant */
  widgetScript: string;
  /** v1: the v2 widget's loader, which a browser with the reservation-block v2 beta feature on loads instead (§3) */
  betaWidgetScript?: string | undefined;
  /** the restaurant's reservation page at the service */
  reservationUrl: string;
}

export function BookingView(props: BookingProps) {
  const base = `booking-${props.blockId}`;
  return (
    <section
      className="booking-block"
      aria-labelledby={`${base}-title`}
      data-restaurant-id={props.restaurantId}
      data-version={String(props.version)}
      data-widget="none"
    >
      <header className="booking-header">
        <p className="booking-eyebrow">Make a Reservation</p>
        <h2 className="booking-title" id={`${base}-title`}>
          {props.restaurantName}
        </h2>
      </header>
      <div className="booking-widget" />
      <p className="booking-fallback">
        <a className="button booking-submit" href={props.reservationUrl} target="_blank" rel="noopener">
          Find a Table
          <VisuallyHidden> at OpenTable (opens in a new window)</VisuallyHidden>
        </a>
      </p>
    </section>
  );
}

export const bookingIsland = islandRef('restaurant-booking', BookingView);
