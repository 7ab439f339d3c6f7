// The restaurant booking blocks (v1 and v2): the third-party reservation widget shown as a static card the client brings to life.
import type { Block } from '../../../shared/snapshot/schema.ts';
import { useRender } from '../../render/context.tsx';
import type { BlockProps } from '../define.ts';
import type { RestaurantBookingData } from './schema.ts';

/** Reservation times offered: every half hour from 11:00 to 22:00, 19:00 preselected. */
const FIRST_SLOT_MINUTES = 11 * 60;

const LAST_SLOT_MINUTES = 22 * 60;

const DEFAULT_SLOT = '19:00';

const DEFAULT_PARTY_SIZE = 2;

export function RestaurantBookingBlock({ data, block }: BlockProps<RestaurantBookingData>) {
  return <Booking data={data} block={block} blockName="restaurant_booking" />;
}

export function Booking({
  data,
  block,
  blockName,
}: {
  data: RestaurantBookingData;
  block: Block;
  blockName: 'restaurant_booking' | 'restaurant_booking_v2';
}) {
  const { site, now } = useRender();
  const { language, timeZone } = site.website;
  const base = `booking-${block.id}`;
  // Today in the site's time zone, as the yyyy-mm-dd a date input takes.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const timeLabel = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  const slots: { value: string; label: string }[] = [];
  for (let m = FIRST_SLOT_MINUTES; m <= LAST_SLOT_MINUTES; m += 30) {
    const value = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    slots.push({ value, label: timeLabel.format(new Date(Date.UTC(2000, 0, 1, Math.floor(m / 60), m % 60))) });
  }
  const sizes = Array.from({ length: data.partySizeMax }, (_, i) => i + 1);
  return (
    <section
      className="booking-block"
      aria-labelledby={`${base}-title`}
      data-island={blockName}
      data-block-id={block.id}
      data-restaurant-id={data.restaurantId}
      data-version={blockName === 'restaurant_booking_v2' ? '2' : '1'}
      {...(data.region ? { 'data-region': data.region } : {})}
    >
      <header className="booking-header">
        <p className="booking-eyebrow">Make a Reservation</p>
        <h2 className="booking-title" id={`${base}-title`}>
          {data.restaurantName}
        </h2>
      </header>
      <div className="booking-fields">
        <div className="booking-field">
          <label htmlFor={`${base}-party`}>Party Size</label>
          <select
            id={`${base}-party`}
            name="partySize"
            className="booking-control"
            defaultValue={Math.min(DEFAULT_PARTY_SIZE, data.partySizeMax)}
          >
            {sizes.map((n) => (
              <option key={n} value={n}>
                {n === 1 ? '1 Person' : `${n} People`}
              </option>
            ))}
          </select>
        </div>
        <div className="booking-field">
          <label htmlFor={`${base}-date`}>Date</label>
          <input id={`${base}-date`} name="date" type="date" className="booking-control" min={today} defaultValue={today} />
        </div>
        <div className="booking-field">
          <label htmlFor={`${base}-time`}>Time</label>
          <select id={`${base}-time`} name="time" className="booking-control" defaultValue={DEFAULT_SLOT}>
            {slots.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button booking-submit" data-action="find-table">
          Find a Table
        </button>
      </div>
    </section>
  );
}
