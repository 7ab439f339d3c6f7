// Brings one island to life: hydrates its root element (the <site-island> the server rendered) with the island's
// component and props, inside the page's jotai store. Every island chunk calls this (scripts/build-client.mjs).
import { Provider } from 'jotai';
import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { pageStore } from './store.ts';

export function hydrateIsland<P extends object>(element: Element, Island: ComponentType<P>, props: P): void {
  hydrateRoot(
    element,
    <Provider store={pageStore}>
      <Island {...props} />
    </Provider>,
    {
      // the server HTML did not match: React renders the island afresh on the client and says why here
      onRecoverableError: (error) => console.error('island hydration:', error),
    },
  );
}
