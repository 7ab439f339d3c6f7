// Form spam defences at the edge (docs/api.md, "Spam defences"), run by saveSubmission (worker/api/forms.ts) for the
// API and the no-script endpoint alike:
// - the honeypot: a control no visitor sees or reaches (drawn by the form views, named ENVELOPE_NAMES.honeypot); a
//   submission that fills it gets what a visitor's would get at that moment (field errors, a spent budget's 429 during
//   a flood) and otherwise is answered as if it had been stored; nothing is stored, counted or forwarded;
// - Cloudflare Turnstile, when the site's settings name a site key: the widget's token is verified with Cloudflare's
//   siteverify before anything is stored, with the Worker's TURNSTILE_SECRET_KEY;
// - the per-form budget across every client address lives with the per-address one (worker/http/limits.ts).
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { logOf } from '../log.ts';
import { apiError } from '../http/errors.ts';
import { TURNSTILE_VERIFY_TIMEOUT_MS } from '../http/limits.ts';
import { clientAddress, UNAVAILABLE_MESSAGE } from '../http/request.ts';
import type { SiteModel } from '../site/model.ts';
import { SITEVERIFY_URL, TURNSTILE_MESSAGES, TURNSTILE_TOKEN_MAX } from '../../shared/turnstile.ts';
import { requestUrl } from '../http/request-url.ts';
import { settingsOf, type TurnstileSecrets } from '../http/config.ts';
import { signText, type SecretEnv } from '../security/keys.ts';

export { SITEVERIFY_URL, TURNSTILE_MESSAGES, TURNSTILE_ORIGIN, TURNSTILE_SCRIPT_URL, TURNSTILE_TOKEN_MAX } from '../../shared/turnstile.ts';

type SpamContext = Context<AppEnv>;

/**
 * The secret that goes with a site key. TURNSTILE_SECRET_KEY (parsed once by worker/http/config.ts) is either one
 * widget's secret (every site that turns Turnstile on uses that widget's site key) or a JSON object of site key →
 * secret (a widget per site); null when it holds nothing for this key.
 */
export function turnstileSecretFor(configured: TurnstileSecrets, siteKey: string): string | null {
  if (configured.kind === 'none') return null;
  if (configured.kind === 'one') return configured.secret;
  return Object.hasOwn(configured.secrets, siteKey) ? configured.secrets[siteKey]! : null;
}

/** Siteverify's answer, as far as the edge reads it. */
interface SiteverifyAnswer {
  success?: unknown;
  'error-codes'?: unknown;
  hostname?: unknown;
}

/** What siteverify's error codes mean for the visitor: the token's fault (400) or ours (503, logged as an error). */
export function siteverifyRefusal(codes: readonly string[]): 'token' | 'configuration' | 'unavailable' {
  if (codes.some((code) => code === 'missing-input-secret' || code === 'invalid-input-secret')) return 'configuration';
  if (codes.includes('internal-error')) return 'unavailable';
  return 'token';
}

const refuse = (status: 400 | 503, message: string): never => {
  throw apiError(status, message);
};

/** One siteverify call; null when Cloudflare could not be reached or did not answer JSON. */
async function siteverify(body: URLSearchParams): Promise<SiteverifyAnswer | null> {
  try {
    const res = await fetch(SITEVERIFY_URL, { method: 'POST', body, signal: AbortSignal.timeout(TURNSTILE_VERIFY_TIMEOUT_MS) });
    if (res.status >= 500) return null;
    return (await res.json()) as SiteverifyAnswer;
  } catch {
    return null;
  }
}

/**
 * Verifies a submission's Turnstile token when the site uses Turnstile; throws the answer when it does not pass: 400
 * with a §8-style message for a missing or refused token, 503 when the edge cannot verify (no secret, Cloudflare
 * unreachable). One retry with the same idempotency key when Cloudflare did not answer.
 */
export async function requireTurnstile(
  c: SpamContext,
  site: SiteModel,
  token: string | undefined,
  noScript: boolean,
  /** verify: false checks only what needs no call to Cloudflare (a token is there and fits), for a trapped bot */
  { verify = true }: { verify?: boolean } = {},
): Promise<void> {
  const siteKey = site.settings.turnstile?.siteKey;
  if (!siteKey) return;
  const where = { site: site.website.identifier };
  const log = logOf(c);
  if (!token) {
    log.info('form.turnstile_refused', { ...where, reason: 'missing' });
    refuse(400, noScript ? TURNSTILE_MESSAGES.missingNoScript : TURNSTILE_MESSAGES.missing);
  }
  if (token!.length > TURNSTILE_TOKEN_MAX) {
    log.info('form.turnstile_refused', { ...where, reason: 'too-long' });
    refuse(400, TURNSTILE_MESSAGES.failed);
  }
  if (!verify) return;
  const secret = turnstileSecretFor(settingsOf(c.env).turnstile, siteKey);
  if (!secret) {
    log.error('form.turnstile_no_secret', new Error(`TURNSTILE_SECRET_KEY holds no secret for the site key of ${site.website.identifier}`));
    refuse(503, UNAVAILABLE_MESSAGE);
  }
  const body = new URLSearchParams({
    secret: secret!,
    response: token!,
    remoteip: clientAddress(c),
    idempotency_key: crypto.randomUUID(),
  });
  const answer = (await siteverify(body)) ?? (await siteverify(body));
  if (!answer) {
    log.warn('form.turnstile_unreachable', where);
    refuse(503, UNAVAILABLE_MESSAGE);
  }
  const codes = Array.isArray(answer!['error-codes']) ? answer!['error-codes'].filter((x): x is string => typeof x === 'string') : [];
  if (answer!.success !== true) {
    const refusal = siteverifyRefusal(codes);
    if (refusal === 'configuration')
      log.error('form.turnstile_bad_secret', new Error(`siteverify refused the secret: ${codes.join(', ')}`));
    else log.info('form.turnstile_refused', { ...where, reason: codes.join(',') || 'refused' });
    refuse(refusal === 'token' ? 400 : 503, refusal === 'token' ? TURNSTILE_MESSAGES.failed : UNAVAILABLE_MESSAGE);
  }
  // a token solved on another host (a widget shared by sites, or one lifted from elsewhere) does not count here
  const host = requestUrl(c).hostname;
  if (typeof answer!.hostname === 'string' && answer!.hostname !== host) {
    log.info('form.turnstile_refused', { ...where, reason: 'hostname' });
    refuse(400, TURNSTILE_MESSAGES.failed);
  }
}

/**
 * The submission id a honeypot catch is answered with: shaped like a stored one (a UUID), the same for the same key
 * (as a reused key of a stored submission is), and not derivable without the secret (its own key, derived from
 * SESSION_SECRET: worker/security/keys.ts).
 */
export async function decoySubmissionId(secrets: SecretEnv, key: string): Promise<string> {
  const signature = await signText(secrets, 'form-decoy', `form-decoy:${key}`);
  if (!signature) return crypto.randomUUID();
  const bytes = signature.slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
