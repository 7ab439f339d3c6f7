// Block type 10, geo: a synchronized location as a card linking to an external maps service (§2 map rule).
import * as z from 'zod';
import { isoDate } from '../../../shared/snapshot/common.ts';
import { Link } from '../../kit/ui.tsx';
import { defineBlock, type BlockProps } from '../define.ts';
import { DateText, NewWindowHint, PinIcon } from '../parts/elements.tsx';
import { text } from '../parts/schema.ts';
import { IN_BLOCK } from '../parts/styles.ts';

const schema = z.object({
  locationName: text(200),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  date: isoDate.optional(),
});
type GeoData = z.output<typeof schema>;

/** The zoom the location link opens at: close enough to show the streets around it. */
const GEO_LINK_ZOOM = 14;

/** A synchronized location: a card with the place, its coordinates and a link to an external maps service (§2 map rule). */
function GeoBlock({ data }: BlockProps<GeoData>) {
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

const styles = `
${IN_BLOCK} .cb-geo{flex-direction:row;align-items:flex-start;gap:.9rem}
${IN_BLOCK} .cb-geo .cb-pin{width:28px;height:28px;margin-top:0}
${IN_BLOCK} .cb-geo-body{min-width:0}
${IN_BLOCK} .cb-geo-body p{margin:0}
${IN_BLOCK} .cb-geo .cb-card-meta{color:var(--muted);font-weight:400;font-variant-numeric:tabular-nums;margin-top:.2rem}
${IN_BLOCK} .cb-geo-action{margin-top:.7rem!important;font-weight:600;font-size:.95rem}
`;

export default defineBlock({ code: 10, name: 'geo', schema, Component: GeoBlock, styles });
