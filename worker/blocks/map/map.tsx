// The map block (§2, §3): the place (name, address, links that open it in the maps service and ask for directions)
// as plain HTML, and, where the site has a maps key, the island (map.view.tsx, map.island.tsx) that adds the maps
// service's live map.
import { useRender } from '../../kit/context.tsx';
import { Island } from '../../kit/island.tsx';
import type { BlockProps } from '../define.ts';
import { compactClass } from '../parts/media.ts';
import { mapIsland, MapView, type MapProps } from './map.view.tsx';
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
/** The maps service's documented directions URL (api=1, destination). */
const DIRECTIONS_SERVICE = 'https://www.google.com/maps/dir/';

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

/** The maps service's directions to the place: to its address when it has one, else to the marker. */
export function directionsUrl(location: Location): string {
  return `${DIRECTIONS_SERVICE}?${new URLSearchParams({ api: '1', destination: locationString(location) }).toString()}`;
}

/** §2 Map marker click: the external maps service with sll (marker lat,lng), q (the location string) and z (zoom). */
export function externalMapUrl(location: Location): string {
  const { lat, lng } = markerPosition(location);
  const query = new URLSearchParams({ sll: `${lat},${lng}`, q: locationString(location), z: String(location.mapZoom) });
  return `${MAPS_SERVICE}?${query.toString()}`;
}

export function MapBlock({ data, block }: BlockProps<MapData>) {
  const { site } = useRender();
  const { location } = data;
  const props: MapProps = {
    blockId: block.id,
    styleName: MAP_STYLES[data.style as keyof typeof MAP_STYLES] ?? MAP_STYLES[2],
    heightPx: data.vSize * V_SIZE_STEP,
    compact: compactClass(block.span, 4),
    center: { lat: location.mapLat, lng: location.mapLng },
    marker: markerPosition(location),
    zoom: location.mapZoom,
    showControls: data.controls,
    showTerrain: data.terrain,
    showLabels: data.labels,
    infoWindow: data.infoWindow ?? null,
    location: locationString(location),
    title: location.addressTitle,
    lines: [location.addressLine1, location.addressLine2].filter((l): l is string => !!l?.trim()),
    country: location.addressCountry,
    externalUrl: externalMapUrl(location),
    directionsUrl: directionsUrl(location),
    mapsKey: site.settings.mapsApiKey,
  };
  // without a key there is nothing to load: the place is plain HTML, with no script
  if (!props.mapsKey) return <MapView {...props} />;
  return <Island island={mapIsland} props={props} when="visible" />;
}
