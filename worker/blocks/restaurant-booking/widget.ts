// The reservation service's widget for a restaurant (§1, §7 Third-party loads): where its loader script is and what it
// is asked, and the service's own reservation page, the link a visitor follows before or without the widget. v1 is the
// service's US site; v2 (§3 beta: 'works with SSL and multiple regions') the site of the restaurant's region.
import type { RestaurantBookingData } from './schema.ts';

/** The service's site per region (v2): its domain, which is also the widget's `domain` parameter. */
const REGION_DOMAINS = { us: 'com', uk: 'co.uk', eu: 'de', au: 'com.au', jp: 'jp' } as const;

export interface BookingWidget {
  /** the service's origin: named in the page's script-src */
  origin: string;
  /** the loader script for this restaurant: it draws the widget's frame where it is placed */
  script: string;
  /** the restaurant's reservation page at the service */
  reservationUrl: string;
}

export function bookingWidget(data: RestaurantBookingData, version: 1 | 2, language: string): BookingWidget {
  const domain = version === 2 ? REGION_DOMAINS[data.region ?? 'us'] : 'com';
  const origin = `https://www.opentable.${domain}`;
  const query = new URLSearchParams({
    rid: data.restaurantId,
    type: 'standard',
    theme: 'standard',
    iframe: 'true',
    domain,
    lang: language,
    newtab: 'false',
    ot_source: 'Restaurant website',
  });
  const page = new URLSearchParams({ rid: data.restaurantId, restref: data.restaurantId, lang: language });
  return {
    origin,
    script: `${origin}/widget/reservation/loader?${query.toString()}`,
    reservationUrl: `${origin}/restref/client/?${page.toString()}`,
  };
}
