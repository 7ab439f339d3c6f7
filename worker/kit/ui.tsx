// Small server components and formatters shared by pages and blocks that read the render state: dates, links, owner HTML.
// Those that take props only (Img, Icon, cx, VisuallyHidden) live in shared/ui/.
import type { ReactNode } from 'react';
import { dateFormatter } from '../../shared/date-format.ts';
import { keptOrMade } from '../../shared/kept.ts';
import { VisuallyHidden } from '../../shared/ui/visually-hidden.tsx';
import { isExternalLink, keepsLinkRule } from '../../shared/urls.ts';
import { useRender } from './context.tsx';

type DateStyle = 'long' | 'short' | 'month';
type FormatDate = (iso: string, style?: DateStyle) => string;

/** Formatted dates are kept per language and time zone, at most this many each (a large list repeats them per request). */
const FORMATTED_DATES_KEPT = 4096;
const dateFormats = new Map<string, FormatDate>();

/**
 * One formatting function per language and time zone for the life of the isolate: its three formatters made once,
 * and the text of each date it has formatted kept (a page with a long list formats the same dates on every request,
 * and a lookup costs a fraction of Intl's format).
 */
function formatDateIn(language: string, timeZone: string): FormatDate {
  const key = `${language}|${timeZone}`;
  let format = dateFormats.get(key);
  if (format) return format;
  const formatters: Record<DateStyle, Intl.DateTimeFormat> = {
    long: dateFormatter(language, { dateStyle: 'long', timeZone }),
    short: dateFormatter(language, { dateStyle: 'medium', timeZone }),
    month: dateFormatter(language, { month: 'long', year: 'numeric', timeZone }),
  };
  const done = new Map<string, string>();
  format = (iso, style = 'long') => keptOrMade(done, `${style}${iso}`, FORMATTED_DATES_KEPT, () => formatters[style].format(new Date(iso)));
  dateFormats.set(key, format);
  return format;
}

/** Formats a date in the site's language and time zone, e.g. 'March 3, 2026'. */
export function useDateFormat(): FormatDate {
  const { site } = useRender();
  return formatDateIn(site.website.language, site.website.timeZone);
}

export interface LinkProps {
  href: string;
  children: ReactNode;
  className?: string;
  newWindow?: boolean;
  'aria-label'?: string;
}

/**
 * A link that opens external URLs safely (rel=noopener) and in a new window when asked. A tel: or mailto: link longer
 * than §5 allows is no link: its text is drawn as text (keepsLinkRule), with its label for screen readers.
 */
export function Link({ href, children, className, newWindow, ...rest }: LinkProps) {
  const { url } = useRender();
  if (!keepsLinkRule(href)) {
    const label = rest['aria-label'];
    return (
      <span className={className}>
        {children}
        {label && <VisuallyHidden>{label}</VisuallyHidden>}
      </span>
    );
  }
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
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the owner's HTML, placed as is by design (the owner controls their site)
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
