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
 * When an island hydrates, as Astro's client directives: at once (`load`), when the browser is idle (`idle`), when it
 * comes near the viewport (`visible`), or at the first pointer, focus or key event inside it (`interaction`). Whatever
 * the directive, an interaction inside an island that has not hydrated yet starts it at once, and a click that came
 * first is replayed once it has.
 */
export type When = 'load' | 'idle' | 'visible' | 'interaction';

/** How far outside the viewport a `visible` island starts loading. */
export const VISIBLE_ROOT_MARGIN = '200px';

/** §8/§9: a chunk that has not loaded after this long is reported as 'Loading chunk {id} failed.' */
export const CHUNK_TIMEOUT_MS = 120_000;
export const chunkFailedMessage = (id: string): string => `Loading chunk ${id} failed.`;

/** The page's island data: each island's props by id, and the chunk URL of each island name on the page. */
export interface IslandsPayload {
  /** island name → its content-hashed chunk URL */
  chunks: Record<string, string>;
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
