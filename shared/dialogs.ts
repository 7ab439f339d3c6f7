// The dialogs of §4 Pop-ups, §5 Confirmation widget options, §8 System error panel and §9 sizes: their options,
// labels and texts, shared by the browser's dialog stack (client/lib/dialogs.ts) and the tests that drive it.
/** The product's name, as its messages carry it (§8 'Unable to connect to {product}', §2 'Preview Only'). */
export const PRODUCT_NAME = 'Site Builder';

/** §9 confirmation styles. */
export const CONFIRMATION_STYLES = { CONFIRM_OR_REJECT: 0, CONFIRM_OR_CANCEL: 1, CONFIRM_ONLY: 2, NO_BUTTONS: 3 } as const;
export type ConfirmationStyle = (typeof CONFIRMATION_STYLES)[keyof typeof CONFIRMATION_STYLES];

/** §9 default labels; an alert's button reads 'Okay'. */
export const DIALOG_LABELS = { confirm: 'Confirm', cancel: 'Cancel', reject: 'Reject', okay: 'Okay' } as const;

/** §9 sizes and times. */
export const DIALOG = { width: 350, padding: 20, zIndexBase: 30_000, hideFallbackMs: 600, informationAutoHideMs: 2000 } as const;

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
