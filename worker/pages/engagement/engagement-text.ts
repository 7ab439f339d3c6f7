// What the engagement row says, shared by the server's views (engagement.view.tsx) and the plain islands that keep it
// up to date in the browser (like-button, share-buttons and relative-time .island.ts), so both draw the same words.
import { legacyLabel, liveLabel } from '../../../shared/relative-time.ts';

/** The like button's label. */
export const likeLabel = (liked: boolean): string => (liked ? 'Liked' : 'Like');

/** The count beside it: the item's likes, this browser's included. */
export const likeCount = (count: number, liked: boolean): number => count + (liked ? 1 : 0);

/** What screen readers hear after the label and the count. */
export const likeNote = (count: number, title: string): string => ` ${count} ${count === 1 ? 'like' : 'likes'} for ${title}`;

/** The copy button of the share row, before and after a copy. */
export const COPY_LINK = { idle: 'Copy link', copied: 'Link copied' } as const;

/** Ages are shown beside the date up to this age. */
const AGE_SHOWN_MS = 30 * 86_400_000;

/**
 * §9 relative time at `now`: the live label of a date seconds old, else the formatted date (`label`), with its age in
 * words beside it for the first month.
 */
export function relativeTime(iso: string, label: string, now: number): { text: string; age: string | null } {
  const age = now - Date.parse(iso);
  const live = liveLabel(age);
  return { text: live ?? label, age: live === null && age >= 0 && age < AGE_SHOWN_MS ? legacyLabel(age) : null };
}
