// Block type 50, restaurant booking: a reservation card for the third-party booking service.
import { defineBlock } from '../define.ts';
import { RestaurantBookingBlock } from './restaurant-booking.tsx';
import { schema } from './schema.ts';
import { styles } from './styles.ts';

export default defineBlock({ code: 50, name: 'restaurant_booking', schema, Component: RestaurantBookingBlock, styles });
