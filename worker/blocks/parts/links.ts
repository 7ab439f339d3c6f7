// Labels for links out of the site: the destination a card shows, the service an external link goes to.
import { hostOf } from '../../../shared/urls.ts';

/** What the card shows under its title as the destination: a host, an address or a path. */
export function destination(url: string): string {
  if (/^mailto:/i.test(url)) return url.slice(7).split('?')[0] ?? url;
  if (/^tel:/i.test(url)) return url.slice(4);
  return hostOf(url)?.replace(/^www\./, '') ?? url;
}

/** A domain-free label for an external service link, e.g. 'spotify.com' for https://open.spotify.com/album/1. */
export function hostLabel(url: string): string | undefined {
  const m = /^https?:\/\/(?:www\.|open\.|m\.)?([^/?#:]+)/i.exec(url);
  return m?.[1]?.toLowerCase();
}
