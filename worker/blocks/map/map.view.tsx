// The map block's props-only view (§2, §3 Map location and options, §4 Map). Every map block shows the place: its
// name, its address and links that open it in the maps service and ask it for directions (plain links: they work
// without JavaScript). Where the site has a maps key, the island (map.island.tsx) also puts the maps service's live
// map above the place, once its script has loaded; until then the map's space is kept empty (no made-up drawing),
// and if the script fails or times out the block is the place alone.
import type { CSSProperties, Ref } from 'react';
import { islandRef } from '../../../shared/islands/protocol.ts';
import { cx } from '../../../shared/ui/cx.ts';
import { Icon } from '../../../shared/ui/icon.tsx';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';

export interface MapProps {
  blockId: string;
  /** §3 style preset name (Original, Grayscale, ...) */
  styleName: string;
  heightPx: number;
  compact?: string | undefined;
  center: { lat: number; lng: number };
  marker: { lat: number; lng: number };
  zoom: number;
  showControls: boolean;
  showTerrain: boolean;
  showLabels: boolean;
  /** the block has an info window (§2: then a marker click opens it rather than the maps service) */
  infoWindow: { autoOpen: boolean } | null;
  /** §3 Location string */
  location: string;
  title?: string | undefined;
  lines: string[];
  country?: string | undefined;
  /** §2 the external maps service with sll, q and z */
  externalUrl: string;
  /** the maps service's directions to the place */
  directionsUrl: string;
  /** the site's maps key (snapshot settings.mapsApiKey); none: the block is the place, with no map */
  mapsKey?: string | undefined;
}

/** §4 Maps script load: not started, loading, loaded, or failure or timeout. */
export type MapsState = 'static' | 'loading' | 'loaded' | 'failure' | 'timeout';

export interface MapLive {
  state: MapsState;
  canvasRef: Ref<HTMLDivElement>;
}

/** The place: its name, address and the links to the maps service. */
function Place(props: MapProps) {
  return (
    <div className="map-place">
      <span className="map-place-icon" aria-hidden="true">
        <Icon name="pin" size={22} />
      </span>
      <div className="map-place-text">
        {props.title && <p className="map-place-name">{props.title}</p>}
        {props.lines.length > 0 ? (
          <p className="map-place-address">
            {props.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines of text that hold no state; a list changes as a whole
              <span className="map-place-line" key={i}>
                {line}
              </span>
            ))}
            {props.country && <span className="map-place-line">{props.country}</span>}
          </p>
        ) : (
          <p className="map-place-address map-place-coordinates">
            {props.marker.lat.toFixed(5)}, {props.marker.lng.toFixed(5)}
          </p>
        )}
        <p className="map-place-links">
          <a className="map-place-open" href={props.externalUrl} target="_blank" rel="noopener noreferrer">
            Open in Google Maps
            <Icon name="external" size={16} />
            <VisuallyHidden> (opens in a new window)</VisuallyHidden>
          </a>
          <a className="map-place-directions" href={props.directionsUrl} target="_blank" rel="noopener noreferrer">
            Get directions
            <VisuallyHidden> (opens in a new window)</VisuallyHidden>
          </a>
        </p>
      </div>
    </div>
  );
}

export function MapView(props: MapProps & { live?: MapLive }) {
  const { live } = props;
  const state = live?.state ?? 'static';
  if (!props.mapsKey) {
    return (
      <div className={cx('map-block', 'map-place-only', props.compact)}>
        <Place {...props} />
      </div>
    );
  }
  const style = { '--map-height': `${props.heightPx}px` } as CSSProperties;
  return (
    <div
      className={cx('map-block', 'map-with-key', `map-style-${props.styleName.toLowerCase()}`, props.compact)}
      style={style}
      data-maps-state={state}
    >
      {/* the maps service draws here; it is its own widget, so it is left out of the reading order */}
      <div className="map-canvas" ref={live?.canvasRef} aria-label={`Map of ${props.location}`} role="region" />
      <Place {...props} />
    </div>
  );
}

export const mapIsland = islandRef('map', MapView);
