// The snapshot format: its version (`formatVersion`, written by publish:site into every snapshot it stores) and the
// upgrades that bring a snapshot of an earlier format to the current one, applied before validation at publish and when
// the Worker reads a stored snapshot. docs/site-snapshot.md tells the history; fixtures/snapshots/ holds real snapshots
// of every earlier format, and test/snapshot-corpus.test.ts publishes and renders each one.
//
// An upgrade reads the format as it was, so it must not use the current schema: what it knows about its format is
// written here, frozen, even where the schema of the day says the same.
import { formatPath } from './common.ts';
import type { Violation } from './validate.ts';

/** The format this runtime reads and publish:site writes. A snapshot without `formatVersion` is of format 1. */
export const SNAPSHOT_FORMAT = 3;

/** The form a newsletter block or popup overlay of format 1 (which named no form) signs up to: the site's newsletter list. */
export const NEWSLETTER_LIST_FORM_ID = 'newsletter-list';

type JsonObject = Record<string, unknown>;

export interface FormatUpgrade {
  /** the format it reads; it writes the next one */
  readonly from: number;
  /** The snapshot in the next format: the same object when nothing had to change, else a changed copy and a line per change. */
  upgrade(snapshot: JsonObject): { snapshot: JsonObject; changes: string[] };
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const entries = (value: unknown): [number, unknown][] => (Array.isArray(value) ? [...value.entries()] : []);

/** Every block of a snapshot as stored (pages, collection headers, item bodies) with the path that leads to it. */
function* blocksOf(s: JsonObject): Generator<[path: PropertyKey[], block: JsonObject]> {
  const inLayout = function* (path: PropertyKey[], layout: unknown): Generator<[PropertyKey[], JsonObject]> {
    if (!isObject(layout)) return;
    for (const [b, block] of entries(layout.blocks)) if (isObject(block)) yield [[...path, 'blocks', b], block];
  };
  for (const [i, page] of entries(s.pages)) if (isObject(page)) yield* inLayout(['pages', i, 'layout'], page.layout);
  for (const [i, c] of entries(s.collections)) {
    if (!isObject(c)) continue;
    yield* inLayout(['collections', i, 'headerLayout'], c.headerLayout);
    for (const [j, item] of entries(c.items)) if (isObject(item)) yield* inLayout(['collections', i, 'items', j, 'body'], item.body);
  }
}

/** Format 1's newsletter block (code 51): no form; `collectNames` asked for a name beside the email address. */
const NEWSLETTER_BLOCK = 51;
const formlessNewsletter = (block: JsonObject): block is JsonObject & { data: JsonObject } =>
  block.type === NEWSLETTER_BLOCK && isObject(block.data) && block.data.formId === undefined;
const formlessPopup = (popup: unknown): popup is JsonObject => isObject(popup) && popup.style !== 'NONE' && popup.formId === undefined;

/**
 * Format 1 → 2 (commit abb1e13, 2026-11-24): newsletter blocks and the popup overlay submit to a form of the snapshot
 * (`data.formId`, `popupOverlaySettings.formId`). Those that named none sign up to the site's newsletter list: the form
 * NEWSLETTER_LIST_FORM_ID (or, when the snapshot has a form of that id already, the first free of `-2`, `-3`, …),
 * added with an email field, and a name field when a newsletter block had `collectNames`.
 */
const formsForSignups: FormatUpgrade = {
  from: 1,
  upgrade(input) {
    const needed =
      [...blocksOf(input)].some(([, block]) => formlessNewsletter(block)) || formlessPopup(pick(input, 'settings').popupOverlaySettings);
    if (!needed) return { snapshot: input, changes: [] };
    const s = structuredClone(input);
    const forms = Array.isArray(s.forms) ? (s.forms as unknown[]) : undefined;
    const taken = new Set(forms?.flatMap((f) => (isObject(f) && typeof f.id === 'string' ? [f.id] : [])));
    let listId = NEWSLETTER_LIST_FORM_ID;
    for (let n = 2; taken.has(listId); n++) listId = `${NEWSLETTER_LIST_FORM_ID}-${n}`;
    const changes: string[] = [];
    let collectNames = false;
    for (const [path, block] of blocksOf(s)) {
      if (!formlessNewsletter(block)) continue;
      collectNames ||= block.data.collectNames === true;
      delete block.data.collectNames;
      block.data.formId = listId;
      changes.push(`${formatPath([...path, 'data', 'formId'])}: signs up to the site's newsletter list, form '${listId}'`);
    }
    const settings = pick(s, 'settings');
    if (formlessPopup(settings.popupOverlaySettings)) {
      settings.popupOverlaySettings.formId = listId;
      changes.push(`settings.popupOverlaySettings.formId: signs up to the site's newsletter list, form '${listId}'`);
    }
    if (forms) {
      const email = { id: 'email', type: 'email', rawTitle: 'Email Address', title: 'Email Address', required: true };
      const name = { id: 'name', type: 'name', rawTitle: 'Name', title: 'Name' };
      forms.push({ id: listId, name: 'Newsletter', submitButtonText: 'Sign Up', fields: collectNames ? [name, email] : [email] });
      changes.push(
        `forms[${forms.length - 1}]: the site's newsletter list '${listId}' (${collectNames ? 'name and email' : 'email'}), added`,
      );
    }
    return { snapshot: s, changes };
  },
};

/** What format 3 allows as a comment service shortname (frozen here: see the top of this file). */
const FORMAT_3_SHORTNAME = /^[a-z0-9][a-z0-9-]{0,62}$/i;

/**
 * Format 2 → 3 (commit f202b40, 2026-11-24): the comment service's shortname names a host of the service, which the
 * page's Content-Security-Policy and the comment-count script use, so it is letters, digits and dashes (any string up to
 * 100 characters before). One that is not cannot name the service's host: it is removed, and the site's comment links
 * go to its own comments, as for a site without the service.
 */
const shortnameAsHost: FormatUpgrade = {
  from: 2,
  upgrade(input) {
    const shortname = pick(input, 'settings').commentServiceShortname;
    if (typeof shortname !== 'string' || FORMAT_3_SHORTNAME.test(shortname)) return { snapshot: input, changes: [] };
    const s = structuredClone(input);
    delete pick(s, 'settings').commentServiceShortname;
    const why = 'is not a comment service shortname (letters, digits and dashes); removed, so comment links go to the site’s own comments';
    return { snapshot: s, changes: [`settings.commentServiceShortname: ${JSON.stringify(shortname)} ${why}`] };
  },
};

/** A property of the snapshot that holds an object, or an empty one to read from. */
function pick(s: JsonObject, key: string): JsonObject {
  const value = s[key];
  return isObject(value) ? value : {};
}

/** Every upgrade in order: UPGRADES[n - 1] reads format n and writes format n + 1. */
export const UPGRADES: readonly FormatUpgrade[] = [formsForSignups, shortnameAsHost];

export type UpgradeResult =
  | {
      ok: true;
      /** the snapshot in the current format, with `formatVersion` (the input itself is never changed) */
      snapshot: unknown;
      /** the format it was in */
      from: number;
      /** what the upgrades changed, a `path: change` line each; empty when the snapshot fit the current format as it was */
      changes: string[];
    }
  | { ok: false; violations: Violation[] };

/**
 * Brings a snapshot (parsed JSON) to the current format. A snapshot without `formatVersion` is of format 1; one of a
 * format newer than this runtime reads is refused, since nothing here knows what it means. Anything that is not an
 * object is handed on as it is, for the schema to report.
 */
export function upgradeSnapshot(input: unknown): UpgradeResult {
  if (!isObject(input)) return { ok: true, snapshot: input, from: SNAPSHOT_FORMAT, changes: [] };
  const declared = input.formatVersion;
  const from = declared === undefined ? 1 : declared;
  if (typeof from !== 'number' || !Number.isInteger(from) || from < 1) {
    const message = `expected a whole number from 1 to ${SNAPSHOT_FORMAT} (the snapshot format), or none for format 1`;
    return { ok: false, violations: [{ path: 'formatVersion', message }] };
  }
  if (from > SNAPSHOT_FORMAT) {
    const message =
      `format ${from} is newer than this runtime reads (formats 1 to ${SNAPSHOT_FORMAT}); ` +
      `deploy the runtime that reads format ${from} before publishing this snapshot`;
    return { ok: false, violations: [{ path: 'formatVersion', message }] };
  }
  let snapshot = input;
  const changes: string[] = [];
  for (const step of UPGRADES.slice(from - 1)) {
    const next = step.upgrade(snapshot);
    snapshot = next.snapshot;
    changes.push(...next.changes);
  }
  if (declared === SNAPSHOT_FORMAT) return { ok: true, snapshot, from, changes };
  const { formatVersion: _, ...rest } = snapshot;
  return { ok: true, snapshot: { formatVersion: SNAPSHOT_FORMAT, ...rest }, from, changes };
}
