// The map block: a static location card drawn without any maps script, linking out to an external maps service (§2, §3).
import type { CSSProperties } from 'react';
import { cx } from '../../../shared/ui/cx.ts';
import { Icon } from '../../../shared/ui/icon.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import type { BlockProps } from '../define.ts';
import { compactClass } from '../parts/media.ts';
import type { MapData } from './schema.ts';

/** The numbered presets of §3 and the map style each one names. */
const MAP_STYLES = {
  1: 'Original',
  2: 'Grayscale',
  3: 'Satellite',
  4: 'MinimalLight',
  5: 'MinimalDark',
  6: 'MinimalBlue',
} as const satisfies Record<number, string>;

const MAPS_SERVICE = 'https://maps.google.com/maps';

/** One vSize step in px: the default vSize of 12 gives a 300px map. */
const V_SIZE_STEP = 25;

type Location = MapData['location'];

/** §3 Location string: the address lines, then ', ' and the country when set; 'lat,lng' with no address lines. */
export function locationString(location: Location): string {
  const lines = [location.addressLine1, location.addressLine2]
    .filter((l): l is string => !!l?.trim())
    .join(' ')
    .trim();
  if (!lines) {
    const { lat, lng } = markerPosition(location);
    return `${lat},${lng}`;
  }
  return location.addressCountry ? `${lines}, ${location.addressCountry}` : lines;
}

/** The marker sits at markerLat/markerLng, or at the map centre when those are null (§3). */
export function markerPosition(location: Location): { lat: number; lng: number } {
  return { lat: location.markerLat ?? location.mapLat, lng: location.markerLng ?? location.mapLng };
}

/** §2 Map marker click: the external maps service with sll (marker lat,lng), q (the location string) and z (zoom). */
export function externalMapUrl(location: Location): string {
  const { lat, lng } = markerPosition(location);
  const query = new URLSearchParams({ sll: `${lat},${lng}`, q: locationString(location), z: String(location.mapZoom) });
  return `${MAPS_SERVICE}?${query.toString()}`;
}

export function MapBlock({ data, block }: BlockProps<MapData>) {
  const { location } = data;
  const styleName = MAP_STYLES[data.style as keyof typeof MAP_STYLES] ?? MAP_STYLES[2];
  const marker = markerPosition(location);
  const lines = [location.addressLine1, location.addressLine2].filter((l): l is string => !!l?.trim());
  const style = { '--map-height': `${data.vSize * V_SIZE_STEP}px` } as CSSProperties;
  return (
    <div
      className={cx('map-block', `map-style-${styleName.toLowerCase()}`, compactClass(block.span, 4))}
      style={style}
      data-island="map"
      data-block-id={block.id}
      data-map-lat={location.mapLat}
      data-map-lng={location.mapLng}
      data-marker-lat={marker.lat}
      data-marker-lng={marker.lng}
      data-map-zoom={location.mapZoom}
      data-map-style={styleName}
      data-show-controls={String(data.controls)}
      data-show-terrain={String(data.terrain)}
      data-show-labels={String(data.labels)}
      data-link-on-click="true"
      data-info-window-auto-open={String(data.infoWindow?.autoOpen ?? false)}
      data-location={locationString(location)}
    >
      <div className="map-canvas" aria-hidden="true">
        <span className="map-road map-road-a" />
        <span className="map-road map-road-b" />
        <span className="map-road map-road-c" />
        <span className="map-marker">
          <Icon name="pin" size={34} />
        </span>
      </div>
      <div className="map-card">
        {location.addressTitle && <p className="map-card-title">{location.addressTitle}</p>}
        {lines.length > 0 ? (
          <p className="map-card-address">
            {lines.map((line, i) => (
              <span className="map-card-line" key={i}>
                {line}
              </span>
            ))}
            {location.addressCountry && <span className="map-card-line">{location.addressCountry}</span>}
          </p>
        ) : (
          <p className="map-card-address map-card-coordinates">
            {marker.lat.toFixed(5)}, {marker.lng.toFixed(5)}
          </p>
        )}
        <a className="map-card-link" href={externalMapUrl(location)} target="_blank" rel="noopener noreferrer">
          <Icon name="external" size={16} />
          View on Google Maps
          <VisuallyHidden> (opens in a new window)</VisuallyHidden>
        </a>
      </div>
    </div>
  );
}
