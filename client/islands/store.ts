// The page's one jotai store: every island of the page hydrates inside a Provider of this store, so state they render
// from over several renders (the video that plays, the cart) lives in atoms here. Islands load as separate chunks, but
// this module sits in a chunk of the islands' build they all share, so there is one store per page. It is the one piece
// of page state outside client/page.ts: jotai must not load with the site runtime on pages without islands.
// jotai/vanilla: plain islands (without React) read and set the same atoms.
import { createStore } from 'jotai/vanilla';

export const pageStore = createStore();
