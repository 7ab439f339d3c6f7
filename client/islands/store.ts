// The page's one jotai store: every island of the page hydrates inside a Provider of this store, so state they share
// (the video that plays, the cart badge, consent) lives in atoms here. Islands load as separate chunks, but this
// module sits in the chunk they all share, so there is one store per page. jotai/vanilla: plain islands (without
// React) read and set the same atoms.
import { createStore } from 'jotai/vanilla';

export const pageStore = createStore();
