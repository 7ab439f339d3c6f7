// The appointment scheduling block: the bookable appointment types with durations and prices, the link to the booking
// page, and the scheduling service's embed of it where the service has one (scheduler.ts), loaded near the viewport.
import { formatCents } from '../../../shared/money.ts';
import { Island } from '../../kit/island.tsx';
import { Link } from '../../kit/ui.tsx';
import type { BlockProps } from '../define.ts';
import { useStoreCurrency } from '../parts/store.tsx';
import type { AppointmentSchedulingData } from './schema.ts';
import { embedsScheduler } from './scheduler.ts';
import { schedulerIsland } from './scheduler.view.tsx';

/** '30 min', '1 hr', '1 hr 30 min'. */
export function formatMinutes(total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (!hours) return `${minutes} min`;
  return minutes ? `${hours} hr ${minutes} min` : `${hours} hr`;
}

export function AppointmentSchedulingBlock({ data, block }: BlockProps<AppointmentSchedulingData>) {
  const currency = useStoreCurrency();
  const headingId = `appointments-${block.id}-title`;
  return (
    <section className="appointments-block" aria-labelledby={headingId} data-block-id={block.id} data-booking-url={data.bookingUrl}>
      <header className="appointments-header">
        <p className="appointments-eyebrow">Book an Appointment</p>
        <h2 className="appointments-title" id={headingId}>
          {data.businessName}
        </h2>
      </header>
      <ul className="appointments-list">
        {data.appointmentTypes.map((type, i) => (
          <li className="appointment-type" key={i}>
            <span className="appointment-name">{type.name}</span>
            <span className="appointment-meta">
              <time dateTime={`PT${type.durationMinutes}M`}>{formatMinutes(type.durationMinutes)}</time>
              {type.priceCents !== undefined && (
                <span className="appointment-price">{type.priceCents === 0 ? 'Free' : formatCents(type.priceCents, currency)}</span>
              )}
            </span>
          </li>
        ))}
      </ul>
      <Link href={data.bookingUrl} className="button appointments-book">
        Schedule an Appointment
      </Link>
      {embedsScheduler(data.bookingUrl) && (
        <Island island={schedulerIsland} props={{ bookingUrl: data.bookingUrl, businessName: data.businessName }} when="visible" />
      )}
    </section>
  );
}
