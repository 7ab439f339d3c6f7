// The restaurant booking blocks (v1 and v2): the third-party reservation widget as a card, the props of its island
// (restaurant-booking.view.tsx, restaurant-booking.island.tsx).
import { dateFormatter } from '../../../shared/date-format.ts';
import type { Block } from '../../../shared/snapshot/schema.ts';
import { useRender } from '../../kit/context.tsx';
import { Island } from '../../kit/island.tsx';
import type { BlockProps } from '../define.ts';
import { bookingIsland, type BookingProps } from './restaurant-booking.view.tsx';
import type { RestaurantBookingData } from './schema.ts';

/** Reservation times offered: every half hour from 11:00 to 22:00, 19:00 preselected. */
const FIRST_SLOT_MINUTES = 11 * 60;

const LAST_SLOT_MINUTES = 22 * 60;

const DEFAULT_SLOT = '19:00';

const DEFAULT_PARTY_SIZE = 2;

export function RestaurantBookingBlock({ data, block }: BlockProps<RestaurantBookingData>) {
  return <Booking data={data} block={block} blockName="restaurant_booking" />;
}

/** The half-hour slots a table can be booked for, labelled in a language; the same for every render of it. */
const slotLists = new Map<string, readonly { value: string; label: string }[]>();
function slotsIn(language: string): readonly { value: string; label: string }[] {
  let slots = slotLists.get(language);
  if (slots) return slots;
  const timeLabel = dateFormatter(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  const list: { value: string; label: string }[] = [];
  for (let m = FIRST_SLOT_MINUTES; m <= LAST_SLOT_MINUTES; m += 30) {
    const value = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    list.push({ value, label: timeLabel.format(new Date(Date.UTC(2000, 0, 1, Math.floor(m / 60), m % 60))) });
  }
  slots = list;
  slotLists.set(language, slots);
  return slots;
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
  // Today in the site's time zone, as the yyyy-mm-dd a date input takes.
  const today = dateFormatter('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const slots = slotsIn(language);
  const props: BookingProps = {
    blockId: block.id,
    version: blockName === 'restaurant_booking_v2' ? 2 : 1,
    restaurantName: data.restaurantName,
    restaurantId: data.restaurantId,
    region: data.region,
    today,
    slots,
    defaultSlot: DEFAULT_SLOT,
    partySizeMax: data.partySizeMax,
    defaultPartySize: Math.min(DEFAULT_PARTY_SIZE, data.partySizeMax),
  };
  // hydrated when the browser is idle: the reveal rule needs no interaction
  return <Island island={bookingIsland} props={props} when="idle" />;
}
