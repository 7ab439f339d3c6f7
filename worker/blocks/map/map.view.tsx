// The map block's props-only view (§2, §3 Map location and options, §4 Map): the drawn static map with its marker and
// the address card linking to the external maps service. The island (map.island.tsx) brings the marker click to it
// and, where the site has a maps key, puts the maps service's live map in the canvas once its script has loaded.
import type { CSSProperties, MouseEvent, Ref } from 'react';
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
  /** the site's maps key (snapshot settings.mapsApiKey); none: the static map is the map */
  mapsKey?: string | undefined;
}

/** §4 Maps script load: not started, loading, loaded, or failure or timeout. */
export type MapsState = 'static' | 'loading' | 'loaded' | 'failure' | 'timeout';

export interface MapLive {
  state: MapsState;
  /** the drawn map opens the maps service on a click */
  clickable: boolean;
  canvasRef: Ref<HTMLDivElement>;
  onCanvasClick: (event: MouseEvent) => void;
}

export function MapView(props: MapProps & { live?: MapLive }) {
  const { live } = props;
  const style = { '--map-height': `${props.heightPx}px` } as CSSProperties;
  const liveMap = live?.state === 'loaded';
  return (
    <div
      className={cx(
        'map-block',
        `map-style-${props.styleName.toLowerCase()}`,
        props.compact,
        liveMap && 'map-live',
        live?.clickable && 'map-clickable',
      )}
      style={style}
      data-maps-state={live?.state ?? 'static'}
    >
      <div className="map-canvas" aria-hidden="true" ref={live?.canvasRef} onClick={live?.onCanvasClick}>
        {!liveMap && (
          <>
            <span className="map-road map-road-a" />
            <span className="map-road map-road-b" />
            <span className="map-road map-road-c" />
            <span className="map-marker">
              <Icon name="pin" size={34} />
            </span>
          </>
        )}
      </div>
      <div className="map-card">
        {props.title && <p className="map-card-title">{props.title}</p>}
        {props.lines.length > 0 ? (
          <p className="map-card-address">
            {props.lines.map((line, i) => (
              <span className="map-card-line" key={i}>
                {line}
              </span>
            ))}
            {props.country && <span className="map-card-line">{props.country}</span>}
          </p>
        ) : (
          <p className="map-card-address map-card-coordinates">
            {props.marker.lat.toFixed(5)}, {props.marker.lng.toFixed(5)}
          </p>
        )}
        <a className="map-card-link" href={props.externalUrl} target="_blank" rel="noopener noreferrer">
          <Icon name="external" size={16} />
          View on Google Maps
          <VisuallyHidden> (opens in a new window)</VisuallyHidden>
        </a>
      </div>
    </div>
  );
}

export const mapIsland = islandRef('map', MapView);
