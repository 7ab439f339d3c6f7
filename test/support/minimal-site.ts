// A small but complete site snapshot that tests change as they need.
import type { SiteSnapshotInput } from '../../shared/snapshot/schema.ts';

/** A small but complete site; tests change what they need. */
export function minimalSite(overrides: Partial<SiteSnapshotInput> = {}): SiteSnapshotInput {
  return {
    version: '2026-11-01.1',
    website: {
      id: 'w1',
      identifier: 'minimal',
      baseUrl: 'https://www.minimal.example',
      websiteType: 1,
      appDomain: 'sitebuilder.app',
      title: 'Minimal Test Site',
      templateId: 'base',
    },
    settings: {},
    tweakJSON: { accentColor: '#224466' },
    navigation: { mainNavigation: [{ kind: 'page', id: 'home' }] },
    pages: [
      {
        id: 'home',
        urlId: 'home',
        title: 'Welcome',
        layout: { blocks: [{ id: 'b1', type: 2, data: { html: '<p>Hello from the minimal site.</p>' } }] },
      },
    ],
    collections: [],
    forms: [],
    accounts: [],
    ...overrides,
  };
}
