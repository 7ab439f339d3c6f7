// The engagement row of an item page (§2 Features loaded on demand: likes and share buttons; §3 engagement events
// Like and Share), as props-only views: the like button with its count, and share links that work as plain links.
// Their islands are plain (no React): they find their parts by the classes drawn here and write the words of
// engagement-text.ts, as these views do.
import { islandRef } from '../../../shared/islands/protocol.ts';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { dateLine, likeCount, likeLabel, likeNote, type DatePlace } from './engagement-text.ts';

export interface LikeProps {
  itemId: string;
  title: string;
  /** the item's likes before this visitor's */
  count: number;
}

/** As the server draws it: not liked, and disabled until its island knows whether this browser liked it. */
export function LikeView(props: LikeProps) {
  const count = likeCount(props.count, false);
  return (
    <button type="button" className="like-button" aria-pressed={false} disabled data-liked="false">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3.1 4.5 6.8 4.5c2.1 0 3.6 1.2 5.2 3 1.6-1.8 3.1-3 5.2-3 3.7 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z" />
      </svg>
      <span className="like-label">{likeLabel(false)}</span>
      <span className="like-count">{count}</span>
      <VisuallyHidden>{likeNote(count, props.title)}</VisuallyHidden>
    </button>
  );
}

export const likeIsland = islandRef('like-button', LikeView);

export interface ShareProps {
  title: string;
  /** the item's own address */
  url: string;
}

/** Share services as plain links: each works without a script. */
export function shareLinks(title: string, url: string): { service: string; label: string; href: string }[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { service: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { service: 'x', label: 'X', href: `https://x.com/intent/tweet?url=${u}&text=${t}` },
    { service: 'linkedin', label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { service: 'email', label: 'Email', href: `mailto:?subject=${t}&body=${u}` },
  ];
}

/** The share links; the island adds the copy button (it needs the script) and opens services in a small window. */
export function ShareView(props: ShareProps) {
  return (
    <div className="share-buttons" role="group" aria-label="Share">
      <span className="share-label">Share</span>
      {shareLinks(props.title, props.url).map((link) => (
        <a
          key={link.service}
          className={`share-link share-${link.service}`}
          href={link.href}
          target={link.service === 'email' ? undefined : '_blank'}
          rel="noopener noreferrer"
          data-service={link.service}
        >
          {link.label}
          {link.service !== 'email' && <VisuallyHidden> (opens in a new window)</VisuallyHidden>}
        </a>
      ))}
    </div>
  );
}

export const shareIsland = islandRef('share-buttons', ShareView);

export interface RelativeTimeProps extends DatePlace {
  /** the date as the site formats it: the words a week or more away, and all that shows without script */
  label: string;
  /** the instant the page was rendered (ms): the view draws the words of that instant, the island those of its clock */
  now: number;
}

/**
 * §9 relative time (dateLine): the live label, the calendar wording or the date, with its age beside it where that
 * says more, all drawn with the page so that the line is laid out once (the age used to be added after the first paint
 * and, on a phone, the longer line wrapped and pushed the article down). In the browser the island keeps them up to
 * date (a cached page may be a day old). Without script only the date shows (the stylesheet hides the rest): words
 * relative to the moment the page was rendered could be that day out of date.
 */
export function RelativeTimeView(props: RelativeTimeProps) {
  const line = dateLine(props, props.now);
  return (
    <time dateTime={props.iso} className="relative-time">
      <span className="relative-when">{line.when ?? props.label}</span>
      {line.age && <span className="relative-age">{` (${line.age})`}</span>}
      <span className="relative-date">{props.label}</span>
    </time>
  );
}

export const relativeTimeIsland = islandRef('relative-time', RelativeTimeView);
