// The pin overlay (§2 Features loaded on demand, §3 pinOverlayOptions.mode): a 'Save' link over an image that opens
// the pin service's own "create a pin" page for it in a new window. Drawn by the server as a plain link, so it needs
// no script, sets no cookie and loads nothing of the service's until the visitor presses it; CSS shows it while the
// image is hovered or the link focused (mode hover, and always on a device without hover) or at all times (always).
import { VisuallyHidden } from './visually-hidden.tsx';

export type PinMode = 'disabled' | 'hover' | 'always';

/** Where a pin of an image goes: the pin service's create page, with the page, the image and its words. */
export const PIN_CREATE_URL = 'https://www.pinterest.com/pin/create/button/';

export interface PinTarget {
  mode: 'hover' | 'always';
  href: string;
}

/** The pin link of an image on a page, or none when the site's mode is 'disabled'. */
export function pinTarget(mode: PinMode, page: string, media: string, description: string): PinTarget | undefined {
  if (mode === 'disabled') return undefined;
  const query = new URLSearchParams({ url: page, media, description });
  return { mode, href: `${PIN_CREATE_URL}?${query}` };
}

export function PinIt({ pin }: { pin: PinTarget | undefined }) {
  if (!pin) return null;
  return (
    <a className={`pin-it pin-it-${pin.mode}`} href={pin.href} target="_blank" rel="noopener noreferrer">
      Save
      <VisuallyHidden> this image to Pinterest (opens in a new window)</VisuallyHidden>
    </a>
  );
}

/**
 * Its CSS: over the top left of the image's box (`.pin-host`, positioned), above a title link stretched over a block.
 * Hidden links in mode hover still take the keyboard's focus, and show when they have it.
 */
export const pinStyles = `
.pin-host{position:relative}
.pin-it{position:absolute;top:.75rem;left:.75rem;z-index:2;display:inline-flex;align-items:center;min-height:2.25rem;padding:.35rem .9rem;border-radius:999px;background:#e60023;color:#fff;font:600 .85rem/1.2 system-ui,sans-serif;text-decoration:none;box-shadow:0 2px 8px rgba(0,0,0,.3)}
.pin-it:hover{background:#ad081b;color:#fff}
.pin-it:focus-visible{outline:3px solid #fff;outline-offset:2px;box-shadow:0 0 0 5px #111}
.pin-it-hover{opacity:0;transition:opacity .2s}
.pin-host:hover>.pin-it-hover,.pin-it-hover:focus-visible{opacity:1}
@media (hover:none){.pin-it-hover{opacity:1}}
`;
