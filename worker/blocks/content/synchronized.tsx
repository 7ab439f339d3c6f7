// Blocks whose content was synchronized from a service and stored in the block: tweets, check-ins and a location.
import { Link } from '../../render/ui.tsx';
import type { BlockProps } from '../types.ts';
import { DateText, EmptyNote, NewWindowHint } from './parts.tsx';

export function TwitterBlock({ data }: BlockProps<'twitter'>) {
  const handle = data.handle.replace(/^@/, '');
  const profile = `https://x.com/${encodeURIComponent(handle)}`;
  return (
    <section className="cb-feed cb-tweets">
      <h2 className="cb-heading">
        <Link href={profile} newWindow>
          @{handle}
          <NewWindowHint />
        </Link>
      </h2>
      {data.tweets.length === 0 ? (
        <EmptyNote>No posts yet.</EmptyNote>
      ) : (
        <ol className="cb-feed-list">
          {data.tweets.map((tweet) => (
            <li className="cb-feed-entry" key={tweet.id}>
              <p className="cb-feed-text">{tweet.text}</p>
              <Link href={`${profile}/status/${encodeURIComponent(tweet.id)}`} newWindow className="cb-feed-meta">
                <DateText iso={tweet.date} />
                <NewWindowHint />
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function FoursquareBlock({ data }: BlockProps<'foursquare'>) {
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

function PinIcon() {
  return (
    <svg className="cb-pin" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M12 22s7-6.3 7-12a7 7 0 1 0-14 0c0 5.7 7 12 7 12z" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="12" cy="10" r="2.6" fill="currentColor" />
    </svg>
  );
}

/** The zoom the location link opens at: close enough to show the streets around it. */
const GEO_LINK_ZOOM = 14;

/** A synchronized location: a card with the place, its coordinates and a link to an external maps service (§2 map rule). */
export function GeoBlock({ data }: BlockProps<'geo'>) {
  const query = new URLSearchParams({
    sll: `${data.lat},${data.lng}`,
    q: data.locationName || `${data.lat},${data.lng}`,
    z: String(GEO_LINK_ZOOM),
  });
  const lat = `${Math.abs(data.lat).toFixed(4)}° ${data.lat >= 0 ? 'N' : 'S'}`;
  const lng = `${Math.abs(data.lng).toFixed(4)}° ${data.lng >= 0 ? 'E' : 'W'}`;
  return (
    <div className="cb-card cb-geo">
      <PinIcon />
      <div className="cb-geo-body">
        <p className="cb-card-title">{data.locationName}</p>
        <p className="cb-card-meta">
          {lat}, {lng}
          {data.date && (
            <>
              {' · '}
              <DateText iso={data.date} className="cb-geo-date" />
            </>
          )}
        </p>
        <p className="cb-geo-action">
          <Link href={`https://maps.google.com/maps?${query.toString()}`} newWindow>
            View on map
            <NewWindowHint />
          </Link>
        </p>
      </div>
    </div>
  );
}
