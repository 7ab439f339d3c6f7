// The map block in workerd (§2 Map marker click, §3 Map location, §4 Map, §7 Third-party loads). Without a maps key it
// is the place as plain HTML (name, address, a link that opens it in the maps service and one for directions), with no
// drawing of a map and no script; with the site's key it is the island that adds the live map, and the policy names
// the maps service.
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeIslands, ISLANDS_ELEMENT_ID } from '../shared/islands/protocol.ts';
import type { SiteSnapshotInput } from '../shared/snapshot/schema.ts';
import { directionsUrl, externalMapUrl, locationString } from '../worker/blocks/map/map.tsx';
import type { MapData } from '../worker/blocks/map/schema.ts';
import { hostOf, publishFixtures } from './support/fixtures.ts';
import { minimalSite } from './support/minimal-site.ts';
import { publish, visit } from './support/sites.ts';

const KEYED = 'mapkey.example.test';
const KEY = 'maps-key-for-tests';

function islandsOf(html: string) {
  const script = new RegExp(`<script type="application/json" id="${ISLANDS_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html);
  return script ? decodeIslands(script[1]!) : undefined;
}

/** The map block's markup on a page. */
const mapBlock = (html: string) => /<div class="block block-map[^>]*>([\s\S]*?)<\/div><\/div><\/div><\/div>/.exec(html)?.[0] ?? '';

function keyedSite(): SiteSnapshotInput {
  return minimalSite({
    website: { ...minimalSite().website, identifier: 'mapkey' },
    settings: { mapsApiKey: KEY },
    pages: [
      {
        id: 'home',
        urlId: 'home',
        title: 'Find us',
        layout: {
          blocks: [
            {
              id: 'm1',
              type: 4,
              data: {
                location: { mapLat: 51.5, mapLng: -0.12, mapZoom: 14, addressTitle: 'The Shop', addressLine1: '1 High Street' },
                vSize: 12,
              },
            },
          ],
        },
      },
    ],
  });
}

beforeAll(async () => {
  await publishFixtures();
  await publish(keyedSite(), KEYED);
});

describe('the map block without a maps key', () => {
  it('is the place with its address and links to the maps service, with no drawing and no script', async () => {
    const res = await visit(hostOf('fernwood'), '/contact');
    const html = await res.text();
    const block = mapBlock(html);
    for (const text of [
      'Fernwood Journal',
      'Low Fold Cottage, Crook Road',
      'Staveley, Kendal LA8 9NH',
      'United Kingdom',
      'Open in Google Maps',
      'Get directions',
    ])
      expect(block).toContain(text);
    expect(block).toContain(
      'href="https://maps.google.com/maps?sll=54.3751%2C-2.8187&amp;q=Low+Fold+Cottage%2C+Crook+Road+Staveley%2C+Kendal+LA8+9NH%2C+United+Kingdom&amp;z=13"',
    );
    expect(block).toContain(
      'href="https://www.google.com/maps/dir/?api=1&amp;destination=Low+Fold+Cottage%2C+Crook+Road+Staveley%2C+Kendal+LA8+9NH%2C+United+Kingdom"',
    );
    // nothing that pretends to be a map, and no island to load for it
    expect(block).not.toMatch(/map-(road|canvas|marker)/);
    expect(Object.keys(islandsOf(html)?.chunks ?? {})).not.toContain('map');
    expect(html).not.toContain('<site-island data-island="map"');
    expect(res.headers.get('Content-Security-Policy')).not.toContain('maps.googleapis.com');
  });
});

describe("the map block with the site's maps key", () => {
  it('is an island that carries the key and keeps the place, and the policy names the maps service', async () => {
    const res = await visit(KEYED, '/');
    const html = await res.text();
    expect(html).toContain('<site-island data-island="map" data-when="visible"');
    const props = islandsOf(html)!.props[0] as { mapsKey: string; heightPx: number; externalUrl: string };
    expect(props).toMatchObject({ mapsKey: KEY, heightPx: 300 });
    expect(html).toContain('class="map-canvas"');
    expect(html).toContain('Open in Google Maps');
    expect(res.headers.get('Content-Security-Policy')).toMatch(/script-src [^;]*https:\/\/maps\.googleapis\.com/);
  });
});

describe('the links of a place', () => {
  const location = (l: Partial<MapData['location']>): MapData['location'] => ({
    mapLat: 40.720882,
    mapLng: -74.000988,
    markerLat: null,
    markerLng: null,
    mapZoom: 12,
    ...l,
  });

  it.each([
    [{ addressLine1: '1 High Street', addressLine2: 'Bath', addressCountry: 'UK' }, '1 High Street Bath, UK'],
    [{ addressLine1: '1 High Street' }, '1 High Street'],
    [{ addressLine1: '  ', addressLine2: '' }, '40.720882,-74.000988'],
    [{ markerLat: 1.5, markerLng: 2.5 }, '1.5,2.5'],
  ])('%o is found as %s, by the maps service and for directions', (fields, where) => {
    const l = location(fields);
    expect(locationString(l)).toBe(where);
    expect(new URL(directionsUrl(l)).searchParams.get('destination')).toBe(where);
    expect(new URL(externalMapUrl(l)).searchParams.get('q')).toBe(where);
  });
});
