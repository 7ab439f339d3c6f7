// The data of the map block: the §3 location (map centre, marker, zoom, address) and the map's settings.
import * as z from 'zod';
import { text } from '../parts/schema.ts';

/** §3 Map location and block settings. */
export const mapLocation = z.object({
  mapLat: z.number().min(-90).max(90).default(40.720882),
  mapLng: z.number().min(-180).max(180).default(-74.000988),
  markerLat: z.number().min(-90).max(90).nullable().default(null),
  markerLng: z.number().min(-180).max(180).nullable().default(null),
  mapZoom: z.number().int().min(1).max(21).default(12),
  addressTitle: text(200).optional(),
  addressLine1: text(200).optional(),
  addressLine2: text(200).optional(),
  addressCountry: text(100).optional(),
});

export const schema = z.object({
  location: mapLocation,
  vSize: z.number().int().min(1).max(40).default(12),
  /** 1 Original, 2 Grayscale, 3 Satellite, 4 Minimal Light, 5 Minimal Dark, 6 Minimal Blue */
  style: z.number().int().min(1).max(6).default(2),
  controls: z.boolean().default(true),
  terrain: z.boolean().default(false),
  labels: z.boolean().default(true),
  infoWindow: z.object({ autoOpen: z.boolean() }).optional(),
});
export type MapData = z.output<typeof schema>;
