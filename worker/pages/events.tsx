// An event item's when and where (§3 event entries of a collection): on its card in a list and above its text.
import { dateFormatter } from '../../shared/date-format.ts';
import type { Item } from '../../shared/snapshot/schema.ts';
import { useRender } from '../kit/context.tsx';
import { RelativeDate } from './engagement/relative-date.tsx';

export type EventInfo = NonNullable<Item['event']>;

/** An event's day and times in the site's language and time zone: 'Thursday 3 December 2026', '19:00 – 21:30'. */
export function useEventWhen(): (event: EventInfo, style?: 'long' | 'short') => { day: string; time: string } {
  const { site } = useRender();
  const { language, timeZone } = site.website;
  return (event, style = 'long') => {
    const start = new Date(event.startDate);
    const end = new Date(event.endDate);
    const dayFormat = dateFormatter(language, {
      weekday: style === 'long' ? 'long' : 'short',
      day: 'numeric',
      month: style === 'long' ? 'long' : 'short',
      year: style === 'long' ? 'numeric' : undefined,
      timeZone,
    });
    const timeFormat = dateFormatter(language, { hour: 'numeric', minute: '2-digit', timeZone });
    const sameDay = dayFormat.format(start) === dayFormat.format(end);
    return sameDay
      ? { day: dayFormat.format(start), time: `${timeFormat.format(start)} – ${timeFormat.format(end)}` }
      : { day: `${dayFormat.format(start)} – ${dayFormat.format(end)}`, time: timeFormat.format(start) };
  };
}

/** When and where an event happens, above its text: its start in §9's words ('Tomorrow at 19:00'), kept up to date. */
export function EventDetails({ event }: { event: EventInfo }) {
  const when = useEventWhen()(event);
  return (
    <dl className="event-details">
      <div>
        <dt>When</dt>
        <dd>
          <RelativeDate iso={event.startDate} label={when.day} past={false} />
          <br />
          {when.time}
        </dd>
      </div>
      {event.location && (
        <div>
          <dt>Where</dt>
          <dd>
            {event.location.addressTitle}
            {event.location.addressLine1 && (
              <>
                <br />
                {event.location.addressLine1}
              </>
            )}
          </dd>
        </div>
      )}
    </dl>
  );
}
