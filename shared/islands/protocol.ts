// The island protocol between the Worker and the browser, defined once: the island root element and its attributes,
// the page's one JSON script of island props, and its codec (docs/blocks-and-islands.md).
import type { ReactNode } from 'react';
import { decodeFromScript, encodeForScript } from '../page-context.ts';

/** The element that marks an island root: `<site-island data-island data-when data-island-id>`, `display: contents`. */
export const ISLAND_TAG = 'site-island';
/** The island's name: its chunk in the build manifest, and the file `<name>.island.tsx` it is built from. */
export const ISLAND_NAME_ATTR = 'data-island';
/** When the island hydrates (see `When`). */
export const ISLAND_WHEN_ATTR = 'data-when';
/** The island's index in the page's props list. */
export const ISLAND_ID_ATTR = 'data-island-id';
/** The id of the `<script type="application/json">` element that carries every island's props and chunk URL. */
export const ISLANDS_ELEMENT_ID = 'site-islands';

/**
 * When an island comes to life, chosen where it is rendered (worker/kit/island.tsx). A React island (its chunk brings
 * React, about 70 KiB gzip to run) hydrates at the visitor's first pointer, focus or key event inside it, and `when`
 * says when its code is fetched ahead of that, without running it (`<link rel="modulepreload">` of its chunk and every
 * file the chunk imports, inserted by the loader after the page's load event): as it comes within
 * VISIBLE_ROOT_MARGIN of the viewport (`visible`), when the browser is idle (`idle`), or not at all (`interaction`:
 * the touch fetches it). `load` is for a React island that must move on its own (a gallery that plays by itself):
 * it hydrates after the page's load event. A plain island (DOM code without React, a few hundred bytes) runs at its
 * `when`: at once (`load`), when the browser is idle, when it comes near the viewport, or at the first touch. Whatever
 * the directive, an interaction inside an island that has not hydrated yet starts it at once, and a click that came
 * first is replayed once it has.
 */
export type When = 'load' | 'idle' | 'visible' | 'interaction';

/** How far outside the viewport a `visible` island is fetched (a React island) or started (a plain one). */
export const VISIBLE_ROOT_MARGIN = '200px';

/** §8/§9: a chunk that has not loaded after this long is reported as 'Loading chunk {id} failed.' */
export const CHUNK_TIMEOUT_MS = 120_000;
export const chunkFailedMessage = (id: string): string => `Loading chunk ${id} failed.`;

/**
 * The page's island data: each island's props by id, the chunk URL of each island name on the page, the files each
 * chunk imports before it runs (the page has not loaded them already), and which islands bring React.
 */
export interface IslandsPayload {
  /** island name → its content-hashed chunk URL */
  chunks: Record<string, string>;
  /** island name → the files its chunk imports before it runs, beyond the runtime's and the loader's (modulepreloaded) */
  imports: Record<string, string[]>;
  /** the names of the React islands on the page: hydrated at the first touch (`load`: after the load event) */
  react: string[];
  /** props by island id (the element's data-island-id) */
  props: unknown[];
}

/** The payload as the text of its script element: JSON that no `</script>` or `<!--` inside a value can end. */
export function encodeIslands(payload: IslandsPayload): string {
  return encodeForScript(payload);
}

export function decodeIslands(text: string): IslandsPayload {
  return decodeFromScript<IslandsPayload>(text);
}

/**
 * An island's name bound to its props-only view, declared once next to the view (`<name>.view.tsx`): the server
 * renders the view inside `<Island island={ref} …>`, and the island's own module (`<name>.island.tsx`) hydrates the
 * same markup. Plain data, so the browser bundle can import the view file without any server code.
 */
export interface IslandRef<P> {
  readonly name: string;
  readonly View: (props: P) => ReactNode;
}

export function islandRef<P>(name: string, View: (props: P) => ReactNode): IslandRef<P> {
  return { name, View };
}
