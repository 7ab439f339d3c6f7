// The tour dates block: an artist's upcoming shows with date, venue, city and ticket links.
import { dateFormatter } from '../../../shared/date-format.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { useRender } from '../../kit/context.tsx';
import { Link } from '../../kit/ui.tsx';
import type { BlockProps } from '../define.ts';
import { compactClass } from '../parts/media.ts';
import type { TourDatesData } from './schema.ts';

export function TourDatesBlock({ data, block }: BlockProps<TourDatesData>) {
  const { site, now } = useRender();
  const { language, timeZone } = site.website;
  const month = dateFormatter(language, { month: 'short', timeZone });
  const day = dateFormatter(language, { day: 'numeric', timeZone });
  const weekday = dateFormatter(language, { weekday: 'short', timeZone });
  const full = dateFormatter(language, { dateStyle: 'long', timeZone });
  // A show stays listed through the day it happens on.
  const cutoff = now.getTime() - 86_400_000;
  const shows = data.events.filter((e) => Date.parse(e.date) >= cutoff).sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  const headingId = `tour-dates-${block.id}-title`;
  return (
    <section className={cx('tour-dates-block', compactClass(block.span, 4))} aria-labelledby={headingId} data-block-id={block.id}>
      <header className="tour-dates-header">
        <h2 className="tour-dates-title" id={headingId}>
          {data.artistName}
        </h2>
        <p className="tour-dates-subtitle">Tour Dates</p>
      </header>
      {shows.length === 0 ? (
        <p className="tour-dates-empty">No upcoming tour dates.</p>
      ) : (
        <ol className="tour-dates-list">
          {shows.map((show, i) => {
            const date = new Date(show.date);
            return (
              <li className="tour-date" key={i}>
                <time className="tour-date-when" dateTime={show.date}>
                  <span className="tour-date-month">{month.format(date)}</span>
                  <span className="tour-date-day">{day.format(date)}</span>
                  <span className="tour-date-weekday">{weekday.format(date)}</span>
                </time>
                <div className="tour-date-where">
                  <span className="tour-date-venue">{show.venue}</span>
                  <span className="tour-date-city">{show.city}</span>
                </div>
                {show.ticketUrl && (
                  <Link href={show.ticketUrl} newWindow className="button secondary tour-date-tickets">
                    Tickets
                    <VisuallyHidden>
                      {' '}
                      for {show.venue}, {full.format(date)} (opens in a new window)
                    </VisuallyHidden>
                  </Link>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
