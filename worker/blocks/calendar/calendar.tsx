// The calendar block: a collection's events on a month grid, with an agenda list for narrow screens. The events are
// the collection's events record (made at publish: its visible items with event details, by start date).
import { dateFormatter } from '../../../shared/date-format.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { useAsync, useRender } from '../../kit/context.tsx';
import type { CollectionMeta, ItemSummary } from '../../site/model.ts';
import type { BlockProps } from '../define.ts';
import { compactClass } from '../parts/media.ts';
import type { CalendarData } from './schema.ts';

/** Upcoming events the agenda lists at most. */
const AGENDA_LIMIT = 8;

const DAY_MS = 86_400_000;

type EventItem = ItemSummary & { event: NonNullable<ItemSummary['event']> };

interface CalendarDay {
  /** yyyy-mm-dd in the site's time zone */
  key: string;
  year: number;
  month: number;
  day: number;
}

export function CalendarBlock({ data, block }: BlockProps<CalendarData>) {
  const { site, now } = useRender();
  const collection = site.collection(data.collectionId);
  const events = useAsync(`events:${data.collectionId}`, () => (collection ? site.events(collection, now) : [])) as EventItem[];
  if (!collection) return null;
  const { language, timeZone } = site.website;
  const dayOf = dayInZone(timeZone);

  const today = dayOf(now);
  const upcoming = events.filter((e) => Date.parse(e.event.endDate) >= now.getTime());
  // Show the month of the next event; with none ahead, the month of the latest one; with no events, this month.
  const focus = upcoming[0]
    ? dayOf(new Date(upcoming[0].event.startDate))
    : events.length
      ? dayOf(new Date(events.at(-1)!.event.startDate))
      : today;
  const monthKey = `${focus.year}-${pad(focus.month)}`;
  const byDay = new Map<string, EventItem[]>();
  for (const e of events) {
    for (const key of daysSpanned(e, dayOf)) {
      if (!key.startsWith(monthKey)) continue;
      byDay.set(key, [...(byDay.get(key) ?? []), e]);
    }
  }

  const monthLabel = dateFormatter(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(focus.year, focus.month - 1, 15)),
  );
  const weekdays = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2023, 0, 1 + i))); // 2023-01-01 was a Sunday
  const weekdayLong = dateFormatter(language, { weekday: 'long', timeZone: 'UTC' });
  const weekdayShort = dateFormatter(language, { weekday: 'short', timeZone: 'UTC' });
  const timeFormat = dateFormatter(language, { hour: 'numeric', minute: '2-digit', timeZone });
  const agendaDate = dateFormatter(language, { weekday: 'short', month: 'short', day: 'numeric', timeZone });

  const leading = new Date(Date.UTC(focus.year, focus.month - 1, 1)).getUTCDay();
  const daysInMonth = new Date(Date.UTC(focus.year, focus.month, 0)).getUTCDate();
  const cells: (number | null)[] = [...Array<null>(leading).fill(null), ...Array.from({ length: daysInMonth }, (_, i) => i + 1)];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const headingId = `calendar-${block.id}-month`;
  const agenda = (upcoming.length ? upcoming : events.filter((e) => dayOf(new Date(e.event.startDate)).key.startsWith(monthKey))).slice(
    0,
    AGENDA_LIMIT,
  );

  return (
    <section
      className={cx('calendar-block', agenda.length > 0 && 'has-agenda', compactClass(block.span))}
      aria-labelledby={headingId}
      data-block-id={block.id}
      data-collection-id={collection.id}
      data-month={monthKey}
      data-time-zone={timeZone}
    >
      <header className="calendar-header">
        <h2 className="calendar-month" id={headingId}>
          {monthLabel}
        </h2>
        <p className="calendar-collection">{collection.title}</p>
      </header>
      <table className="calendar-grid" aria-labelledby={headingId}>
        <thead>
          <tr>
            {weekdays.map((d) => (
              <th scope="col" key={d.getUTCDay()} abbr={weekdayLong.format(d)}>
                {weekdayShort.format(d)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((day, d) => {
                if (day === null) return <td className="calendar-day is-outside" key={d} />;
                const key = `${monthKey}-${pad(day)}`;
                const dayEvents = byDay.get(key) ?? [];
                const isToday = key === today.key;
                return (
                  <td className={cx('calendar-day', isToday && 'is-today', dayEvents.length > 0 && 'has-events')} key={d}>
                    <span className="calendar-day-number" {...(isToday ? { 'aria-current': 'date' as const } : {})}>
                      {day}
                    </span>
                    {dayEvents.length > 0 && (
                      <ul className="calendar-day-events">
                        {dayEvents.map((e) => (
                          <li key={e.id}>
                            <a href={site.itemUrl(collection, e)} className="calendar-event">
                              {dayOf(new Date(e.event.startDate)).key === key && (
                                <span className="calendar-event-time">{timeFormat.format(new Date(e.event.startDate))} </span>
                              )}
                              <span className="calendar-event-title">{e.title}</span>
                            </a>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {agenda.length > 0 && (
        <ol className="calendar-agenda">
          {agenda.map((e) => (
            <AgendaEntry
              key={e.id}
              event={e}
              collection={collection}
              dateLabel={agendaDate.format(new Date(e.event.startDate))}
              timeLabel={timeRange(e, dayOf, timeFormat, agendaDate)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function AgendaEntry({
  event,
  collection,
  dateLabel,
  timeLabel,
}: {
  event: EventItem;
  collection: CollectionMeta;
  dateLabel: string;
  timeLabel: string;
}) {
  const { site } = useRender();
  return (
    <li className="calendar-agenda-item">
      <time className="calendar-agenda-date" dateTime={event.event.startDate}>
        {dateLabel}
      </time>
      <div className="calendar-agenda-body">
        <a href={site.itemUrl(collection, event)} className="calendar-agenda-title">
          {event.title}
        </a>
        <span className="calendar-agenda-time">{timeLabel}</span>
        {event.event.location?.addressTitle && <span className="calendar-agenda-location">{event.event.location.addressTitle}</span>}
      </div>
    </li>
  );
}

/** '1:00 PM – 4:00 PM', or with the end's date when the event runs past its first day. */
function timeRange(e: EventItem, dayOf: (d: Date) => CalendarDay, time: Intl.DateTimeFormat, date: Intl.DateTimeFormat): string {
  const start = new Date(e.event.startDate);
  const end = new Date(e.event.endDate);
  const sameDay = dayOf(start).key === dayOf(new Date(Math.max(end.getTime() - 1, start.getTime()))).key;
  return sameDay ? `${time.format(start)} – ${time.format(end)}` : `${time.format(start)} – ${date.format(end)}, ${time.format(end)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day of an instant in a time zone. */
function dayInZone(timeZone: string): (date: Date) => CalendarDay {
  const format = dateFormatter('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
  return (date) => {
    const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
    const year = Number(parts.year);
    const month = Number(parts.month);
    const day = Number(parts.day);
    return { key: `${year}-${pad(month)}-${pad(day)}`, year, month, day };
  };
}

/** Every calendar day an event touches, as yyyy-mm-dd keys (at most 62, so a long run cannot flood the grid). */
function daysSpanned(e: EventItem, dayOf: (d: Date) => CalendarDay): string[] {
  const start = dayOf(new Date(e.event.startDate));
  const end = dayOf(new Date(Math.max(Date.parse(e.event.endDate) - 1, Date.parse(e.event.startDate))));
  const keys: string[] = [];
  let t = Date.UTC(start.year, start.month - 1, start.day);
  const last = Date.UTC(end.year, end.month - 1, end.day);
  while (t <= last && keys.length < 62) {
    const d = new Date(t);
    keys.push(`${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`);
    t += DAY_MS;
  }
  return keys;
}
