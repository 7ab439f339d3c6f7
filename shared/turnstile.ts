// Cloudflare Turnstile's addresses and what a visitor is told when its check does not pass: used by the edge
// (worker/forms/spam.ts, the page's script and policy) and by tests on either side.

/** Cloudflare Turnstile's origin: the widget's script and frame come from it, and siteverify answers there. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
export const TURNSTILE_SCRIPT_URL = `${TURNSTILE_ORIGIN}/turnstile/v0/api.js`;
export const SITEVERIFY_URL = `${TURNSTILE_ORIGIN}/turnstile/v0/siteverify`;
/** Cloudflare's limit on a token's length: a longer one is refused without asking. */
export const TURNSTILE_TOKEN_MAX = 2048;

/** §8-style messages of a submission whose Turnstile check did not pass (status 400; nothing is stored). */
export const TURNSTILE_MESSAGES = {
  /** no token came with the submission: the widget had not finished, or a bot skipped it */
  missing: 'Unable to submit form. Please complete the security check and try again.',
  /** the same, for a form posted without JavaScript, where the widget cannot run */
  missingNoScript: 'Unable to submit form. The security check needs JavaScript: please turn it on and try again.',
  /** Cloudflare refused the token: made up, used before, expired, or from another site */
  failed: 'Unable to submit form. The security check failed or expired. Please try again.',
} as const;
