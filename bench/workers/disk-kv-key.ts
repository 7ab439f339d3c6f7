// The file a KV record lies in for the scale table's disk KV (bench/workers/disk-kv.ts), written by
// bench/lib/scale-publish.ts: its key with every character outside [A-Za-z0-9._-] escaped.
export function fileOfKey(key: string): string {
  return key.replace(/[^A-Za-z0-9._-]/g, (c) => `=${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
