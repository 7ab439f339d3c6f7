// How a published snapshot is laid out in Workers KV: a small pointer per host and one immutable record per version.
import type { SiteSnapshot } from './schema.ts';

export const HOST_KEY_PREFIX = 'host:';
export const SNAPSHOT_KEY_PREFIX = 'snapshot:';

/** What `host:{hostname}` holds: which snapshot record serves that host. */
export interface HostPointer {
  snapshotKey: string;
  /** the snapshot's version plus a content hash, so that any republish changes it */
  version: string;
  identifier: string;
  title: string;
  publishedAt: string;
}

export function hostKey(hostname: string): string {
  return HOST_KEY_PREFIX + normaliseHost(hostname);
}

/** Host names compare without port, trailing dot or case. */
export function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The KV records that publish a validated snapshot (given as its JSON text) at a host. */
export async function publishRecords(
  snapshotJson: string,
  meta: { version: string; identifier: string; title: string },
  hostname: string,
  now = new Date(),
): Promise<{ key: string; value: string }[]> {
  const hash = (await sha256Hex(snapshotJson)).slice(0, 12);
  const version = `${meta.version}+${hash}`;
  const snapshotKey = `${SNAPSHOT_KEY_PREFIX}${meta.identifier}:${version}`;
  const pointer: HostPointer = { snapshotKey, version, identifier: meta.identifier, title: meta.title, publishedAt: now.toISOString() };
  return [
    { key: snapshotKey, value: snapshotJson },
    { key: hostKey(hostname), value: JSON.stringify(pointer) },
  ];
}

/**
 * The KV records that publish a snapshot checked by validateSnapshot (worker/hosting/validate.ts) at a host, by default
 * `{identifier}.localhost`: the record holds the snapshot as validated, in the current format with its formatVersion,
 * so the Worker reads it without upgrading it again. publish:site (scripts/publish-lib.ts) publishes through this.
 */
export async function validatedRecords(
  validated: { snapshot: Pick<SiteSnapshot, 'version' | 'website'>; document: unknown },
  hostname?: string,
  now = new Date(),
): Promise<{ host: string; records: { key: string; value: string }[] }> {
  const { version, website } = validated.snapshot;
  const host = hostname ?? `${website.identifier}.localhost`;
  const meta = { version, identifier: website.identifier, title: website.title };
  return { host, records: await publishRecords(JSON.stringify(validated.document), meta, host, now) };
}
