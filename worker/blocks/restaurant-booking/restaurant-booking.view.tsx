// The restaurant booking blocks' props-only view (v1 and v2, §2 Restaurant booking block): the reservation card with
// party size, date and time. The island (restaurant-booking.island.tsx) reveals 'Find a Table' and answers it.
import type { MouseEvent } from 'react';
import { islandRef } from '../../../shared/islands/protocol.ts';

export interface BookingProps {
  blockId: string;
  version: 1 | 2;
  restaurantName: string;
  restaurantId: string;
  region?: string | undefined;
  /** today in the site's time zone, as a date input takes it */
  today: string;
  slots: readonly { value: string; label: string }[];
  defaultSlot: string;
  partySizeMax: number;
  defaultPartySize: number;
}

export interface BookingLive {
  /** §2: shown over https or once the site has initialised */
  revealed: boolean;
  onFind: (event: MouseEvent<HTMLButtonElement>) => void;
}

export function BookingView(props: BookingProps & { live?: BookingLive }) {
  const base = `booking-${props.blockId}`;
  const sizes = Array.from({ length: props.partySizeMax }, (_, i) => i + 1);
  return (
    <section
      className="booking-block"
      aria-labelledby={`${base}-title`}
      data-restaurant-id={props.restaurantId}
      data-version={String(props.version)}
      data-revealed={props.live?.revealed ? 'true' : 'false'}
      {...(props.region ? { 'data-region': props.region } : {})}
    >
      <header className="booking-header">
        <p className="booking-eyebrow">Make a Reservation</p>
        <h2 className="booking-title" id={`${base}-title`}>
          {props.restaurantName}
        </h2>
      </header>
      <div className="booking-fields">
        <div className="booking-field">
          <label htmlFor={`${base}-party`}>Party Size</label>
          <select id={`${base}-party`} name="partySize" className="booking-control" defaultValue={props.defaultPartySize}>
            {sizes.map((n) => (
              <option key={n} value={n}>
                {n === 1 ? '1 Person' : `${n} People`}
              </option>
            ))}
          </select>
        </div>
        <div className="booking-field">
          <label htmlFor={`${base}-date`}>Date</label>
          <input id={`${base}-date`} name="date" type="date" className="booking-control" min={props.today} defaultValue={props.today} />
        </div>
        <div className="booking-field">
          <label htmlFor={`${base}-time`}>Time</label>
          <select id={`${base}-time`} name="time" className="booking-control" defaultValue={props.defaultSlot}>
            {props.slots.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button booking-submit" data-action="find-table" onClick={props.live?.onFind}>
          Find a Table
        </button>
      </div>
    </section>
  );
}

export const bookingIsland = islandRef('restaurant-booking', BookingView);
