// The interactive, media and commerce block types: server components that later client islands hydrate.
import type { BlockGroup } from '../types.ts';
import { AppointmentSchedulingBlock } from './appointment-scheduling.tsx';
import { AlbumBlock, AudioBlock, AudioStreamingBlock } from './audio.tsx';
import { ButtonBlock } from './button.tsx';
import { CalendarBlock } from './calendar.tsx';
import { ChartBlock } from './chart.tsx';
import { DonationBlock } from './donation.tsx';
import { EmbedBlock } from './embed.tsx';
import { FormBlock } from './form.tsx';
import { GalleryBlock } from './gallery.tsx';
import { ImageBlock } from './image.tsx';
import { MapBlock } from './map.tsx';
import { NewsletterBlock } from './newsletter.tsx';
import { ProductBlock } from './product.tsx';
import { RestaurantBookingBlock, RestaurantBookingV2Block } from './restaurant-booking.tsx';
import { SearchBlock } from './search.tsx';
import { SummaryBlock, SummaryV2Block } from './summary.tsx';
import { TourDatesBlock } from './tour-dates.tsx';
import { VideoBlock } from './video.tsx';
import { WeddingRegistryBlock } from './wedding-registry.tsx';

export type InteractiveBlockName =
  | 'map'
  | 'image'
  | 'gallery'
  | 'form'
  | 'summary'
  | 'embed'
  | 'calendar'
  | 'video'
  | 'search'
  | 'audio'
  | 'product'
  | 'restaurant_booking'
  | 'newsletter'
  | 'donation'
  | 'button'
  | 'summary_v2'
  | 'audio_streaming'
  | 'tour_dates'
  | 'album'
  | 'chart'
  | 'wedding_registry'
  | 'appointment_scheduling'
  | 'restaurant_booking_v2';

export const interactiveBlocks = {
  map: MapBlock,
  image: ImageBlock,
  gallery: GalleryBlock,
  form: FormBlock,
  summary: SummaryBlock,
  embed: EmbedBlock,
  calendar: CalendarBlock,
  video: VideoBlock,
  search: SearchBlock,
  audio: AudioBlock,
  product: ProductBlock,
  restaurant_booking: RestaurantBookingBlock,
  newsletter: NewsletterBlock,
  donation: DonationBlock,
  button: ButtonBlock,
  summary_v2: SummaryV2Block,
  audio_streaming: AudioStreamingBlock,
  tour_dates: TourDatesBlock,
  album: AlbumBlock,
  chart: ChartBlock,
  wedding_registry: WeddingRegistryBlock,
  appointment_scheduling: AppointmentSchedulingBlock,
  restaurant_booking_v2: RestaurantBookingV2Block,
} satisfies BlockGroup<InteractiveBlockName>;
