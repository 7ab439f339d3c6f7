// The dialogs of §4 Pop-ups, §5 Confirmation widget options, §8 System error panel and §9 sizes: their options,
// labels, texts, anchors and motion, shared by the browser's dialog stack (client/lib/dialogs.ts), the shared
// stylesheet and the tests that drive them.
/** The product's name, as its messages carry it (§8 'Unable to connect to {product}', §2 'Preview Only'). */
export const PRODUCT_NAME = 'Site Builder';

/** §9 confirmation styles. */
export const CONFIRMATION_STYLES = { CONFIRM_OR_REJECT: 0, CONFIRM_OR_CANCEL: 1, CONFIRM_ONLY: 2, NO_BUTTONS: 3 } as const;
export type ConfirmationStyle = (typeof CONFIRMATION_STYLES)[keyof typeof CONFIRMATION_STYLES];

/** §9 default labels; an alert's button reads 'Okay'. */
export const DIALOG_LABELS = { confirm: 'Confirm', cancel: 'Cancel', reject: 'Reject', okay: 'Okay' } as const;

/**
 * §9 sizes and times, and mobile's width (§9: 432 px or less, BREAKPOINTS.mobileMax of shared/limits.ts, which
 * test/dialog-anchors.test.ts holds equal: the dialogs' chunk does not import that module, which the islands hold)
 */
export const DIALOG = {
  width: 350,
  padding: 20,
  zIndexBase: 30_000,
  hideFallbackMs: 600,
  informationAutoHideMs: 2000,
  mobileMax: 432,
} as const;

/** §9 confirmation anchors: where a confirmation sits. By default at the mouse on desktop, in the centre on mobile. */
export const CONFIRMATION_ANCHORS = ['MOUSE', 'TOP_LEFT', 'TOP_RIGHT', 'BOTTOM_LEFT', 'BOTTOM_RIGHT', 'ELEMENT', 'CENTER'] as const;
export type ConfirmationAnchor = (typeof CONFIRMATION_ANCHORS)[number];

/** §9 Timings of panels and dialogs as they move between shown and hidden (the shared stylesheet's motion). */
export const PANEL_MOTION = { fadeMs: 300, scaleMs: 300, expandMs: 300, softExpandMs: 500, slideMs: 200, scaleHidden: 0.94 } as const;

/** §9: the anchor a confirmation takes when its caller names none: the mouse on desktop (when a press opened it), else the centre. */
export function defaultAnchor(viewportWidth: number, pointer: boolean, mobileMax: number): ConfirmationAnchor {
  return viewportWidth > mobileMax && pointer ? 'MOUSE' : 'CENTER';
}

interface Size {
  width: number;
  height: number;
}

/**
 * Where a confirmation of this size goes in the viewport for its anchor (its left and top), kept a dialog's padding
 * (§9: 20) inside the viewport's edges; null for CENTER, which the browser's own centring of a modal dialog does. MOUSE
 * centres it across the pointer with its top at the pointer; ELEMENT puts it under the element, at its left edge. An
 * anchor without the point or element it needs is the centre.
 */
export function anchorPosition(
  anchor: ConfirmationAnchor,
  box: Size,
  viewport: Size,
  target: { pointer?: { x: number; y: number } | undefined; element?: { left: number; bottom: number } | undefined } = {},
): { left: number; top: number } | null {
  const m = DIALOG.padding;
  const clamp = (value: number, size: number, room: number) => Math.round(Math.max(m, Math.min(value, room - size - m)));
  const at = (left: number, top: number) => ({
    left: clamp(left, box.width, viewport.width),
    top: clamp(top, box.height, viewport.height),
  });
  const right = viewport.width - box.width - m;
  const bottom = viewport.height - box.height - m;
  switch (anchor) {
    case 'MOUSE':
      return target.pointer ? at(target.pointer.x - box.width / 2, target.pointer.y) : null;
    case 'ELEMENT':
      return target.element ? at(target.element.left, target.element.bottom) : null;
    case 'TOP_LEFT':
      return at(m, m);
    case 'TOP_RIGHT':
      return at(right, m);
    case 'BOTTOM_LEFT':
      return at(m, bottom);
    case 'BOTTOM_RIGHT':
      return at(right, bottom);
    default:
      return null;
  }
}

/** The buttons a confirmation style shows, in order. */
export function confirmationButtons(style: ConfirmationStyle): ('confirm' | 'reject' | 'cancel')[] {
  switch (style) {
    case CONFIRMATION_STYLES.CONFIRM_OR_REJECT:
      return ['reject', 'confirm'];
    case CONFIRMATION_STYLES.CONFIRM_ONLY:
      return ['confirm'];
    case CONFIRMATION_STYLES.NO_BUTTONS:
      return [];
    default:
      return ['cancel', 'confirm'];
  }
}

/** §3 System error data. */
export interface SystemErrorData {
  cleaned?: boolean;
  network?: boolean;
  error?: string;
  message?: string;
  errorKey?: string;
  url?: string;
  format?: string;
}

/** §8 System error panel texts. */
export const SYSTEM_ERROR = {
  cleanedTitle: 'Something Went Wrong!',
  cleanedMessage: 'Our system has encountered an error. This exception has been automatically logged and reported. We will return shortly.',
  networkMessage: `Unable to connect to ${PRODUCT_NAME}. Please try again.`,
  reload: 'Reload Page',
  clear: 'Clear',
  /** the heading of the network and other variants, which §8 leaves to the product */
  title: 'Something Went Wrong',
} as const;

/** §8: what the panel shows for each variant (plain text: the browser sets it as text, §5 escaping). */
export function systemErrorContent(data: SystemErrorData): {
  variant: 'cleaned' | 'network' | 'otherwise';
  title: string;
  lines: string[];
} {
  if (data.cleaned) return { variant: 'cleaned', title: SYSTEM_ERROR.cleanedTitle, lines: [SYSTEM_ERROR.cleanedMessage] };
  if (data.network) return { variant: 'network', title: SYSTEM_ERROR.title, lines: [data.error || SYSTEM_ERROR.networkMessage] };
  const lines = [data.url ?? '', (data.format ?? '').toUpperCase(), data.error || data.message || ''].filter(Boolean);
  return { variant: 'otherwise', title: SYSTEM_ERROR.title, lines };
}

/** §2 Restaurant booking block: a logged-in viewer gets a preview only. */
export const BOOKING_PREVIEW = {
  title: 'Preview Only',
  message: `Please log out of your ${PRODUCT_NAME} account in order to use the Booking Block.`,
} as const;

/** §6: the login-required prompt. */
export const LOGIN_REQUIRED = { title: 'Login Required', login: 'Log In' } as const;
