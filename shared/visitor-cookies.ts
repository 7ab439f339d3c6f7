// The visitor cookies of §3, §4, §6 and §9: the record and time cookie formats, their validation, the session rule and
// the no-cookie mode. Pure, so the edge and client code apply the same rules.

/** The visitor record cookie: id|firstTime|t2|lastTime|count (§3). */
export const VISITOR_RECORD_COOKIE = 'ss_cvr';
/** The visitor time (session) cookie: a timestamp (§3). */
export const VISITOR_TIME_COOKIE = 'ss_cvt';
/** The optional visitor id cookie that seeds a new record (§3). */
export const VISITOR_ID_COOKIE = 'ss_cid';
/** Cookie-notice consent (§4, §9). */
export const COOKIE_CONSENT_COOKIE = 'ss_cookieAllowed';

/** §9: the record cookie lives 2 years, the time cookie 30 minutes; both on path /. */
export const VISITOR_RECORD_LIFETIME_MS = 63_072_000_000;
export const VISITOR_TIME_LIFETIME_MS = 1_800_000;

/** §6: removed in no-cookie mode. */
export const NO_COOKIE_MODE_REMOVED = [
  'SS_MATTR',
  'SS_MID',
  'SS_lastvisit',
  'user_segment',
  'ss_cid',
  'ss_cpvisit',
  'ss_cvisit',
  'ss_cvr',
  'ss_cvt',
] as const;

/** The cookies the edge forwards to the product origin besides the crumb. */
export const VISITOR_COOKIES = [VISITOR_RECORD_COOKIE, VISITOR_TIME_COOKIE, VISITOR_ID_COOKIE] as const;

export interface VisitorRecord {
  id: string;
  /** ms since the epoch of the first visit */
  firstTime: number;
  /** carried unchanged; a new record sets it to its creation time */
  t2: number;
  /** ms since the epoch of the latest session's start */
  lastTime: number;
  /** sessions so far */
  count: number;
}

// Long values are not a visitor's: a cap keeps a crafted cookie from costing anything.
const MAX_ID_LENGTH = 64;
/** §5: word characters or dashes, then four pipe-separated positive integers. */
const RECORD_PATTERN = /^([\w-]+)\|(\d{1,16})\|(\d{1,16})\|(\d{1,16})\|(\d{1,16})$/;
/** §5: a positive integer with no leading zero. */
const TIME_PATTERN = /^[1-9]\d{0,15}$/;
const ID_PATTERN = /^[\w-]+$/;

function positive(text: string): number | null {
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** A record cookie's value, or null when it is missing or not valid (an invalid one counts as absent). */
export function parseVisitorRecord(value: string | null | undefined): VisitorRecord | null {
  if (!value) return null;
  const m = RECORD_PATTERN.exec(value);
  if (!m || m[1]!.length > MAX_ID_LENGTH) return null;
  const [firstTime, t2, lastTime, count] = [m[2]!, m[3]!, m[4]!, m[5]!].map(positive);
  if (firstTime === null || t2 === null || lastTime === null || count === null) return null;
  return { id: m[1]!, firstTime: firstTime!, t2: t2!, lastTime: lastTime!, count: count! };
}

export function formatVisitorRecord(record: VisitorRecord): string {
  return [record.id, record.firstTime, record.t2, record.lastTime, record.count].join('|');
}

/** A time cookie's value, or null when it is missing or not valid. */
export function parseVisitorTime(value: string | null | undefined): number | null {
  if (!value || !TIME_PATTERN.test(value)) return null;
  return positive(value);
}

/** Whether a visitor id cookie may seed a record: the record's own id rule. */
export function isValidVisitorId(value: string | null | undefined): value is string {
  return !!value && value.length <= MAX_ID_LENGTH && ID_PATTERN.test(value);
}

export interface VisitInput {
  record: VisitorRecord | null;
  time: number | null;
  /** the visitor id cookie, if any (validated here) */
  seedId?: string | null | undefined;
  now: number;
  /** a fresh id when neither a record nor a valid seed exists */
  newId: () => string;
}

export interface Visit {
  record: VisitorRecord;
  newVisitor: boolean;
  /** a new record, or a record whose time cookie had expired */
  newSession: boolean;
}

/**
 * §4 Visitor session: with a record but no time cookie the session has expired, so the count goes up and lastTime
 * moves to now; with no record a new one starts with count 1. A live session keeps its record as it is.
 */
export function visit({ record, time, seedId, now, newId }: VisitInput): Visit {
  if (record && time !== null) return { record, newVisitor: false, newSession: false };
  if (record) return { record: { ...record, count: record.count + 1, lastTime: now }, newVisitor: false, newSession: true };
  const id = isValidVisitorId(seedId) ? seedId : newId();
  return { record: { id, firstTime: now, t2: now, lastTime: now, count: 1 }, newVisitor: true, newSession: true };
}

/** §6: with the restrictive cookie policy on and no consent cookie, no visitor cookie is set or read. */
export function isNoCookieMode(restrictivePolicy: boolean, consent: string | null | undefined): boolean {
  return restrictivePolicy && !consent;
}
