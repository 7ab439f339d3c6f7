// A date drawn with §9's relative wording on a page (an item's publish date, an event's start): the relative-time
// island with the site's language and time zone and the instant the page is rendered at.
import { useRender } from '../../kit/context.tsx';
import { Island } from '../../kit/island.tsx';
import { relativeTimeIsland } from './engagement.view.tsx';

/** `label` is the date as the site formats it; `past` marks a publish date, which is never in the future. */
export function RelativeDate({ iso, label, past }: { iso: string; label: string; past: boolean }) {
  const { site, now } = useRender();
  const { language, timeZone } = site.website;
  return <Island island={relativeTimeIsland} props={{ iso, label, past, language, timeZone, now: now.getTime() }} when="idle" />;
}
