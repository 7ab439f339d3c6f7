// The KV records that publish a snapshot at a host: the records of its version (split.ts), then the host's pointer.
// A publish is atomic for visitors: every record is written before the pointer that names them, and the version the
// pointer named before keeps serving until then. publish:site (scripts/publish-lib.ts) and the tests publish through this.
// Then the owners of the site's donation pages (`donate:{donatePageId}`), which §2's secure host reads.
import {
  checkDonateOwner,
  checkPointer,
  donateKey,
  hostKey,
  isLegacyPointer,
  KV_KEY_MAX_BYTES,
  KV_VALUE_MAX_BYTES,
  normaliseHost,
  SNAPSHOT_KEY_PREFIX,
  type HostPointer,
  type LegacyPointer,
  type DonateOwner,
  type ManifestRecord,
  type SiteRecord,
} from './records.ts';
import type { SiteSnapshot } from './schema.ts';
import { splitSnapshot, type SplitTraits } from './split.ts';

export { HOST_KEY_PREFIX, hostKey, normaliseHost, SNAPSHOT_KEY_PREFIX, type HostPointer } from './records.ts';
export type { SplitTraits } from './split.ts';

export interface KvRecord {
  key: string;
  value: string;
}

export interface Published {
  host: string;
  /** the published version (the snapshot's, with a hash of its content) */
  version: string;
  /** every record of the version (the site record first, the manifest last), then the host's pointer */
  records: KvRecord[];
  pointer: HostPointer;
  /**
   * the owner record of each donation page the site offers (`donate:{donatePageId}` → identifier and host), written
   * after the pointer: §2's secure host sends donation links there
   */
  donations: KvRecord[];
}

/**
 * The records that publish a snapshot checked by validateSnapshot (worker/hosting/validate.ts) at a host, by default
 * `{identifier}.localhost`: the site record (in the current format, with its formatVersion), every other record of the
 * version, its manifest, and the host pointer last; and apart, the owner records of its donation pages, for the
 * publisher to check (donationConflicts) and write after the pointer.
 */
export async function validatedRecords(
  validated: { snapshot: SiteSnapshot; document: unknown },
  traits: SplitTraits,
  hostname?: string,
  now = new Date(),
): Promise<Published> {
  const { snapshot } = validated;
  const host = hostname ?? `${snapshot.website.identifier}.localhost`;
  const split = await splitSnapshot(snapshot, JSON.stringify(validated.document), traits, now);
  const pointer: HostPointer = { ...split.pointer, publishedAt: now.toISOString() };
  const rest = [...split.records].filter(([key]) => key !== split.siteKey && key !== split.manifestKey);
  const siteJson = split.records.get(split.siteKey)!;
  const owner = JSON.stringify({ identifier: snapshot.website.identifier, host: normaliseHost(host) } satisfies DonateOwner);
  const donatePageIds = (JSON.parse(siteJson) as SiteRecord).donationPages.map((p) => p.donatePageId);
  return {
    host,
    version: split.version,
    pointer,
    donations: donatePageIds.map((id) => ({ key: donateKey(id), value: owner })),
    records: [
      { key: split.siteKey, value: siteJson },
      ...rest.map(([key, value]) => ({ key, value })),
      { key: split.manifestKey, value: split.records.get(split.manifestKey)! },
      { key: hostKey(host), value: JSON.stringify(pointer) },
    ],
  };
}

/** A donation page id a publish would take from another site that still offers it. */
export interface DonationConflict {
  donatePageId: string;
  owner: DonateOwner;
}

/**
 * The donation pages of a publish that another site offers now: its owner record names another site, whose host still
 * serves that site, whose version there still has the page (read from its pointer and site record). A donatePageId is
 * one address on the secure host, so it can send visitors to one site only. An owner record naming a site unpublished
 * since, republished elsewhere or without that page any more is no conflict: the publish takes the id over.
 */
export async function donationConflicts(
  donations: readonly KvRecord[],
  identifier: string,
  read: (key: string) => Promise<string | null> | string | null,
): Promise<DonationConflict[]> {
  const conflicts: DonationConflict[] = [];
  for (const { key } of donations) {
    const owner = checkDonateOwner(parseJson(await read(key)));
    if (!owner || owner.identifier === identifier) continue;
    const donatePageId = key.slice(donateKey('').length);
    const checked = checkPointer(parseJson(await read(hostKey(owner.host))));
    if (!checked.ok || checked.pointer.identifier !== owner.identifier) continue;
    // a site stored whole, before records, would have to be parsed whole to tell: it keeps its pages
    if (isLegacyPointer(checked.pointer)) {
      conflicts.push({ donatePageId, owner });
      continue;
    }
    const site = parseJson(await read(checked.pointer.site)) as Partial<SiteRecord> | undefined;
    if (site?.donationPages?.some((p) => p.donatePageId === donatePageId)) conflicts.push({ donatePageId, owner });
  }
  return conflicts;
}

/** What a publish refused for a conflict says: the id, and the site that offers it. */
export function donationConflictError({ donatePageId, owner }: DonationConflict): string {
  return (
    `donatePageId '${donatePageId}' is offered by the site ${owner.identifier} (published at ${owner.host}): a donation page id ` +
    `is one link on the secure host (secure.{app domain}/commerce/donate?donatePageId=…) and belongs to one site`
  );
}

function parseJson(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A record KV would refuse: its key and why (a value over 25 MiB, a key over 512 bytes). */
export interface Oversize {
  key: string;
  bytes: number;
  what: 'value' | 'key';
}

const encoder = new TextEncoder();

/** The records of a publish that KV would not accept, largest first. */
export function oversizeRecords(records: readonly KvRecord[], maxValueBytes = KV_VALUE_MAX_BYTES): Oversize[] {
  const found: Oversize[] = [];
  for (const { key, value } of records) {
    const keyBytes = encoder.encode(key).length;
    if (keyBytes > KV_KEY_MAX_BYTES) found.push({ key, bytes: keyBytes, what: 'key' });
    // a UTF-8 byte is at most three per UTF-16 unit: only a long value needs counting
    if (value.length * 3 > maxValueBytes) {
      const bytes = encoder.encode(value).length;
      if (bytes > maxValueBytes) found.push({ key, bytes, what: 'value' });
    }
  }
  return found.sort((a, b) => b.bytes - a.bytes);
}

/**
 * What a republish has to write, given what the version served now already has in KV (its manifest's keys): every
 * record is named by its content, so one the current version has is there with the same content. The pointer always.
 */
export function recordsToWrite(records: readonly KvRecord[], present: ReadonlySet<string>): KvRecord[] {
  return records.filter(({ key }) => !present.has(key));
}

/** The keys a manifest record names, from its JSON; an empty set for anything else. */
export function manifestKeys(json: string | null): Set<string> {
  if (!json) return new Set();
  try {
    const manifest = JSON.parse(json) as ManifestRecord;
    return manifest.kind === 'manifest' && Array.isArray(manifest.keys) ? new Set(manifest.keys) : new Set();
  } catch {
    return new Set();
  }
}

/** UTF-8 bytes of records' values. */
export function recordBytes(records: readonly KvRecord[]): number {
  let total = 0;
  for (const { value } of records) total += encoder.encode(value).length;
  return total;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The two records a site was published as before records existed: the whole snapshot, as given, under
 * `snapshot:{identifier}:{version}+{hash}`, and a pointer naming it. The Worker still reads such a site (validating and
 * upgrading the snapshot as it reads it, then splitting it in memory); the tests write it to read a site "as it was
 * stored", and to store what publish:site would refuse.
 */
export async function storedSnapshotRecords(
  snapshotJson: string,
  meta: { version: string; identifier: string; title: string },
  hostname: string,
  now = new Date(),
): Promise<KvRecord[]> {
  const hash = (await sha256Hex(snapshotJson)).slice(0, 12);
  const version = `${meta.version}+${hash}`;
  const snapshotKey = `${SNAPSHOT_KEY_PREFIX}${meta.identifier}:${version}`;
  const pointer: LegacyPointer = { snapshotKey, version, identifier: meta.identifier, title: meta.title, publishedAt: now.toISOString() };
  return [
    { key: snapshotKey, value: snapshotJson },
    { key: hostKey(hostname), value: JSON.stringify(pointer) },
  ];
}
