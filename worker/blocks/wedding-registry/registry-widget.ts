// The registry service's widget for a couple's registry (§1's wedding-registry widget, §7 Third-party loads): a
// registry at Zola (`www.zola.com/registry/{key}`) is drawn by Zola's widget script, which finds every link the page
// marks as one of its registries (`a.zola-registry-embed` with `data-registry-key`) and puts the registry in its place.
// A registry elsewhere stays a link.

/** The widget script, as Zola's own snippet adds it (one per page, by this id), and its origin for script-src. */
export const REGISTRY_WIDGET_SCRIPT = 'https://widget.zola.com/js/widget.js';
export const REGISTRY_WIDGET_ID = 'zola-wjs';
export const REGISTRY_WIDGET_ORIGIN = 'https://widget.zola.com';
/** The class the widget looks for on a registry's link. */
export const REGISTRY_LINK_CLASS = 'zola-registry-embed';

/** A registry's key at the service, when its address is one the widget draws. */
export function registryKey(url: string): string | undefined {
  return /^https:\/\/(?:www\.)?zola\.com\/registry\/([\w-]{1,100})\/?(?:[?#].*)?$/i.exec(url)?.[1];
}

/** The registries the widget draws. */
export function registryWidgets(registries: readonly { url: string }[]): string[] {
  return registries.flatMap((r) => registryKey(r.url) ?? []);
}
