// Test support: publish snapshots into the real KV binding and fetch pages through the real Worker.
import { env, SELF } from 'cloudflare:test';
import { publishRecords } from '../../shared/snapshot/publish.ts';

/** Publishes a snapshot (valid or not: it is written as given) at a host, as `npm run publish:site` does. */
export async function publish(snapshot: unknown, host: string): Promise<void> {
  const json = typeof snapshot === 'string' ? snapshot : JSON.stringify(snapshot);
  const meta = (typeof snapshot === 'object' && snapshot !== null ? snapshot : {}) as {
    version?: string;
    website?: { identifier?: string; title?: string };
  };
  const records = await publishRecords(
    json,
    { version: meta.version ?? 'v', identifier: meta.website?.identifier ?? host.split('.')[0]!, title: meta.website?.title ?? host },
    host,
  );
  for (const r of records) await env.SITES.put(r.key, r.value);
}

/** Requests a path on a host through the Worker. */
export function visit(host: string, path: string, init: RequestInit = {}): Promise<Response> {
  return SELF.fetch(`http://${host}${path}`, { redirect: 'manual', ...init });
}
