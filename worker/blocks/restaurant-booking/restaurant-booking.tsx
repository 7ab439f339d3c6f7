// The restaurant booking blocks (v1 and v2): the reservation service's widget for the restaurant in a card, through
// its plain island (restaurant-booking.view.tsx, restaurant-booking.island.ts), loaded as it comes near the viewport.
import type { Block } from '../../../shared/snapshot/schema.ts';
import { useRender } from '../../kit/context.tsx';
import { Island } from '../../kit/island.tsx';
import type { BlockProps } from '../define.ts';
import { bookingIsland, type BookingProps } from './restaurant-booking.view.tsx';
import type { RestaurantBookingData } from './schema.ts';
import { bookingWidget } from './widget.ts';

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
  const { site } = useRender();
  const version = blockName === 'restaurant_booking_v2' ? 2 : 1;
  const widget = bookingWidget(data, version, site.website.language);
  const props: BookingProps = {
    blockId: block.id,
    version,
    restaurantName: data.restaurantName,
    restaurantId: data.restaurantId,
    widgetScript: widget.script,
    betaWidgetScript: version === 1 ? bookingWidget(data, 2, site.website.language).script : undefined,
    reservationUrl: widget.reservationUrl,
  };
  return <Island island={bookingIsland} props={props} when="visible" />;
}
