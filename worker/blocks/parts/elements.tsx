// Small elements several blocks draw: headings, dates, empty notes, hints for assistive technology, marks and pins.
import type { ReactNode } from 'react';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden.tsx';
import { useDateFormat } from '../../kit/ui.tsx';

/** Says that a link opens a new window, to screen readers only. */
export function NewWindowHint() {
  return <VisuallyHidden> (opens in a new window)</VisuallyHidden>;
}

/** A block's heading, optionally a link (to the collection it lists). */
export function BlockHeading({
  children,
  href,
  level = 2,
  sub,
}: {
  children: ReactNode;
  href?: string | undefined;
  level?: 2 | 3;
  sub?: string;
}) {
  const H = level === 2 ? 'h2' : 'h3';
  return (
    <H className="cb-heading">
      {href ? <a href={href}>{children}</a> : children}
      {sub && <span className="cb-heading-sub"> {sub}</span>}
    </H>
  );
}

/** A date as a <time> element in the site's language and time zone. */
export function DateText({
  iso,
  style = 'long',
  className = 'cb-date',
}: {
  iso: string;
  style?: 'long' | 'short' | 'month';
  className?: string;
}) {
  const format = useDateFormat();
  return (
    <time className={className} dateTime={iso}>
      {format(iso, style)}
    </time>
  );
}

/** The empty state of a list block. */
export function EmptyNote({ children = 'Nothing has been posted yet.' }: { children?: ReactNode }) {
  return <p className="cb-empty">{children}</p>;
}

/** A map pin in the accent colour (check-ins and locations). */
export function PinIcon() {
  return (
    <svg className="cb-pin" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M12 22s7-6.3 7-12a7 7 0 1 0-14 0c0 5.7 7 12 7 12z" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="12" cy="10" r="2.6" fill="currentColor" />
    </svg>
  );
}
