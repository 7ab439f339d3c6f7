// Small server components and formatters shared by pages and blocks that read the render state: dates, links, owner HTML.
// Those that take props only (Img, Icon, cx, VisuallyHidden) live in shared/ui/.
import type { ReactNode } from 'react';
import { dateFormatter } from '../../shared/date-format.ts';
import { isExternalLink } from '../../shared/urls.ts';
import { useRender } from './context.tsx';

/** Formats a date in the site's language and time zone, e.g. 'March 3, 2026'. */
export function useDateFormat(): (iso: string, style?: 'long' | 'short' | 'month') => string {
  const { site } = useRender();
  const { language, timeZone } = site.website;
  return (iso, style = 'long') => {
    const opts: Intl.DateTimeFormatOptions =
      style === 'month' ? { month: 'long', year: 'numeric', timeZone } : { dateStyle: style === 'long' ? 'long' : 'medium', timeZone };
    return dateFormatter(language, opts).format(new Date(iso));
  };
}

export interface LinkProps {
  href: string;
  children: ReactNode;
  className?: string;
  newWindow?: boolean;
  'aria-label'?: string;
}

/** A link that opens external URLs safely (rel=noopener) and in a new window when asked. */
export function Link({ href, children, className, newWindow, ...rest }: LinkProps) {
  const { url } = useRender();
  const external = isExternalLink(href, url.host);
  const target = newWindow ? '_blank' : undefined;
  const rel = newWindow || external ? 'noopener noreferrer' : undefined;
  return (
    <a href={href} className={className} target={target} rel={rel} {...rest}>
      {children}
    </a>
  );
}

/** Owner-supplied HTML (html and code blocks, post-submission HTML), placed as is: the owner controls their site. */
export function OwnerHtml({ html, className, as: Tag = 'div' }: { html: string; className?: string; as?: 'div' | 'section' }) {
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
