// The Worker's settings (wrangler.toml's vars and the secrets), parsed once per isolate with one schema. Everything
// that reads a setting reads it from settingsOf(env), typed; nothing reads `env.X` strings of its own. A setting that is
// missing where it is required, or set to something this schema cannot read, is never replaced by a default: the
// Worker answers 503 (config-check.ts) and logs one `config.invalid` line per isolate naming each setting and why.
// Unset (or empty) optional settings take the defaults written here. The README's Configuration table and
// docs/operations.md list the same rules.
import * as z from 'zod';
import { isolateLog } from '../log.ts';
import { DEFAULT_ORIGIN_TIMEOUT_MS } from './limits.ts';

/** Where the Worker runs: wrangler.toml's top level is development (wrangler dev, the tests), then its environments. */
export const ENVIRONMENTS = ['development', 'staging', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/**
 * The embedded store's payment providers by the name PAYMENT_PROVIDER gives them. worker/commerce/payments.ts must
 * implement each one (its PROVIDERS is typed by this list, so a name without a provider is a compile error).
 */
export const PAYMENT_PROVIDER_NAMES = ['test'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];
/** The provider that takes no money: for development and staging only. */
export const TEST_PAYMENT_PROVIDER: PaymentProviderName = 'test';

export const DEFAULT_RENDER_TIMEOUT_MS = 10_000;
export const DEFAULT_POINTER_TTL_MS = 5000;
/** SESSION_SECRET signs sessions and unlock cookies with HMAC-SHA256: at least 256 bits of a random value's text. */
export const SESSION_SECRET_MIN_LENGTH = 32;

/** Turnstile's secret: none, one for every site key, or one per site key (TURNSTILE_SECRET_KEY as a JSON object). */
export type TurnstileSecrets =
  { kind: 'none' } | { kind: 'one'; secret: string } | { kind: 'per-site-key'; secrets: Record<string, string> };

export interface Settings {
  environment: Environment;
  /** RENDER_TIMEOUT_MS: how long a streamed render may take before it is aborted */
  renderTimeoutMs: number;
  /** SITE_POINTER_TTL_MS: how long an isolate keeps a host's site pointer (0: read KV on every request) */
  sitePointerTtlMs: number;
  /** PAGE_CACHE: false when "off" (nothing looked up or stored) */
  pageCache: boolean;
  /** API_ORIGIN as an origin (scheme://host[:port]), or null: this Worker's Durable Objects serve the API */
  apiOrigin: string | null;
  /** API_TIMEOUT_MS: how long the edge waits for the product origin */
  apiTimeoutMs: number;
  /** PAYMENT_PROVIDER, or null: no provider is configured and the store takes no orders */
  paymentProvider: PaymentProviderName | null;
  /** SESSION_SECRET: signs sessions, unlock cookies, receipts, form keys */
  sessionSecret: string;
  /** SESSION_SECRET_PREVIOUS: during a rotation, still verifies what the secret before it signed */
  sessionSecretPrevious: string | null;
  /** TURNSTILE_SECRET_KEY */
  turnstile: TurnstileSecrets;
  /** OPS_TOKEN: the bearer credential of the ops views (/__ops/…); null: the views are off (404) */
  opsToken: string | null;
}

/** Every setting the schema reads, with the kind wrangler gives it. */
export const SETTINGS = {
  ENVIRONMENT: 'var',
  RENDER_TIMEOUT_MS: 'var',
  SITE_POINTER_TTL_MS: 'var',
  PAGE_CACHE: 'var',
  API_ORIGIN: 'var',
  API_TIMEOUT_MS: 'var',
  PAYMENT_PROVIDER: 'var',
  SESSION_SECRET: 'secret',
  SESSION_SECRET_PREVIOUS: 'secret',
  TURNSTILE_SECRET_KEY: 'secret',
  OPS_TOKEN: 'secret',
} as const satisfies Record<string, 'var' | 'secret'>;
export type SettingName = keyof typeof SETTINGS;

export interface SettingProblem {
  setting: SettingName;
  /** why, never quoting a secret's value */
  reason: string;
}

export type SettingsResult = { ok: true; settings: Settings } | { ok: false; environment: string; problems: SettingProblem[] };

/** A var's value as the log may quote it (secrets are never quoted). */
function quoted(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
}

/** An optional setting: undefined or blank is unset. */
const text = z.string().optional();
const unset = (value: string | undefined): value is undefined => value === undefined || value.trim() === '';

/** A whole number of milliseconds, at least `min`; the default when unset. */
function milliseconds(fallback: number, min: number) {
  return text.transform((value, ctx) => {
    if (unset(value)) return fallback;
    const trimmed = value.trim();
    const n = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
    if (!Number.isSafeInteger(n) || n < min) {
      ctx.addIssue({ code: 'custom', message: `${quoted(value)} is not a whole number of milliseconds of at least ${min}` });
      return z.NEVER;
    }
    return n;
  });
}

/** A secret's own rule: long enough to be a key, never quoted in a reason. */
function secretProblem(value: string): string | null {
  return value.length < SESSION_SECRET_MIN_LENGTH
    ? `is ${value.length} characters long; at least ${SESSION_SECRET_MIN_LENGTH} are required`
    : null;
}

function requiredSecret(name: SettingName) {
  return text.transform((value, ctx) => {
    const problem = unset(value) ? `is not set (a wrangler secret: \`wrangler secret put ${name} --env <env>\`)` : secretProblem(value);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return value!;
  });
}

const optionalSecret = text.transform((value, ctx) => {
  if (unset(value)) return null;
  const problem = secretProblem(value);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return value;
});

const schema = z
  .object({
    ENVIRONMENT: text.transform((value, ctx) => {
      const name = value?.trim() ?? '';
      if ((ENVIRONMENTS as readonly string[]).includes(name)) return name as Environment;
      ctx.addIssue({
        code: 'custom',
        message: `${unset(value) ? 'is not set' : `${quoted(value!)} is not`}: one of ${ENVIRONMENTS.join(', ')}`,
      });
      return z.NEVER;
    }),
    RENDER_TIMEOUT_MS: milliseconds(DEFAULT_RENDER_TIMEOUT_MS, 1),
    SITE_POINTER_TTL_MS: milliseconds(DEFAULT_POINTER_TTL_MS, 0),
    PAGE_CACHE: text.transform((value, ctx) => {
      const v = value?.trim().toLowerCase() ?? '';
      if (v === '' || v === 'on') return true;
      if (v === 'off') return false;
      ctx.addIssue({ code: 'custom', message: `${quoted(value!)} is neither "on" nor "off"` });
      return z.NEVER;
    }),
    API_ORIGIN: text.transform((value, ctx) => {
      if (unset(value)) return null;
      let url: URL | null = null;
      try {
        url = new URL(value.trim());
      } catch {
        // reported below
      }
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
        ctx.addIssue({ code: 'custom', message: `${quoted(value)} is not an http(s) URL` });
        return z.NEVER;
      }
      if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
        ctx.addIssue({ code: 'custom', message: `${quoted(value)} is more than an origin: give the scheme, host and port only` });
        return z.NEVER;
      }
      return url.origin;
    }),
    API_TIMEOUT_MS: milliseconds(DEFAULT_ORIGIN_TIMEOUT_MS, 1),
    PAYMENT_PROVIDER: text.transform((value, ctx) => {
      if (unset(value)) return null;
      const name = value.trim();
      if ((PAYMENT_PROVIDER_NAMES as readonly string[]).includes(name)) return name as PaymentProviderName;
      ctx.addIssue({ code: 'custom', message: `${quoted(value)} names no payment provider (known: ${PAYMENT_PROVIDER_NAMES.join(', ')})` });
      return z.NEVER;
    }),
    SESSION_SECRET: requiredSecret('SESSION_SECRET'),
    SESSION_SECRET_PREVIOUS: optionalSecret,
    OPS_TOKEN: optionalSecret,
    TURNSTILE_SECRET_KEY: text.transform((value, ctx): TurnstileSecrets => {
      if (unset(value)) return { kind: 'none' };
      const trimmed = value.trim();
      if (!trimmed.startsWith('{')) return { kind: 'one', secret: trimmed };
      let parsed: unknown;
      try {
        parsed = JSON.parse(trimmed);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'starts like a JSON object of site key → secret but is not valid JSON' });
        return z.NEVER;
      }
      const entries = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.entries(parsed) : null;
      if (!entries || entries.some(([, s]) => typeof s !== 'string' || !s.trim())) {
        ctx.addIssue({ code: 'custom', message: 'is a JSON value, but not an object of site key → non-empty secret' });
        return z.NEVER;
      }
      return { kind: 'per-site-key', secrets: Object.fromEntries(entries.map(([k, s]) => [k, (s as string).trim()])) };
    }),
  })
  .superRefine((s, ctx) => {
    if (s.ENVIRONMENT === 'production' && s.PAYMENT_PROVIDER === TEST_PAYMENT_PROVIDER)
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: '"test" takes no money and is refused in production: leave it empty until a real provider is configured',
      });
    if (s.ENVIRONMENT !== 'development' && s.API_ORIGIN?.startsWith('http:'))
      ctx.addIssue({
        code: 'custom',
        path: ['API_ORIGIN'],
        message: `is plain http; ${s.ENVIRONMENT} sends visitors' cookies to it only over https`,
      });
    if (s.OPS_TOKEN !== null && (s.OPS_TOKEN === s.SESSION_SECRET || s.OPS_TOKEN === s.SESSION_SECRET_PREVIOUS))
      ctx.addIssue({ code: 'custom', path: ['OPS_TOKEN'], message: 'is the same as a session secret: give ops a credential of its own' });
    if (s.SESSION_SECRET_PREVIOUS !== null && s.SESSION_SECRET_PREVIOUS === s.SESSION_SECRET)
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET_PREVIOUS'], message: 'is the same as SESSION_SECRET' });
  });

/** Parses the settings of an environment object (no caching, no logging: checkSettings does both). */
export function parseSettings(env: Partial<Record<SettingName, unknown>>): SettingsResult {
  const raw: Record<string, string | undefined> = {};
  const problems: SettingProblem[] = [];
  for (const name of Object.keys(SETTINGS) as SettingName[]) {
    const value = env[name];
    if (value === undefined || typeof value === 'string') raw[name] = value;
    else problems.push({ setting: name, reason: `is a ${typeof value}, not text` });
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    for (const issue of result.error.issues) problems.push({ setting: issue.path[0] as SettingName, reason: issue.message });
  }
  if (problems.length || !result.success) {
    const environment = typeof env.ENVIRONMENT === 'string' ? env.ENVIRONMENT : 'unset';
    return { ok: false, environment, problems };
  }
  const s = result.data;
  return {
    ok: true,
    settings: {
      environment: s.ENVIRONMENT,
      renderTimeoutMs: s.RENDER_TIMEOUT_MS,
      sitePointerTtlMs: s.SITE_POINTER_TTL_MS,
      pageCache: s.PAGE_CACHE,
      apiOrigin: s.API_ORIGIN,
      apiTimeoutMs: s.API_TIMEOUT_MS,
      paymentProvider: s.PAYMENT_PROVIDER,
      sessionSecret: s.SESSION_SECRET,
      sessionSecretPrevious: s.SESSION_SECRET_PREVIOUS,
      turnstile: s.TURNSTILE_SECRET_KEY,
      opsToken: s.OPS_TOKEN,
    },
  };
}

/** The parsed settings of each environment object this isolate has seen (the runtime hands every request the same one). */
const checked = new WeakMap<object, SettingsResult>();
/** The refusals already logged in this isolate, so a broken configuration costs one log line, not one per request. */
const logged = new Set<string>();

/**
 * The settings of an environment (the Worker's `env`; typed as any object so that Node code can check wrangler.toml's
 * vars with the same schema), parsed on first use; a refusal is logged once per isolate.
 */
export function checkSettings(env: object): SettingsResult {
  let result = checked.get(env);
  if (!result) {
    result = parseSettings(env as unknown as Partial<Record<SettingName, unknown>>);
    checked.set(env, result);
    if (result.ok && result.settings.paymentProvider === null && !logged.has('no-payment-provider')) {
      logged.add('no-payment-provider');
      isolateLog.warn('config.no_payment_provider', {
        environment: result.settings.environment,
        note: 'PAYMENT_PROVIDER is empty: stores take no orders',
      });
    }
    if (!result.ok) {
      const line = JSON.stringify(result.problems);
      if (!logged.has(line)) {
        logged.add(line);
        isolateLog.error('config.invalid', result.problems.map((p) => `${p.setting} ${p.reason}`).join('; '), {
          environment: result.environment,
          settings: result.problems.map((p) => p.setting),
          problems: result.problems,
        });
      }
    }
  }
  return result;
}

/** A configuration the Worker refuses to serve with; config-check.ts answers 503 before anything reads settings. */
export class ConfigurationError extends Error {
  constructor(readonly problems: SettingProblem[]) {
    super(`the Worker's configuration is refused: ${problems.map((p) => p.setting).join(', ')}`);
    this.name = 'ConfigurationError';
  }
}

/** The settings of a configuration the Worker serves with (config-check.ts has refused every other before this runs). */
export function settingsOf(env: object): Settings {
  const result = checkSettings(env);
  if (!result.ok) throw new ConfigurationError(result.problems);
  return result.settings;
}
