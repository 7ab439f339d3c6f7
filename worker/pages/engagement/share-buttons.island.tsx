// The share buttons of an item page (§2 share buttons, §3 engagement event Share): each service's link opens in a
// small window rather than a tab, 'Copy link' puts the address on the clipboard, and every share is recorded as the
// Share event with its service.
import { useEffect, useState, type MouseEvent } from 'react';
import { recordEvent } from '../../../client/lib/analytics.ts';
import { ShareView, type ShareProps } from './engagement.view.tsx';

export default function ShareIsland(props: ShareProps) {
  const [ready, setReady] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setReady(true), []);

  const onShare = (event: MouseEvent<HTMLAnchorElement>, service: string) => {
    recordEvent('Share', { service });
    if (service === 'email' || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const popup = window.open(event.currentTarget.href, `share-${service}`, 'popup,width=600,height=560');
    // a blocked popup leaves the link to open as a tab
    if (popup) event.preventDefault();
  };
  const onCopy = () => {
    navigator.clipboard
      ?.writeText(props.url)
      .then(() => {
        setCopied(true);
        recordEvent('Share', { service: 'copy' });
        setTimeout(() => setCopied(false), 2000);
      })
      .catch(() => undefined);
  };
  return <ShareView {...props} live={{ ready, copied, onShare, onCopy }} />;
}
