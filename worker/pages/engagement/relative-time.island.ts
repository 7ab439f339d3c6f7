// Relative times (§9), a plain island: the words of a date drawn by the server (engagement.view.tsx) brought up to the
// browser's clock and refreshed every 5000 ms: 'about N seconds ago' counts on, 'Today at' becomes 'Yesterday at', an
// age grows. The server drew the words of the instant it rendered at, with the same rules (dateLine), so for that
// instant the browser draws the same.
import { betaEnabled } from '../../../client/ui/beta.ts';
import { RELATIVE_REFRESH_MS } from '../../../shared/relative-time.ts';
import { dateLine } from './engagement-text.ts';
import type { RelativeTimeProps } from './engagement.view.tsx';

export function mount(element: Element, props: RelativeTimeProps): void {
  const time = element.querySelector('time');
  const when = time?.querySelector('.relative-when');
  if (!time || !when) throw new Error('relative time: no <time> with its words in the island');
  let age = time.querySelector('.relative-age');
  // §3 beta i18nShowFormattedDates: the date as the site's language writes it, and no time ago
  if (betaEnabled('i18nShowFormattedDates')) {
    when.textContent = props.label;
    age?.remove();
    time.dataset.formatted = '';
    return;
  }
  const draw = () => {
    const line = dateLine(props, Date.now());
    const words = line.when ?? props.label;
    // only what changed is written: the line is not laid out again for nothing
    if (when.textContent !== words) when.textContent = words;
    if (!line.age) return age?.remove();
    if (!age) age = Object.assign(document.createElement('span'), { className: 'relative-age' });
    const text = ` (${line.age})`;
    if (age.textContent !== text) age.textContent = text;
    if (!age.isConnected) when.after(age);
  };
  draw();
  setInterval(draw, RELATIVE_REFRESH_MS);
}
