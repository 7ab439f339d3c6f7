// The map block's live map (§2 Map marker click, §4 Map, §7 Third-party loads, §9 Maps), rendered only where the
// site has a maps key: the maps service's script is loaded (v=3, the key, a callback, sensor=false) and its map drawn
// above the place; its load states are not started, loading, loaded, failure and timeout (30 s). A click on the marker
// opens the external maps service in a new window (when linkOnClick is on, the marker is not being dragged and there
// is no info window, which the click opens instead). A failure or time-out leaves the place with its links: no
// message, an event and a trace.
import { useEffect, useRef, useState } from 'react';
import { recordEvent } from '../../../client/lib/analytics.ts';
import { trace } from '../../../client/lib/errors.ts';
import { MapView, type MapProps, type MapsState } from './map.view.tsx';

/** §9: the maps script gives up after 30 s. */
export const MAPS_SCRIPT_TIMEOUT_MS = 30_000;
const MAPS_SCRIPT = 'https://maps.googleapis.com/maps/api/js';
/** §3 Map UI options that the block does not set. */
const UI_DEFAULTS = { draggable: true, scrollwheel: true, disableDefaultUI: true, markerDraggable: false, linkOnClick: true } as const;
/** §3 map styles as the maps service's style rules: colour and label choices of each preset. */
const STYLE_RULES: Record<string, unknown[]> = {
  Original: [],
  Grayscale: [{ stylers: [{ saturation: -100 }] }],
  Satellite: [],
  MinimalLight: [{ stylers: [{ saturation: -100 }, { lightness: 40 }] }, { elementType: 'labels.icon', stylers: [{ visibility: 'off' }] }],
  MinimalDark: [{ stylers: [{ saturation: -100 }, { invert_lightness: true }, { lightness: -10 }] }],
  MinimalBlue: [{ stylers: [{ hue: '#1f4e8c' }, { saturation: -40 }] }],
};

/** The part of the maps service's API this block uses. */
interface MapsApi {
  Map: new (element: HTMLElement, options: Record<string, unknown>) => object;
  Marker: new (options: Record<string, unknown>) => { addListener(event: string, fn: () => void): void };
  InfoWindow: new (options: Record<string, unknown>) => { open(map: object, anchor: object): void };
}
type MapsWindow = Window & { google?: { maps?: MapsApi }; [callback: string]: unknown };

let loading: Promise<MapsApi> | null = null;

/** The maps script, loaded once per page, whatever number of maps it has. */
function loadMaps(key: string): Promise<MapsApi> {
  loading ??= new Promise<MapsApi>((resolve, reject) => {
    const w = window as unknown as MapsWindow;
    if (w.google?.maps) return resolve(w.google.maps);
    const callback = `siteMapsReady${Date.now().toString(36)}`;
    const timer = setTimeout(() => reject(new Error('timeout')), MAPS_SCRIPT_TIMEOUT_MS);
    w[callback] = () => {
      clearTimeout(timer);
      delete w[callback];
      if (w.google?.maps) resolve(w.google.maps);
      else reject(new Error('failure'));
    };
    const script = document.createElement('script');
    script.src = `${MAPS_SCRIPT}?${new URLSearchParams({ v: '3', key, callback, sensor: 'false' }).toString()}`;
    script.async = true;
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error('failure'));
    };
    document.head.append(script);
  });
  return loading;
}

export default function MapIsland(props: MapProps) {
  const [state, setState] = useState<MapsState>('static');
  const canvas = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  /** §2: the external maps service, unless the marker is being dragged or has an info window to open instead. */
  const openExternal = () => {
    if (!UI_DEFAULTS.linkOnClick || dragging.current || props.infoWindow) return;
    window.open(props.externalUrl, '_blank', 'noopener');
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: an island's props never change; the map is made once
  useEffect(() => {
    if (!props.mapsKey) return;
    let live = true;
    setState('loading');
    loadMaps(props.mapsKey).then(
      (maps) => {
        if (!live || !canvas.current) return;
        setState('loaded');
        // the live map owns the canvas from here on
        requestAnimationFrame(() => {
          if (!canvas.current) return;
          const map = new maps.Map(canvas.current, {
            center: props.center,
            zoom: props.zoom,
            draggable: UI_DEFAULTS.draggable,
            scrollwheel: UI_DEFAULTS.scrollwheel,
            disableDefaultUI: UI_DEFAULTS.disableDefaultUI,
            zoomControl: props.showControls,
            mapTypeId: props.styleName === 'Satellite' ? 'hybrid' : props.showTerrain ? 'terrain' : 'roadmap',
            styles: [
              ...(STYLE_RULES[props.styleName] ?? []),
              ...(props.showLabels ? [] : [{ elementType: 'labels', stylers: [{ visibility: 'off' }] }]),
            ],
          });
          const marker = new maps.Marker({ map, position: props.marker, draggable: UI_DEFAULTS.markerDraggable, title: props.location });
          marker.addListener('dragstart', () => (dragging.current = true));
          marker.addListener('dragend', () => setTimeout(() => (dragging.current = false)));
          if (props.infoWindow) {
            const info = new maps.InfoWindow({ content: props.title ? `${props.title}\n${props.location}` : props.location });
            marker.addListener('click', () => info.open(map, marker));
            if (props.infoWindow.autoOpen) info.open(map, marker);
          } else {
            marker.addListener('click', openExternal);
          }
        });
        recordEvent('maps-load-on-site', { state: 'loaded' });
      },
      (error: unknown) => {
        const failed: MapsState = error instanceof Error && error.message === 'timeout' ? 'timeout' : 'failure';
        if (live) setState(failed);
        // §8: no message to the visitor, who keeps the place and its links
        trace('maps_load', { state: failed, blockId: props.blockId });
        recordEvent('maps-load-on-site', { state: failed });
      },
    );
    return () => {
      live = false;
    };
  }, []);

  return <MapView {...props} live={{ state, canvasRef: canvas }} />;
}
