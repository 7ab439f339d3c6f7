// Relative times (§9), a plain island: a date that is seconds old reads 'just now' or 'about N seconds ago', refreshed
// every 5000 ms; an older one keeps its formatted date, with its age in words beside it for the first month (drawn by
// the server as the page was rendered, and brought up to date here).
import { RELATIVE_REFRESH_MS } from '../../../shared/relative-time.ts';
import { relativeTime } from './engagement-text.ts';
import type { RelativeTimeProps } from './engagement.view.tsx';

export function mount(element: Element, props: RelativeTimeProps): void {
  const time = element.querySelector('time');
  if (!time) throw new Error('relative time: no <time> in the island');
  const text = document.createTextNode(props.label);
  // the age the server drew, kept (its text is rewritten only if the day has changed since): the line does not move
  const drawn = time.querySelector('.relative-age');
  const age = drawn ?? Object.assign(document.createElement('span'), { className: 'relative-age' });
  time.replaceChildren(text, ...(drawn ? [drawn] : []));
  const draw = () => {
    const now = relativeTime(props.iso, props.label, Date.now());
    text.data = now.text;
    if (now.age) {
      const words = ` (${now.age})`;
      if (age.textContent !== words) age.textContent = words;
      if (!age.isConnected) time.append(age);
    } else age.remove();
  };
  draw();
  setInterval(draw, RELATIVE_REFRESH_MS);
}
