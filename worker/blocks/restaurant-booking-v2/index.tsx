// Block type 66, restaurant booking v2: the reservation card of the newer booking service (regions, SSL).
import { defineBlock, type BlockProps } from '../define.ts';
import { Booking } from '../restaurant-booking/restaurant-booking.tsx';
import { schema, type RestaurantBookingData } from '../restaurant-booking/schema.ts';
import { styles } from '../restaurant-booking/styles.ts';

function RestaurantBookingV2Block({ data, block }: BlockProps<RestaurantBookingData>) {
  return <Booking data={data} block={block} blockName="restaurant_booking_v2" />;
}

export default defineBlock({ code: 66, name: 'restaurant_booking_v2', schema, Component: RestaurantBookingV2Block, styles });
