// What the engagement row says, shared by the server's views (engagement.view.tsx) and the plain islands that keep it
// up to date in the browser (like-button, share-buttons and relative-time .island.ts), so both draw the same words.
import { calendarKind, calendarTime, relativeTime, THRESHOLDS } from '../../../shared/relative-time.ts';

/** The like button's label. */
export const likeLabel = (liked: boolean): string => (liked ? 'Liked' : 'Like');

/** The count beside it: the item's likes, this browser's included. */
export const likeCount = (count: number, liked: boolean): number => count + (liked ? 1 : 0);

/** What screen readers hear after the label and the count. */
export const likeNote = (count: number, title: string): string => ` ${count} ${count === 1 ? 'like' : 'likes'} for ${title}`;

/** The copy button of the share row, before and after a copy. */
export const COPY_LINK = { idle: 'Copy link', copied: 'Link copied' } as const;

/** Where a date sits on a page: its instant, and what the page knows of it. */
export interface DatePlace {
  iso: string;
  /** the site's language (`website.language`): it decides the words */
  language: string;
  /** the site's time zone: it decides which day is today */
  timeZone: string;
  /** a publish date: never later than now on the page (a browser's clock behind the server's does not make it so) */
  past: boolean;
}

/**
 * §9 on a page at `now`: under a minute either way, the live label ('just now', 'about 20 seconds ago'), refreshed;
 * then the calendar wording within six days ('Yesterday at 15:04', 'last Monday at 15:04', 'Tomorrow at 19:00'), and
 * beyond it the date as the site formats it (`when` null). The age in words goes beside a time of today ('3 hours
 * ago') and beside a date a week or more away ('2 weeks ago', 'last year'), where the words before it do not say it.
 */
export function dateLine(place: DatePlace, now: number): { when: string | null; age: string | null } {
  const then = Date.parse(place.iso);
  const at = place.past ? Math.max(now, then) : now;
  if (Math.round(Math.abs(at - then) / 1000) < THRESHOLDS.s) return { when: relativeTime(then, at, place.language), age: null };
  const kind = calendarKind(then, at, place.timeZone);
  return {
    when: calendarTime(then, at, place.language, place.timeZone),
    age: kind === 'sameDay' || kind === 'sameElse' ? relativeTime(then, at, place.language) : null,
  };
}
