// The share buttons of an item page (§2 share buttons, §3 engagement event Share), a plain island: each service's
// link opens in a small window rather than a tab, 'Copy link' (added here: it needs the script) puts the address on
// the clipboard, and every share is recorded as the Share event with its service.
import { recordEvent } from '../../../client/lib/analytics.ts';
import { COPY_LINK } from './engagement-text.ts';
import type { ShareProps } from './engagement.view.tsx';

export function mount(element: Element, props: ShareProps): void {
  const row = element.querySelector('.share-buttons');
  if (!row) throw new Error('share buttons: no .share-buttons in the island');
  for (const link of row.querySelectorAll<HTMLAnchorElement>('a[data-service]')) {
    const service = link.dataset.service!;
    link.addEventListener('click', (event) => {
      recordEvent('Share', { service });
      if (service === 'email' || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const popup = window.open(link.href, `share-${service}`, 'popup,width=600,height=560');
      // a blocked popup leaves the link to open as a tab
      if (popup) event.preventDefault();
    });
  }
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.className = 'share-link share-copy';
  copy.textContent = COPY_LINK.idle;
  copy.addEventListener('click', () => {
    navigator.clipboard
      ?.writeText(props.url)
      .then(() => {
        copy.textContent = COPY_LINK.copied;
        recordEvent('Share', { service: 'copy' });
        setTimeout(() => (copy.textContent = COPY_LINK.idle), 2000);
      })
      .catch(() => undefined);
  });
  row.append(copy);
}
