// The one video that plays on a page (§4 Video: showing a video returns every other video to its overlay). An atom
// in the page's jotai store: video blocks and the video slides of galleries each play under their own key.
import { atom } from 'jotai';

/** The key of the video playing now (`video:{blockId}`, `gallery:{blockId}:{slideId}`), or null. */
export const playingVideoAtom = atom<string | null>(null);
