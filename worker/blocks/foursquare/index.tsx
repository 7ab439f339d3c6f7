// Block type 24, foursquare: check-ins synchronized from the service, stored in the block, as a timeline.
import * as z from 'zod';
import { isoDate } from '../../../shared/snapshot/common.ts';
import { defineBlock, type BlockProps } from '../define.ts';
import { DateText, EmptyNote, PinIcon } from '../parts/elements.tsx';
import { text } from '../parts/schema.ts';

const schema = z.object({
  checkins: z.array(z.object({ venue: text(200), city: text(200).optional(), date: isoDate, shout: text(500).optional() })).max(50),
});
type FoursquareData = z.output<typeof schema>;

function FoursquareBlock({ data }: BlockProps<FoursquareData>) {
  return (
    <section className="cb-feed cb-checkins">
      <h2 className="cb-heading">Recent check-ins</h2>
      {data.checkins.length === 0 ? (
        <EmptyNote>No check-ins yet.</EmptyNote>
      ) : (
        <ol className="cb-feed-list">
          {data.checkins.map((checkin, i) => (
            <li className="cb-feed-entry" key={`${checkin.date}-${i}`}>
              <p className="cb-feed-title">
                <PinIcon />
                <span>
                  {checkin.venue}
                  {checkin.city && <span className="cb-feed-sub">, {checkin.city}</span>}
                </span>
              </p>
              {checkin.shout && <p className="cb-feed-text">{checkin.shout}</p>}
              <p className="cb-feed-meta">
                <DateText iso={checkin.date} />
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export default defineBlock({ code: 24, name: 'foursquare', schema, Component: FoursquareBlock });
