// The classes of the popup overlay's parts: drawn by its view (popup-overlay.view.tsx), found by its plain island
// (popup-overlay.island.ts), which imports this module and not the view, so that it loads none of the view's code.
export const POPUP_CLASSES = {
  dialog: 'popup-overlay',
  card: 'commerce-popup',
  signup: 'commerce-popup-signup',
  close: 'commerce-popup-close',
} as const;
