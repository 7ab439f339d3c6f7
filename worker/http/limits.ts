// The API's limits in one place (documented in docs/api.md): request body sizes, the form submission budget, key
// lifetime, the origin time-out and retry schedule, the census buffer and the summary range.

const KiB = 1024;

/** The largest body each endpoint accepts; a larger one is 413. */
export const BODY_LIMITS = {
  recordHit: 16 * KiB,
  /** RecordQuickView and FormSubmissionKey take no body */
  empty: 1 * KiB,
  buttonTracking: 8 * KiB,
  overlay: 8 * KiB,
  recordEvent: 16 * KiB,
  /** 20 reports, each with a stack of up to 5000 characters and its context */
  javascriptErrors: 256 * KiB,
  trace: 128 * KiB,
  saveFormSubmission: 64 * KiB,
} as const;

/**
 * Any body, whatever its route, before anything reads it: the crumb check and the same-site rule of page posts read a
 * form body to find its crumb field, so no body larger than the largest route's limit gets that far (every route of
 * the site, /api/ or not, takes less: the store's and the lock screens' forms, login, unsubscribe).
 */
export const BODY_CAP = Math.max(...Object.values(BODY_LIMITS));

/** Accepted form submissions per site and client address in a sliding window; the next one is 429. */
export const FORM_SUBMISSION_BUDGET = { submissions: 10, windowMs: 10 * 60 * 1000 } as const;

/**
 * Accepted form submissions per form across every client address in a sliding window; the next one is 429. A flood
 * spread over many addresses (each under its own budget) stops here: at most this many land in one form's inbox per
 * window, whatever the number of addresses (docs/api.md, "Spam defences").
 */
export const FORM_FLOOD_BUDGET = { submissions: 200, windowMs: 10 * 60 * 1000 } as const;

/** How long the edge waits for Cloudflare's Turnstile siteverify (asked at most twice per submission). */
export const TURNSTILE_VERIFY_TIMEOUT_MS = 4000;

/** How long a key from FormSubmissionKey may be used for a first submission. */
export const FORM_KEY_TTL_MS = 60 * 60 * 1000;

/** Default time the edge waits for the product origin (override with the API_TIMEOUT_MS var). */
export const DEFAULT_ORIGIN_TIMEOUT_MS = 5000;

/** Outbox retries: 10 s, 20 s, 40 s ... doubling up to one hour between attempts, until the origin accepts. */
export const OUTBOX_BACKOFF = { firstMs: 10_000, maxMs: 60 * 60 * 1000 } as const;
/**
 * When the outbox gives a submission up (a dead letter), whichever comes first: `attempts` failed deliveries, or
 * `afterMs` since it was stored. Three days carries every waiting submission through an origin outage of a long
 * weekend. 50 attempts is what one submission reaches in about 41 hours at the backoff's pace (the 10th attempt comes
 * after 1.4 hours, then one an hour): it ends sooner a submission the origin keeps failing (5xx) while it takes
 * others, which in an outage, where each round tries one submission and stops, take longer to reach it.
 */
export const OUTBOX_GIVE_UP = { attempts: 50, afterMs: 3 * 24 * 60 * 60 * 1000 } as const;
/**
 * How long the outbox keeps an entry once it is settled. A delivered entry keeps only the origin's answer (so a reused
 * key still finds it); its body and headers, the visitor's data, are erased on delivery. A dead letter keeps its body
 * this long after it died, for operations to recover, and is then erased (counted in the outbox's backlog()).
 */
export const OUTBOX_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Census hits waiting for the origin, per isolate; the oldest is dropped beyond this. */
export const CENSUS_BUFFER_SIZE = 200;

/** GET /api/census/Summary covers at most this many days (one analytics object per day). */
export const SUMMARY_MAX_DAYS = 31;
/** Without from and to, the summary covers the last 30 days. */
export const SUMMARY_DEFAULT_DAYS = 30;

/** GET /api/form/Submissions answers at most this many submissions per request (newest first). */
export const SUBMISSIONS_PAGE = { default: 100, max: 1000 } as const;

/**
 * Distinct names kept per counter (events, buttons, sources...) per site and day (by each shard of the day, and by the
 * day's shards added up: the most counted); the rest count as '(other)'.
 */
export const ANALYTICS_DISTINCT_CAP = 200;
