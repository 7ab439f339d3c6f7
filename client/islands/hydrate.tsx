// Brings one island to life: hydrates its root element (the <site-island> the server rendered) with the island's
// component and props, inside the page's jotai store. Every island chunk calls this (scripts/build-client.mjs).
import { Provider } from 'jotai';
import { useLayoutEffect, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { keepTyping, restoreTyping } from './form-state.ts';
import { pageStore } from './store.ts';

/** Puts back text typed before hydration that hydration set back; rendered first, so the island reads it when it wakes. */
function RestoreTyping({ element }: { element: Element }) {
  useLayoutEffect(() => restoreTyping(element), [element]);
  return null;
}

export function hydrateIsland<P extends object>(element: Element, Island: ComponentType<P>, props: P): void {
  // what the visitor did before the island woke is its state when it wakes (client/islands/form-state.ts)
  keepTyping(element);
  hydrateRoot(
    element,
    <Provider store={pageStore}>
      <RestoreTyping element={element} />
      <Island {...props} />
    </Provider>,
    {
      // the server HTML did not match: React renders the island afresh on the client and says why here
      onRecoverableError: (error) => console.error('island hydration:', error),
    },
  );
}
