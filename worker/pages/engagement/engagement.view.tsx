// The engagement row of an item page (§2 Features loaded on demand: likes and share buttons; §3 engagement events
// Like and Share), as props-only views: the like button with its count, and share links that work as plain links.
import type { MouseEvent } from 'react';
import { islandRef } from '../../../shared/islands/protocol.ts';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';

export interface LikeProps {
  itemId: string;
  title: string;
  /** the item's likes before this visitor's */
  count: number;
}

export interface LikeLive {
  /** set after hydration: until then the button is the server's, disabled */
  ready: boolean;
  liked: boolean;
  onToggle: () => void;
}

export function LikeView(props: LikeProps & { live?: LikeLive }) {
  const liked = !!props.live?.liked;
  const count = props.count + (liked ? 1 : 0);
  return (
    <button
      type="button"
      className="like-button"
      aria-pressed={liked}
      disabled={!props.live?.ready}
      onClick={props.live?.onToggle}
      data-liked={liked ? 'true' : 'false'}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3.1 4.5 6.8 4.5c2.1 0 3.6 1.2 5.2 3 1.6-1.8 3.1-3 5.2-3 3.7 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z" />
      </svg>
      <span>{liked ? 'Liked' : 'Like'}</span>
      <span className="like-count">{count}</span>
      <VisuallyHidden>{` ${count === 1 ? 'like' : 'likes'} for ${props.title}`}</VisuallyHidden>
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

export interface ShareLive {
  /** set after hydration: the copy button needs the script */
  ready: boolean;
  copied: boolean;
  onShare: (event: MouseEvent<HTMLAnchorElement>, service: string) => void;
  onCopy: () => void;
}

export function ShareView(props: ShareProps & { live?: ShareLive }) {
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
          onClick={props.live ? (event) => props.live!.onShare(event, link.service) : undefined}
        >
          {link.label}
          {link.service !== 'email' && <VisuallyHidden> (opens in a new window)</VisuallyHidden>}
        </a>
      ))}
      {props.live?.ready && (
        <button type="button" className="share-link share-copy" onClick={props.live.onCopy}>
          {props.live.copied ? 'Link copied' : 'Copy link'}
        </button>
      )}
    </div>
  );
}

export const shareIsland = islandRef('share-buttons', ShareView);

export interface RelativeTimeProps {
  iso: string;
  /** the date as the site formats it */
  label: string;
}

/** §9 relative time: the formatted date, then (in the browser) the live label or the age in words beside it. */
export function RelativeTimeView(props: RelativeTimeProps & { live?: { text: string; age: string | null } }) {
  return (
    <time dateTime={props.iso} className="relative-time">
      {props.live?.text ?? props.label}
      {props.live?.age && <span className="relative-age"> ({props.live.age})</span>}
    </time>
  );
}

export const relativeTimeIsland = islandRef('relative-time', RelativeTimeView);
